/** Forms: their fields, filters of both methods, sort fields, and how wfd shows them. */
import { defineResource, field } from './define.js';
import { anyObject, array, boolean, integer, named, nullable, object, string } from './schema.js';
import { DateTime, Email, Owner, Slug, Uuid, WorkspaceRef } from './shared.js';
import type { FilterFlag } from './types.js';
import { Webhooks } from './webhook-events.js';

/** The form flags filterable as booleans, each with a `--no-` form. */
const FLAGS: readonly FilterFlag[] = (['archived', 'active', 'completed', 'processed'] as const).map(
  (flag): FilterFlag => ({
    flag,
    kind: 'boolean',
    param: flag,
    help: `only ${flag} forms (--no-${flag}: only the others)`,
  }),
);

const NOT_SHOWN = { 'x-not-shown': true } as const;

/** What an attachment's metadata holds wherever it is shown. */
export const ATTACHMENT_PROPERTIES = {
  id: Uuid,
  filename: string(),
  content_type: string(),
  size: integer({ minimum: 0, description: 'bytes' }),
} as const;

/** A file's metadata, as a response lists it. */
export const Attachment = named(
  'Attachment',
  object(ATTACHMENT_PROPERTIES, {
    required: ['id', 'filename', 'content_type', 'size'],
    description: "An attachment's fields: not shown in the contract; these are the sandbox's.",
    ...NOT_SHOWN,
  }),
);

/** Who signed. */
const Signer = object({ name: string(), email: Email }, { required: ['name', 'email'] });

/** A response to a form. */
export const Response = named(
  'Response',
  object(
    {
      id: Uuid,
      form: object({ id: Uuid }, { required: ['id'] }),
      created_at: DateTime,
      updated_at: DateTime,
      completed_at: nullable(DateTime),
      answers: anyObject({ description: "field name -> value, as the form template's steps name them" }),
      attachments: array(Attachment),
      signatures: array(
        object(
          { id: Uuid, signer: Signer, signed_at: DateTime },
          { required: ['id', 'signer', 'signed_at'] },
        ),
      ),
    },
    {
      required: [
        'id',
        'form',
        'created_at',
        'updated_at',
        'completed_at',
        'answers',
        'attachments',
        'signatures',
      ],
      description: "A response's fields: not shown in the contract; these are the sandbox's.",
      ...NOT_SHOWN,
    },
  ),
);

/** A signature's metadata. */
export const Signature = named(
  'Signature',
  object(
    {
      id: Uuid,
      form: object({ id: Uuid }, { required: ['id'] }),
      response: object({ id: Uuid }, { required: ['id'] }),
      signer: Signer,
      signed_at: DateTime,
      file: object(
        { filename: string(), content_type: string() },
        { required: ['filename', 'content_type'] },
      ),
    },
    {
      required: ['id', 'form', 'response', 'signer', 'signed_at', 'file'],
      description: "A signature's fields: not shown in the contract; these are the sandbox's.",
      ...NOT_SHOWN,
    },
  ),
);

/** A form's fields, as the API sends them. */
export const FORM_FIELDS = {
  id: field(Uuid, { filter: true }),
  created_at: field(DateTime, { filter: true, sort: true }),
  updated_at: field(DateTime, { filter: true, sort: true }),
  status: field(string({ description: 'updatable by PATCH' }), { filter: true, sort: true }),
  archived: field(boolean(), { filter: true }),
  active: field(boolean(), { filter: true }),
  completed: field(boolean(), { filter: true }),
  processed: field(boolean(), { filter: true }),
  flow: field(
    object(
      { slug: Slug, customization: nullable(Uuid) },
      { required: ['slug', 'customization'], description: 'the form template (slug) and its customization' },
    ),
  ),
  user: field(
    object(
      {
        given_name: nullable(string()),
        family_name: nullable(string()),
        email: Email,
        phone: nullable(string()),
      },
      {
        required: ['given_name', 'family_name', 'email', 'phone'],
        description: 'the person the form is sent to',
      },
    ),
    // "Further fields depending on the form template": these, in the sandbox.
    { sort: ['given_name', 'family_name', 'email'] },
  ),
  owner: field(Owner, { filter: ['id', 'email'] }),
  workspace: field(WorkspaceRef),
  webhooks: field(Webhooks),
  responses: field(array(Response), { detail: true }),
} as const;

export const FORMS = defineResource({
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
  fieldDefs: FORM_FIELDS,
  key: 'id',
  // Filters and sorts may name "further fields depending on the form template": a server may
  // know more than these, so wfd lets them pass (the sandbox refuses them).
  openFields: true,
  openSort: true,
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
});
