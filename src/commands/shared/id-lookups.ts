/** How each kind of record is found by an id prefix or a reference (see resolve-id.ts). */
import { listCases, listCaseTemplates } from '../../api/cases.js';
import { listForms } from '../../api/forms.js';
import type { Case, CaseTemplate, Form } from '../../api/schemas.js';
import type { IdLookup } from './resolve-id.js';

function words(...parts: unknown[]): string {
  return parts.filter((part) => typeof part === 'string' && part !== '').join('  ');
}

export const CASE_LOOKUP: IdLookup<Case> = {
  noun: 'case',
  list: listCases,
  byReference: true,
  listHint: 'run `wfd cases list` to see case references and `-o plain` for full ids',
  describe: (record) => words(record.reference, record.title),
};

export const CASE_TEMPLATE_LOOKUP: IdLookup<CaseTemplate> = {
  noun: 'case template',
  list: listCaseTemplates,
  byReference: true,
  listHint: 'run `wfd case-templates list -o plain` to see template ids',
  describe: (record) => words(record.reference, record.title),
};

export const FORM_LOOKUP: IdLookup<Form> = {
  noun: 'form',
  list: listForms,
  byReference: false,
  listHint: 'run `wfd forms list -o plain` to see full form ids',
  describe: (record) => {
    const user = (record.user ?? {}) as Record<string, unknown>;
    const flow = (record.flow ?? {}) as Record<string, unknown>;
    return words(flow.slug, user.email);
  },
};
