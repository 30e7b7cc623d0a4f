/** Case templates (spec: "A case template is a case-like record", "Filtering" for /case_templates). */
import {
  archivedFilter,
  fieldNames,
  OWNER_FILTER,
  OWNER_RELATION,
  RECORD_TIMES,
  STRING,
  UUID,
  WORKSPACE_FILTER,
  WORKSPACE_RELATION,
} from './shared.js';
import type { RecordFields, ResourceDef } from './types.js';

/** A case template's top-level fields (spec: "A case template is a case-like record"). */
export const CASE_TEMPLATE_RECORD = {
  id: 'key',
  title: 'text',
  reference: 'text-or-null',
  archived_at: 'text-or-null',
  is_template: 'any',
  owner: 'any',
  workspace: 'any',
  created_at: 'text',
  updated_at: 'text',
} as const satisfies RecordFields;

export const CASE_TEMPLATES: ResourceDef<typeof CASE_TEMPLATE_RECORD> = {
  name: 'case_templates',
  noun: 'case templates',
  filters: [
    { flag: 'title', value: 'text', kind: 'text', param: 'title', help: 'title contains this text' },
    { flag: 'reference', value: 'ref', kind: 'text', param: 'reference', help: 'reference number' },
    archivedFilter('templates'),
    OWNER_FILTER,
    WORKSPACE_FILTER,
  ],
  filterable: true,
  attributes: { id: UUID, title: STRING, reference: STRING, ...RECORD_TIMES },
  relations: { owner: OWNER_RELATION, workspace: WORKSPACE_RELATION },
  openFields: false,
  sortable: ['created_at', 'updated_at', 'title', 'reference', 'archived_at'],
  openSort: false,
  record: CASE_TEMPLATE_RECORD,
  fields: fieldNames(CASE_TEMPLATE_RECORD, { owner: OWNER_RELATION, workspace: WORKSPACE_RELATION }),
  columns: [
    { field: 'id', kind: 'short-id' },
    { field: 'title' },
    { field: 'reference' },
    { field: 'owner.email', header: 'OWNER' },
    { field: 'updated_at', header: 'UPDATED', kind: 'time' },
  ],
};
