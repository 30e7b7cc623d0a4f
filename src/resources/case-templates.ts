/** Case templates (spec: "A case template is a case-like record", "Filtering" for /case_templates). */
import {
  archivedFilter,
  OWNER_FILTER,
  OWNER_RELATION,
  RECORD_TIMES,
  STRING,
  UUID,
  WORKSPACE_FILTER,
  WORKSPACE_RELATION,
} from './shared.js';
import type { ResourceDef } from './types.js';

export const CASE_TEMPLATES: ResourceDef = {
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
  fields: [
    'id',
    'title',
    'reference',
    'archived_at',
    'is_template',
    'owner',
    'workspace',
    'created_at',
    'updated_at',
  ],
  columns: [
    { field: 'id', kind: 'short-id' },
    { field: 'title' },
    { field: 'reference' },
    { field: 'owner.email', header: 'OWNER' },
    { field: 'updated_at', header: 'UPDATED', kind: 'time' },
  ],
};
