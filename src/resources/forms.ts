/** Forms (spec: "Form", "Filtering" for /forms, "Sorting"). */
import { BOOLEAN, DATE, EMAIL, fieldNames, STRING, UUID } from './shared.js';
import type { FilterFlag, RecordFields, ResourceDef } from './types.js';

/** The form flags filterable as booleans, each with a `--no-` form. */
const FLAGS: readonly FilterFlag[] = (['archived', 'active', 'completed', 'processed'] as const).map(
  (flag): FilterFlag => ({
    flag,
    kind: 'boolean',
    param: flag,
    help: `only ${flag} forms (--no-${flag}: only the others)`,
  }),
);

/** A form's top-level fields (spec: "Form"). */
export const FORM_RECORD = {
  id: 'key',
  created_at: 'text',
  updated_at: 'text',
  status: 'text-or-null',
  archived: 'flag',
  active: 'flag',
  completed: 'flag',
  processed: 'flag',
  flow: 'object',
  user: 'object',
  owner: 'relation',
  workspace: 'any',
  responses: 'objects',
  // Checked by the webhooks commands, which rewrite it; reading a form must not fail on it.
  webhooks: 'any',
} as const satisfies RecordFields;

export const FORMS: ResourceDef<typeof FORM_RECORD> = {
  name: 'forms',
  noun: 'forms',
  filters: [
    {
      flag: 'workspace',
      value: 'slug',
      kind: 'slug',
      param: 'workspace[slug]',
      help: 'workspace slug (forms filter by slug only)',
    },
    {
      flag: 'flow',
      value: 'slug',
      kind: 'text',
      param: 'flow[slug]',
      arrayParam: 'flow[slug][]',
      help: 'form template slug (repeatable: any of them)',
    },
    {
      flag: 'customization',
      value: 'id',
      kind: 'uuid',
      param: 'flow[customization]',
      help: 'template customization id',
    },
    {
      flag: 'owner',
      value: 'email',
      kind: 'email',
      param: 'owner[email]',
      help: "owner's e-mail, or part of it (alice: any e-mail containing it)",
      probeAlone: 'an owner',
    },
    { flag: 'given-name', value: 'name', kind: 'text', param: 'user[given_name]', help: "user's given name" },
    {
      flag: 'family-name',
      value: 'name',
      kind: 'text',
      param: 'user[family_name]',
      help: "user's family name",
    },
    { flag: 'email', value: 'email', kind: 'email', param: 'user[email]', help: "user's e-mail" },
    { flag: 'phone', value: 'phone', kind: 'text', param: 'user[phone]', help: "user's phone number" },
    ...FLAGS,
  ],
  filterable: true,
  attributes: {
    id: UUID,
    created_at: DATE,
    updated_at: DATE,
    status: STRING,
    archived: BOOLEAN,
    active: BOOLEAN,
    completed: BOOLEAN,
    processed: BOOLEAN,
  },
  relations: { owner: { email: EMAIL } },
  // "further fields depending on the form template" (spec, Sorting): filters and sorts may name them.
  openFields: true,
  sortable: ['created_at', 'updated_at'],
  openSort: true,
  record: FORM_RECORD,
  // The parts of `flow` and `user` the spec names.
  fields: fieldNames(FORM_RECORD, {
    flow: ['slug', 'customization'],
    user: ['given_name', 'family_name', 'email', 'phone'],
    owner: ['email'],
  }),
  columns: [
    { field: 'id', kind: 'short-id' },
    { field: 'flow.slug', header: 'TEMPLATE' },
    { field: 'user.email', header: 'USER' },
    { field: 'status', kind: 'status' },
    { field: 'completed', kind: 'bool' },
    { field: 'created_at', header: 'CREATED', kind: 'time' },
  ],
  // A form has no reference a person quotes, so its id (what `forms get` takes) leads and stays;
  // the user by name, then what narrows a list by eye. On a narrow terminal COMPLETED goes first
  // (the status mostly says it), then the e-mail, which is never cut below a readable width
  // (`chloe…` said nothing).
  tableColumns: [
    { field: 'id', kind: 'short-id' },
    { field: 'user', kind: 'person', minWidth: 12 },
    { field: 'user.email', header: 'EMAIL', minWidth: 16, hidePriority: 5 },
    // What kind of form it is reads better than when it was made: at 80 columns the time goes
    // first, and the slug keeps a readable width (`custome…` said nothing).
    { field: 'flow.slug', header: 'TEMPLATE', minWidth: 19, hidePriority: 1 },
    { field: 'status', kind: 'status', hidePriority: 2 },
    { field: 'completed', kind: 'bool', hidePriority: 6 },
    { field: 'created_at', header: 'CREATED', kind: 'time', hidePriority: 3, followsSort: true },
  ],
  groupFields: [
    'status',
    'archived',
    'active',
    'completed',
    'processed',
    'flow.slug',
    'flow.customization',
    'owner.email',
  ],
};
