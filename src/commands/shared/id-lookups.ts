/** How each kind of record is found by an id prefix or a reference (see resolve-id.ts). */
import { listRequest, type RecordOf } from '../../api/list.js';
import type { Case, Form } from '../../api/schemas.js';
import { CASE_TEMPLATES } from '../../resources/case-templates.js';
import { CASES } from '../../resources/cases.js';
import { FORMS } from '../../resources/forms.js';
import type { IdLookup } from './resolve-id.js';

function words(...parts: unknown[]): string {
  return parts.filter((part) => typeof part === 'string' && part !== '').join('  ');
}

export const CASE_LOOKUP: IdLookup<Case> = {
  noun: 'case',
  list: (query) => listRequest(CASES, query),
  byReference: true,
  listHint: 'run `wfd cases list` to see case references and `-o plain` for full ids',
  describe: (record) => words(record.reference, record.title),
};

export const CASE_TEMPLATE_LOOKUP: IdLookup<RecordOf<typeof CASE_TEMPLATES.fieldDefs>> = {
  noun: 'case template',
  list: (query) => listRequest(CASE_TEMPLATES, query),
  byReference: true,
  listHint: 'run `wfd case-templates list -o plain` to see template ids',
  describe: (record) => words(record.reference, record.title),
};

export const FORM_LOOKUP: IdLookup<Form> = {
  noun: 'form',
  list: (query) => listRequest(FORMS, query),
  byReference: false,
  listHint: 'run `wfd forms list -o plain` to see full form ids',
  describe: (record) => {
    const user = (record.user ?? {}) as Record<string, unknown>;
    const flow = (record.flow ?? {}) as Record<string, unknown>;
    return words(flow.slug, user.email);
  },
};
