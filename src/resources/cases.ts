/** Cases (spec: "Case", "Filtering" for /cases, "Sorting"). */
import {
  archivedFilter,
  EMAIL,
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

/**
 * Values of a case's `parent_status`, in the order a case moves through them, each with the
 * colour a table shows it in (a chalk colour: from not begun, gray, to done, green).
 */
export const PARENT_STATUS_COLORS = {
  draft: 'gray',
  pending: 'yellow',
  in_progress: 'cyan',
  closed: 'green',
} as const;
export type ParentStatus = keyof typeof PARENT_STATUS_COLORS;
/** Values of a case's `parent_status`. */
export const PARENT_STATUSES = Object.keys(PARENT_STATUS_COLORS) as readonly ParentStatus[];
/** Values of a case's `waiting_for`. */
export const WAITING_FOR = ['none', 'owner', 'contact'] as const;

/** A case's top-level fields (spec: "Case"), as the API sends them. */
export const CASE_RECORD = {
  id: 'key',
  title: 'text',
  status: 'text-or-null',
  parent_status: 'text-or-null',
  waiting_for: 'text-or-null',
  reference: 'text-or-null',
  archived_at: 'text-or-null',
  created_at: 'text',
  updated_at: 'text',
  is_template: 'any',
  template: 'relation',
  owner: 'relation',
  workspace: 'relation',
  contact: 'object',
  data: 'any',
  steps: 'objects',
  schema: 'any',
} as const satisfies RecordFields;

const CASE_RELATIONS = {
  template: { id: UUID },
  owner: OWNER_RELATION,
  workspace: WORKSPACE_RELATION,
  contact: { given_name: STRING, family_name: STRING, email: EMAIL },
};

export const CASES: ResourceDef<typeof CASE_RECORD> = {
  name: 'cases',
  noun: 'cases',
  filters: [
    { flag: 'template', value: 'id', kind: 'uuid', param: 'template[id]', help: 'case template id' },
    {
      flag: 'status',
      value: 'status',
      kind: 'text',
      param: 'status',
      help: 'custom status value',
      complete: 'statuses',
      valuesOf: { flag: 'parent-status', values: PARENT_STATUSES },
    },
    {
      flag: 'parent-status',
      value: 'status',
      kind: 'enum',
      param: 'parent_status',
      values: PARENT_STATUSES,
      help: 'stage of the case',
    },
    archivedFilter('cases'),
    {
      flag: 'waiting-for',
      value: 'who',
      kind: 'enum',
      param: 'waiting_for',
      values: WAITING_FOR,
      help: 'who the case waits for',
    },
    { flag: 'reference', value: 'ref', kind: 'text', param: 'reference', help: 'reference number' },
    OWNER_FILTER,
    WORKSPACE_FILTER,
    {
      flag: 'contact-given-name',
      value: 'name',
      kind: 'text',
      param: 'contact[given_name]',
      help: "contact's given name (exact)",
    },
    {
      flag: 'contact-family-name',
      value: 'name',
      kind: 'text',
      param: 'contact[family_name]',
      help: "contact's family name (exact)",
    },
    {
      flag: 'contact-email',
      value: 'email',
      kind: 'email',
      param: 'contact[email]',
      help: "contact's e-mail (exact)",
    },
    {
      flag: 'contact',
      value: 'text',
      kind: 'text',
      param: 'contact[search]',
      help: 'free-text search over the contact (partial, accent-insensitive)',
    },
  ],
  filterable: true,
  attributes: {
    id: UUID,
    title: STRING,
    status: STRING,
    parent_status: { type: 'enum', values: PARENT_STATUSES },
    waiting_for: { type: 'enum', values: WAITING_FOR },
    reference: STRING,
    ...RECORD_TIMES,
  },
  relations: CASE_RELATIONS,
  openFields: false,
  sortable: [
    'created_at',
    'updated_at',
    'title',
    'status',
    'parent_status',
    'waiting_for',
    'reference',
    'archived_at',
  ],
  openSort: false,
  record: CASE_RECORD,
  fields: fieldNames(CASE_RECORD, CASE_RELATIONS),
  columns: [
    { field: 'id', kind: 'id' },
    { field: 'title' },
    { field: 'parent_status', kind: 'status' },
    { field: 'status' },
    { field: 'waiting_for' },
    { field: 'contact.family_name' },
    { field: 'updated_at', kind: 'time' },
    // Last, so that scripts cutting the columns before it keep working.
    { field: 'reference' },
  ],
  // The reference a person quotes, a title kept readable before other columns take the space,
  // headers named as the flags, the time the list is sorted by. Whose case it is and in what
  // state come next (an admin's first questions): at 80 columns the status, coloured by its
  // stage, and the owner stay; the contact (the title often names it) and the stage column go
  // first, then the others by `hidePriority`.
  tableColumns: [
    { field: 'reference', kind: 'id' },
    { field: 'title', minWidth: 24 },
    { field: 'contact', kind: 'person', minWidth: 12, hidePriority: 5 },
    { field: 'parent_status', kind: 'status', hidePriority: 4 },
    { field: 'status', paintBy: 'parent_status', hidePriority: 2 },
    { field: 'waiting_for', hidePriority: 6 },
    { field: 'owner.email', header: 'OWNER', minWidth: 12, hidePriority: 3, hideWhenEmpty: true },
    { field: 'updated_at', header: 'UPDATED', kind: 'time', hidePriority: 1, followsSort: true },
    { field: 'id', kind: 'id', hidePriority: 7 },
  ],
  // `cases count --group-by status` is how to learn a workspace's custom status values.
  groupFields: ['status', 'parent_status', 'waiting_for', 'archived', 'template.id', 'owner.email'],
};
