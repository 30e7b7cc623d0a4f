/** Cases: their fields, filters of both methods, sort fields, and how wfd shows them. */
import { defineResource, field, MAX_PATTERN_LENGTH } from './define.js';
import { anyObject, array, integer, literal, named, nullable, object, oneOf, string } from './schema.js';
import {
  archivedFilter,
  DateTime,
  Email,
  OWNER_FILTER,
  Owner,
  Text,
  Uuid,
  WORKSPACE_FILTER,
  WorkspaceRef,
} from './shared.js';

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
/** The states of a case's steps (the contract does not show them: the sandbox's). */
export const STEP_STATUSES = ['not_started', 'in_progress', 'completed'] as const;

/** A person a case is about. */
export const Contact = named(
  'Contact',
  object(
    { given_name: Text, family_name: Text, email: Email },
    { required: ['given_name', 'family_name', 'email'], description: 'Its fields beyond these: not shown.' },
  ),
);

/** One step of a case or a template. */
export const Step = named(
  'Step',
  object(
    { id: Uuid, title: string(), status: oneOf(STEP_STATUSES), position: integer({ minimum: 1 }) },
    {
      required: ['id', 'title', 'status', 'position'],
      description: "A step's fields and states: not shown in the contract; these are the sandbox's.",
      'x-not-shown': true,
    },
  ),
);

/** A template's data schema: a JSON Schema of the case data fields. */
export const DataSchema = anyObject({
  description: "The template's schema of data fields: its form is not shown in the contract.",
  'x-not-shown': true,
});

/** A case's data fields: their names and types come from its template. */
export const CaseData = anyObject({
  description: 'The data fields, as the template names them; their types: not shown.',
  'x-not-shown': true,
});

/** A case's fields, as the API sends them. */
export const CASE_FIELDS = {
  id: field(Uuid, { filter: true }),
  title: field(string(), { filter: true, sort: true }),
  status: field(string({ description: 'custom status value' }), { filter: true, sort: true }),
  parent_status: field(oneOf(PARENT_STATUSES), { filter: true, sort: true }),
  waiting_for: field(oneOf(WAITING_FOR), { filter: true, sort: true }),
  reference: field(string({ description: 'custom reference number' }), { filter: true, sort: true }),
  archived_at: field(nullable(DateTime), { filter: true, sort: true }),
  created_at: field(DateTime, { filter: true, sort: true }),
  updated_at: field(DateTime, { filter: true, sort: true }),
  is_template: field(literal(false)),
  template: field(object({ id: Uuid, title: string() }, { required: ['id'] }), { filter: ['id'] }),
  owner: field(Owner, { filter: ['id', 'email'] }),
  workspace: field(WorkspaceRef, { filter: ['id', 'slug'] }),
  contact: field(nullable(Contact), { filter: ['given_name', 'family_name', 'email'] }),
  data: field(CaseData),
  steps: field(array(Step), { detail: true }),
  schema: field(DataSchema, { detail: true }),
} as const;

export const CASES = defineResource({
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
      maxLength: MAX_PATTERN_LENGTH,
      help: 'free-text search over the contact (partial, accent-insensitive)',
    },
  ],
  filterable: true,
  fieldDefs: CASE_FIELDS,
  key: 'id',
  openFields: false,
  openSort: false,
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
});
