/** Case templates: case-like records with `is_template` true, listed and filtered; never archived. */
import { DataSchema, Step } from './cases.js';
import { defineResource, field, MAX_PATTERN_LENGTH } from './define.js';
import { array, literal, nullable, string } from './schema.js';
import {
  archivedFilter,
  DateTime,
  OWNER_FILTER,
  Owner,
  Uuid,
  WORKSPACE_FILTER,
  WorkspaceRef,
} from './shared.js';

/** A case template's fields: what a case has but its status, contact and data. */
export const CASE_TEMPLATE_FIELDS = {
  id: field(Uuid, { filter: true }),
  title: field(string(), { filter: true, sort: true }),
  reference: field(string(), { filter: true, sort: true }),
  archived_at: field(nullable(DateTime), { filter: true, sort: true }),
  is_template: field(literal(true)),
  owner: field(Owner, { filter: ['id', 'email'] }),
  workspace: field(WorkspaceRef, { filter: ['id', 'slug'] }),
  created_at: field(DateTime, { filter: true, sort: true }),
  updated_at: field(DateTime, { filter: true, sort: true }),
  steps: field(array(Step), { detail: true }),
  schema: field(DataSchema, { detail: true }),
} as const;

export const CASE_TEMPLATES = defineResource({
  name: 'case_templates',
  noun: 'case templates',
  filters: [
    {
      flag: 'title',
      value: 'text',
      kind: 'text',
      param: 'title',
      maxLength: MAX_PATTERN_LENGTH,
      help: 'title contains this text',
    },
    { flag: 'reference', value: 'ref', kind: 'text', param: 'reference', help: 'reference number' },
    archivedFilter('templates'),
    OWNER_FILTER,
    WORKSPACE_FILTER,
  ],
  filterable: true,
  fieldDefs: CASE_TEMPLATE_FIELDS,
  key: 'id',
  openFields: false,
  openSort: false,
  columns: [
    { field: 'id', kind: 'short-id' },
    { field: 'title' },
    { field: 'reference' },
    { field: 'owner.email', header: 'OWNER' },
    { field: 'updated_at', header: 'UPDATED', kind: 'time' },
  ],
});
