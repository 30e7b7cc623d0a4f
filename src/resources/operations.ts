/**
 * Every operation of the API, as data: its method and path, what it takes (path and query
 * parameters, a body), what it answers, the errors it may give, and the links a client follows
 * from its answer to the next operation. The OpenAPI document (src/openapi/) is built from this
 * table, and the sandbox serves exactly these routes.
 */

import { Count, envelope, OAuthError } from './answers.js';
import { MAX_MERGED, UploadBody, UploadedAttachment } from './attachments.js';
import { CASE_TEMPLATES } from './case-templates.js';
import { CASES } from './cases.js';
import { CreateJob, Job } from './document-intelligence.js';
import { FORM_TEMPLATES, FormTemplateOptions, FormTemplateSteps } from './form-templates.js';
import { FORMS, Response, Signature } from './forms.js';
import {
  anyObject,
  array,
  boolean,
  either,
  literal,
  map,
  object,
  oneOf,
  type Shape,
  string,
} from './schema.js';
import { Email, Text, Uuid, Workspace } from './shared.js';
import type { ResourceDef } from './types.js';
import { Webhooks } from './webhook-events.js';

/** A parameter of an operation. */
export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly shape: Shape;
  readonly description?: string;
  readonly required?: boolean;
  /** JSON, as a text (method 2's `filter`) */
  readonly json?: boolean;
  /** a list in one value, comma-separated (OpenAPI's `explode: false`), rather than repeated */
  readonly commas?: boolean;
}

/** One answer: its description and, by media type, the shape of its body. */
export interface Answer {
  readonly description: string;
  readonly content?: Readonly<Record<string, Shape>>;
  readonly headers?: readonly string[];
}

/**
 * A link from an answer to the operation a client may call next (OpenAPI's links): each
 * parameter, or the body's fields, as a runtime expression such as `$response.body#/id`.
 */
export interface Link {
  readonly operation: string;
  readonly parameters?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly description: string;
}

export type Method = 'get' | 'post' | 'patch';

export interface Operation {
  readonly id: string;
  readonly method: Method;
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly description?: string;
  readonly notShown?: true;
  readonly parameters?: readonly Parameter[];
  /** a list (`list`) or a count (`count`) of a resource: its filters, sort and paging */
  readonly collection?: { readonly resource: ResourceDef; readonly kind: 'list' | 'count' };
  readonly body?: Readonly<Record<string, Shape>>;
  /** success answers, and the answers of their own an operation gives besides the errors */
  readonly answers: Readonly<Record<number, Answer>>;
  /** the standard error answers it may give */
  readonly errors: readonly number[];
  /** `none`: no token (OAuth, metadata); `client`: the client's credentials (`/token`) */
  readonly security?: 'none' | 'client';
  readonly links?: Readonly<Record<number, Readonly<Record<string, Link>>>>;
}

/** Statuses any /v1 request can meet: authentication, the rate limit, the server's own failures. */
const ALWAYS = [401, 403, 429, 500, 502, 503, 504] as const;
const READ = [400, 404, ...ALWAYS] as const;
const WRITE = [400, 404, 409, 413, 415, 422, ...ALWAYS] as const;

const json = (shape: Shape) => ({ 'application/json': shape });
const answer = (description: string, shape: Shape): Answer => ({ description, content: json(shape) });
const BINARY = string({ contentMediaType: 'application/octet-stream' });
const HTML = { 'text/html': string() };

const pathId = (what: string): Parameter => ({
  name: 'id',
  in: 'path',
  shape: Uuid,
  required: true,
  description: what,
});
const pathSlug: Parameter = {
  name: 'slug',
  in: 'path',
  shape: Text,
  required: true,
  description: 'the form template slug',
};

/** A created resource, bare or under `data` (the contract does not say which). */
const created = (shape: Shape) => either(shape, object({ data: shape }, { required: ['data'] }));

const link = (
  operation: string,
  description: string,
  parameters?: Record<string, string>,
  body?: unknown,
): Link => ({
  operation,
  description,
  ...(parameters ? { parameters } : {}),
  ...(body === undefined ? {} : { body }),
});

const FIRST = '$response.body#/data/0';
const ITS = '$response.body#';

export const CreateCase = object(
  {
    template: object({ id: Uuid }, { required: ['id'], additional: false }),
    title: Text,
    data: anyObject({ description: "data fields: a declared field must hold its template's type" }),
    contact: object(
      { given_name: Text, family_name: Text, email: Email },
      { required: ['given_name', 'family_name', 'email'], additional: false },
    ),
    reference: Text,
  },
  {
    required: ['template', 'title'],
    additional: false,
    description:
      'The body of case creation: not shown in the contract; the sandbox reads {template: {id}, title, data?, contact?, reference?}.',
    'x-not-shown': true,
  },
);

export const ArchiveBody = object(
  { archived: boolean({ description: 'true archives, false restores' }) },
  { required: ['archived'], additional: false },
);

const Name = string({ minLength: 1, maxLength: 200 });

export const CreateForm = object(
  {
    flow: object({ slug: Text, customization: Uuid }, { required: ['slug'], additional: false }),
    user: object(
      {
        email: Email,
        given_name: Name,
        family_name: Name,
        phone: string({ minLength: 1, maxLength: 32 }),
      },
      { required: ['email'], additional: false },
    ),
    webhooks: Webhooks,
  },
  {
    required: ['flow', 'user'],
    additional: false,
    description:
      'Which fields are required: not shown in the contract; the sandbox needs flow.slug and user.email.',
    'x-not-shown': true,
  },
);

export const UpdateForm = object(
  {
    status: string({ minLength: 1, maxLength: 64 }),
    archived: boolean(),
    active: boolean(),
    completed: boolean(),
    processed: boolean(),
    webhooks: Webhooks,
  },
  {
    additional: false,
    minProperties: 1,
    description:
      'The body of a form update: not shown in the contract; the fields to change (`webhooks` replaces the map).',
    'x-not-shown': true,
  },
);

export const CaseDataBody = object(
  {},
  {
    minProperties: 1,
    description:
      'The data fields to set: not shown in the contract; a declared field must hold its type, null clears one.',
    'x-not-shown': true,
  },
);

const TokenRequest = object(
  {
    grant_type: oneOf(['authorization_code', 'refresh_token']),
    code: Text,
    redirect_uri: Text,
    code_verifier: Text,
    refresh_token: Text,
    client_id: Text,
    client_secret: Text,
  },
  { required: ['grant_type'] },
);

const TokenResponse = object(
  {
    access_token: string(),
    id_token: string(),
    refresh_token: string(),
    token_type: literal('Bearer'),
    expiresIn: literal(86400),
  },
  { required: ['access_token', 'id_token', 'token_type', 'expiresIn'] },
);

/** The record link every list of a resource has: its first record's detail. */
const toDetail = (operation: string, what: string) => ({
  [operation]: link(operation, `the first ${what} of the page`, { id: `${FIRST}/id` }),
});

/** The /v1 operations of cases, templates and workspaces. */
const CASE_OPERATIONS: readonly Operation[] = [
  {
    id: 'listWorkspaces',
    method: 'get',
    path: '/v1/workspaces',
    summary: 'List the workspaces the token can reach',
    tag: 'workspaces',
    answers: { 200: answer('the workspaces', object({ data: array(Workspace) }, { required: ['data'] })) },
    errors: ALWAYS,
  },
  {
    id: 'listCases',
    method: 'get',
    path: '/v1/cases',
    summary: 'List cases',
    tag: 'cases',
    collection: { resource: CASES, kind: 'list' },
    answers: { 200: answer('a page of cases', envelope(CASES.item)) },
    errors: READ,
    links: {
      200: {
        ...toDetail('getCase', 'case'),
        archiveCase: link('archiveCase', 'archive or restore the first case', { id: `${FIRST}/id` }),
        updateCaseData: link('updateCaseData', "set the first case's data", { id: `${FIRST}/id` }),
      },
    },
  },
  {
    id: 'createCase',
    method: 'post',
    path: '/v1/cases',
    summary: 'Create a case',
    tag: 'cases',
    body: json(CreateCase),
    answers: { 200: answer('the created case (200, not 201)', created(CASES.detail)) },
    errors: WRITE,
    links: {
      200: {
        getCase: link('getCase', 'the case created', { id: `${ITS}/id` }),
        archiveCase: link('archiveCase', 'archive the case created', { id: `${ITS}/id` }),
        updateCaseData: link('updateCaseData', "set the created case's data", { id: `${ITS}/id` }),
      },
    },
  },
  {
    id: 'countCases',
    method: 'get',
    path: '/v1/cases/count',
    summary: 'Count cases, optionally grouped',
    tag: 'cases',
    collection: { resource: CASES, kind: 'count' },
    answers: { 200: answer('the count', Count) },
    errors: READ,
  },
  {
    id: 'getCase',
    method: 'get',
    path: '/v1/cases/{id}',
    summary: 'A case with its steps (a template too: it is a case-like record)',
    tag: 'cases',
    parameters: [pathId('the case id')],
    answers: { 200: answer('the case or the template', either(CASES.detail, CASE_TEMPLATES.detail)) },
    errors: READ,
  },
  {
    id: 'archiveCase',
    method: 'post',
    path: '/v1/cases/{id}',
    summary: 'Archive or unarchive a case',
    tag: 'cases',
    parameters: [pathId('the case id')],
    body: json(ArchiveBody),
    answers: { 200: answer('the updated case with its steps and schema', CASES.detail) },
    errors: WRITE,
  },
  {
    id: 'updateCaseData',
    method: 'post',
    path: '/v1/cases/{id}/data',
    summary: 'Update case data fields in one batch',
    tag: 'cases',
    parameters: [pathId('the case id')],
    body: json(CaseDataBody),
    answers: { 200: answer('the updated case', CASES.detail) },
    errors: WRITE,
  },
  {
    id: 'listCaseTemplates',
    method: 'get',
    path: '/v1/case_templates',
    summary: 'List case templates',
    tag: 'case_templates',
    collection: { resource: CASE_TEMPLATES, kind: 'list' },
    answers: { 200: answer('a page of case templates', envelope(CASE_TEMPLATES.item)) },
    errors: READ,
    links: {
      200: {
        ...toDetail('getCase', 'template'),
        createCase: link('createCase', 'a case of the first template', undefined, {
          template: { id: `${FIRST}/id` },
          title: 'Linked',
        }),
      },
    },
  },
];

/** The /v1 operations of forms, responses and form templates. */
const FORM_OPERATIONS: readonly Operation[] = [
  {
    id: 'listForms',
    method: 'get',
    path: '/v1/forms',
    summary: 'List forms',
    tag: 'forms',
    collection: { resource: FORMS, kind: 'list' },
    answers: { 200: answer('a page of forms', envelope(FORMS.item)) },
    errors: READ,
    links: {
      200: {
        ...toDetail('getForm', 'form'),
        updateForm: link('updateForm', 'change the first form', { id: `${FIRST}/id` }),
      },
    },
  },
  {
    id: 'createForm',
    method: 'post',
    path: '/v1/forms',
    summary: 'Create a form from a form template',
    tag: 'forms',
    body: json(CreateForm),
    answers: {
      200: answer('the created form (contains its id)', created(FORMS.detail)),
      201: answer('the created form (contains its id)', created(FORMS.detail)),
    },
    errors: WRITE,
    links: {
      201: {
        getForm: link('getForm', 'the form created', { id: `${ITS}/id` }),
        updateForm: link('updateForm', 'change the form created', { id: `${ITS}/id` }),
      },
    },
  },
  {
    id: 'countForms',
    method: 'get',
    path: '/v1/forms/count',
    summary: 'Count forms, optionally grouped',
    tag: 'forms',
    collection: { resource: FORMS, kind: 'count' },
    answers: { 200: answer('the count', Count) },
    errors: READ,
  },
  {
    id: 'getForm',
    method: 'get',
    path: '/v1/forms/{id}',
    summary: 'A form with its responses',
    tag: 'forms',
    parameters: [pathId('the form id')],
    answers: { 200: answer('the form', FORMS.detail) },
    errors: READ,
    links: {
      200: { getResponse: link('getResponse', 'its first response', { id: `${ITS}/responses/0/id` }) },
    },
  },
  {
    id: 'updateForm',
    method: 'patch',
    path: '/v1/forms/{id}',
    summary: "Update a form's status or properties",
    tag: 'forms',
    parameters: [pathId('the form id')],
    body: json(UpdateForm),
    answers: { 200: answer('the updated form', FORMS.detail) },
    errors: WRITE,
  },
  {
    id: 'getResponse',
    method: 'get',
    path: '/v1/responses/{id}',
    summary: 'A response',
    tag: 'forms',
    parameters: [pathId('the response id')],
    answers: { 200: answer('the response', Response) },
    errors: READ,
    links: {
      200: {
        downloadAttachment: link('downloadAttachment', 'its first attachment', {
          id: `${ITS}/attachments/0/id`,
        }),
        getSignature: link('getSignature', 'its first signature', { id: `${ITS}/signatures/0/id` }),
      },
    },
  },
  {
    id: 'listFormTemplates',
    method: 'get',
    path: '/v1/form_templates',
    summary: 'List form templates',
    tag: 'form_templates',
    collection: { resource: FORM_TEMPLATES, kind: 'list' },
    answers: { 200: answer('a page of form templates', envelope(FORM_TEMPLATES.item)) },
    errors: READ,
    links: {
      200: {
        getFormTemplateOptions: link('getFormTemplateOptions', "the first template's options", {
          slug: `${FIRST}/slug`,
        }),
        getFormTemplateSteps: link('getFormTemplateSteps', "the first template's steps", {
          slug: `${FIRST}/slug`,
        }),
        createForm: link('createForm', 'a form of the first template', undefined, {
          flow: { slug: `${FIRST}/slug` },
          user: { email: 'linked@example.com' },
        }),
      },
    },
  },
  {
    id: 'getFormTemplateOptions',
    method: 'get',
    path: '/v1/form_templates/{slug}/options',
    summary: "A form template's options",
    tag: 'form_templates',
    parameters: [pathSlug],
    answers: { 200: answer("the template's options", FormTemplateOptions) },
    errors: READ,
  },
  {
    id: 'getFormTemplateSteps',
    method: 'get',
    path: '/v1/form_templates/{slug}/steps',
    summary: "A form template's steps and fields",
    tag: 'form_templates',
    parameters: [pathSlug],
    answers: { 200: answer("the template's steps", FormTemplateSteps) },
    errors: READ,
  },
];

/** The /v1 operations of files: attachments, document intelligence, signatures. */
const FILE_OPERATIONS: readonly Operation[] = [
  {
    id: 'uploadAttachments',
    method: 'post',
    path: '/v1/attachments',
    summary: 'Upload files',
    tag: 'attachments',
    body: {
      'multipart/form-data': map(string(), BINARY, { description: 'one file part per file' }),
      'application/json': UploadBody,
    },
    answers: {
      201: answer(
        'the created attachment, or {data: [...]} for several',
        either(UploadedAttachment, object({ data: array(UploadedAttachment) }, { required: ['data'] })),
      ),
    },
    errors: WRITE,
    links: {
      201: {
        downloadAttachment: link('downloadAttachment', 'the file uploaded', { id: `${ITS}/id` }),
        mergeAttachments: link('mergeAttachments', 'the file uploaded, as a PDF', { ids: `${ITS}/id` }),
        createDocumentIntelligenceJob: link(
          'createDocumentIntelligenceJob',
          'read the file uploaded',
          undefined,
          {
            attachment_id: `${ITS}/id`,
          },
        ),
      },
    },
  },
  {
    id: 'mergeAttachments',
    method: 'get',
    path: '/v1/attachments',
    summary: 'Download several attachments merged as one PDF',
    tag: 'attachments',
    parameters: [
      {
        name: 'ids',
        in: 'query',
        required: true,
        description: 'attachment ids, comma-separated (one may repeat)',
        shape: array(Uuid, { minItems: 1, maxItems: MAX_MERGED }),
        commas: true,
      },
    ],
    answers: { 200: { description: 'the merged PDF', content: { 'application/pdf': BINARY } } },
    errors: READ,
  },
  {
    id: 'downloadAttachment',
    method: 'get',
    path: '/v1/attachments/{id}',
    summary: 'Download one attachment',
    tag: 'attachments',
    parameters: [
      pathId('the attachment id'),
      {
        name: 'Range',
        in: 'header',
        description: 'a byte range (not in the contract; the sandbox honours one range)',
        shape: string(),
      },
    ],
    answers: {
      200: { description: 'the file, in its own media type', content: { '*/*': BINARY } },
      206: { description: 'the range asked for (not in the contract)', content: { '*/*': BINARY } },
      416: { description: 'a range outside the file (not in the contract)' },
    },
    errors: READ,
  },
  {
    id: 'createDocumentIntelligenceJob',
    method: 'post',
    path: '/v1/document-intelligence',
    summary: 'Create an extraction job',
    tag: 'document-intelligence',
    body: json(CreateJob),
    answers: { 201: answer('the job', Job) },
    errors: WRITE,
    links: {
      201: {
        getDocumentIntelligenceJob: link('getDocumentIntelligenceJob', 'the job created', {
          id: `${ITS}/id`,
        }),
      },
    },
  },
  {
    id: 'getDocumentIntelligenceJob',
    method: 'get',
    path: '/v1/document-intelligence/{id}',
    summary: 'An extraction job and its results',
    tag: 'document-intelligence',
    parameters: [pathId('the job id')],
    answers: { 200: answer('the job', Job) },
    errors: READ,
  },
  {
    id: 'getSignature',
    method: 'get',
    path: '/v1/signatures/{id}',
    summary: 'Signature metadata or the signed file',
    tag: 'signatures',
    parameters: [
      pathId('the signature id'),
      {
        name: 'download',
        in: 'query',
        description:
          'true: the signed file (how to ask for the file: not shown in the contract; the sandbox also honours Accept: application/pdf)',
        shape: boolean(),
      },
    ],
    answers: {
      200: {
        description: 'the metadata, or the signed file',
        content: { 'application/json': Signature, 'application/pdf': BINARY },
      },
    },
    errors: READ,
  },
];

const signInPage = (id: string, summary: string): Operation => ({
  id,
  method: 'post',
  path: id === 'authorizeSignIn' ? '/authorize/sign-in' : '/authorize/consent',
  summary,
  tag: 'oauth',
  description:
    "How the user signs in, selects the workspace and approves: not shown in the contract. This is the sandbox's own sign-in page, a form posted by the browser.",
  notShown: true,
  security: 'none',
  body: { 'application/x-www-form-urlencoded': map(string(), string()) },
  answers: {
    200: { description: 'the next page of the flow, or its error page', content: HTML },
    302: { description: 'to the redirect_uri, with code and state, or error and error_description' },
    303: { description: 'to the next page of the flow' },
    400: { description: 'an error page: the request cannot go on', content: HTML },
  },
  errors: [429],
});

/** The OAuth endpoints at the host root. */
const OAUTH_OPERATIONS: readonly Operation[] = [
  {
    id: 'authorize',
    method: 'get',
    path: '/authorize',
    summary: "Start OAuth authorization (the user's browser)",
    tag: 'oauth',
    security: 'none',
    parameters: [
      { name: 'client_id', in: 'query', required: true, shape: Text },
      {
        name: 'redirect_uri',
        in: 'query',
        required: true,
        description: 'https://, registered, without code, state, error or error_description in its query',
        shape: string({ format: 'uri', pattern: '^https://' }),
      },
      { name: 'response_type', in: 'query', required: true, shape: literal('code') },
      { name: 'state', in: 'query', description: 'recommended: returned unchanged', shape: string() },
      { name: 'scope', in: 'query', shape: string({ default: 'offline_access' }) },
    ],
    answers: {
      200: { description: 'the sign-in page', content: HTML },
      302: { description: 'to redirect_uri with error and error_description' },
      400: {
        description: 'the error shown to the user when redirect_uri itself is invalid; no redirect',
        content: HTML,
      },
    },
    errors: [429],
  },
  signInPage('authorizeSignIn', 'Sign in (sandbox page)'),
  signInPage('authorizeConsent', 'Select the workspace and approve (sandbox page)'),
  {
    id: 'token',
    method: 'post',
    path: '/token',
    summary: 'Exchange an authorization code or a refresh token',
    tag: 'oauth',
    description:
      'Client credentials in the body or by HTTP Basic authentication (base64 of client_id:client_secret).',
    security: 'client',
    body: { 'application/json': TokenRequest, 'application/x-www-form-urlencoded': TokenRequest },
    answers: {
      200: answer('the tokens', TokenResponse),
      400: answer('a malformed request, or an invalidated refresh token', OAuthError),
      401: answer(
        'missing or invalid client credentials, unknown or invalid code, redirect_uri differing from step 1, unsupported grant_type',
        OAuthError,
      ),
    },
    errors: [413, 415, 429],
  },
  {
    id: 'openidConfiguration',
    method: 'get',
    path: '/.well-known/openid-configuration',
    summary: 'Authorization server metadata',
    tag: 'oauth',
    security: 'none',
    answers: {
      200: answer(
        'OpenID provider metadata',
        object(
          { issuer: string(), authorization_endpoint: string(), token_endpoint: string() },
          {
            required: ['issuer', 'authorization_endpoint', 'token_endpoint'],
            description: 'Its fields beyond the endpoints: not shown in the contract.',
            'x-not-shown': true,
          },
        ),
      ),
    },
    errors: [429],
  },
];

export const OPERATIONS: readonly Operation[] = [
  ...CASE_OPERATIONS,
  ...FORM_OPERATIONS,
  ...FILE_OPERATIONS,
  ...OAUTH_OPERATIONS,
];

/** The capabilities of the API, one tag each. */
export const TAGS: Readonly<Record<string, string>> = {
  workspaces: "The workspaces the caller's token can reach.",
  cases:
    'Multi-step workflows with contacts and structured data: create, list, count, read with steps, update data fields, archive and unarchive.',
  case_templates: 'Reusable blueprints from which cases are created.',
  forms: 'Forms created from a form template (a flow), and their responses.',
  form_templates: 'Form templates, their options, their steps and fields.',
  attachments: 'Upload (JSON or multipart), download one, download several merged into one PDF.',
  'document-intelligence': 'Asynchronous extraction jobs that pull structured data out of a document.',
  signatures: 'Signature metadata and signed files, produced through form responses.',
  oauth: 'OAuth 2.0 Authorization Code with refresh tokens, at the host root.',
};
