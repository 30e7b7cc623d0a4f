/**
 * The OpenAPI 3.1 description of the API: every /v1 operation and the OAuth
 * endpoints at the host root. What the resource tables (src/resources/) declare — method-1
 * filters, sortable fields, record fields, page sizes, webhook events — is read from them, so
 * the description, the client's flags and its checks come from one source; what only the spec's
 * prose gives (operations, statuses, bodies, errors, security) is written here. Where the spec
 * says "not shown", the description says so (`x-not-shown`) rather than invent a shape.
 * `wfd sandbox` serves it at /openapi.json; `wfd api` completes paths and checks bodies with it.
 */
import { ATTACHMENT_FIELDS } from '../resources/attachments.js';
import { DOCINTEL_JOB_FIELDS } from '../resources/document-intelligence.js';
import {
  type AttributeType,
  CASE_TEMPLATES,
  CASES,
  type FilterFlag,
  FORM_TEMPLATES,
  FORMS,
  type ResourceDef,
} from '../resources/index.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resources/paging.js';
import { RESPONSE_FIELDS, SIGNATURE_FIELDS } from '../resources/responses.js';
import { WEBHOOK_EVENTS } from '../resources/webhook-events.js';
import { attributeSchema, COMPONENT_SCHEMAS, notShown, recordSchema, ref, type Schema } from './schemas.js';

export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  [key: string]: unknown;
}

const json = (schema: Schema) => ({ 'application/json': { schema } });

/** A response whose body is JSON of `schema`. */
const answer = (description: string, schema: Schema) => ({ description, content: json(schema) });

/** The error responses every /v1 operation may give (spec: "Errors"), by status. */
function errorResponses(statuses: readonly number[]): Record<string, unknown> {
  return Object.fromEntries(
    statuses.map((status) => [String(status), { $ref: `#/components/responses/E${status}` }]),
  );
}

/** Statuses any /v1 request can meet: auth, rate limit, the server's own failures. */
const ALWAYS = [401, 403, 429, 500, 502, 503, 504] as const;
const READ = [400, 404, ...ALWAYS] as const;
const WRITE = [400, 404, 409, 413, 415, 422, ...ALWAYS] as const;

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad Request: missing required field, malformed JSON, invalid UUID or email, incorrect schema value, referenced template or owner not found, invalid filter (error-list shape), archive on a template (error-list shape)',
  401: 'Unauthorized: missing header, invalid or expired token',
  403: 'Forbidden: no access to workspace or resource',
  404: 'Not Found: unknown id or unknown endpoint',
  409: 'Conflict with the resource state, for example a step already started or a duplicate',
  413: 'Payload Too Large: body too large, for example an upload over the size limit (the limit: not shown)',
  415: 'Unsupported Media Type: a body in a type or Content-Encoding the operation does not take (not in the spec)',
  422: 'Unprocessable Entity: a well-formed request failing a business rule',
  429: 'Too Many Requests: a rate limit (100 per minute per token, 1,000 per hour per client) exceeded',
  500: 'Internal Server Error',
  502: 'Bad Gateway: a backend is unreachable or failed',
  503: 'Service Unavailable at infrastructure level',
  504: 'Gateway Timeout: the request took longer than about 30 seconds',
};

function componentResponses(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(ERROR_TEXT).map(([status, description]) => {
      const code = Number(status);
      const schema =
        code === 429
          ? ref('RateLimitError')
          : code === 400
            ? { oneOf: [ref('StandardError'), ref('ErrorList')] }
            : ref('StandardError');
      const headers =
        code === 429 || code === 503
          ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }
          : undefined;
      return [`E${status}`, { description, ...(headers ? { headers } : {}), content: json(schema) }];
    }),
  );
}

/** The query parameters of one method-1 filter flag. */
function filterParameters(flag: FilterFlag, def: ResourceDef): Schema[] {
  const attribute = (param: string) => {
    const [relation, field] = /^(\w+)\[(\w+)\]$/.exec(param)?.slice(1) ?? [undefined, param];
    const type = relation ? def.relations[relation]?.[field!] : def.attributes[field!];
    return type ? attributeSchema(type) : { type: 'string' };
  };
  const param = (name: string, schema: Schema, description = flag.help): Schema => ({
    name,
    in: 'query',
    required: false,
    description,
    schema,
  });
  switch (flag.kind) {
    case 'text':
      return [
        param(flag.param, { type: 'string', minLength: 1 }),
        ...(flag.arrayParam
          ? [
              param(
                flag.arrayParam,
                { type: 'array', items: { type: 'string' } },
                `${flag.help}; several values: any of them`,
              ),
            ]
          : []),
      ];
    case 'boolean':
      return [param(flag.param, { type: 'boolean' })];
    case 'enum':
      return [param(flag.param, { type: 'string', enum: [...flag.values] })];
    case 'uuid':
      return [param(flag.param, { type: 'string', format: 'uuid' })];
    case 'email':
      return [param(flag.param, { type: 'string', format: 'email' })];
    case 'slug':
      return [param(flag.param, { type: 'string', minLength: 1 })];
    case 'uuid-or-email':
      return [
        param(flag.params.uuid, attribute(flag.params.uuid)),
        param(flag.params.email, attribute(flag.params.email)),
      ];
    case 'uuid-or-slug':
      return [
        param(flag.params.uuid, attribute(flag.params.uuid)),
        param(flag.params.slug, attribute(flag.params.slug)),
      ];
  }
}

/** Method-1 filters, method 2 (`filter`), `sort` and paging of a list or count endpoint. */
function queryParameters(def: ResourceDef, { paged }: { paged: boolean }): Schema[] {
  const sorts = def.sortable.flatMap((field) => [field, `-${field}`]);
  return [
    ...def.filters.flatMap((flag) => filterParameters(flag, def)),
    ...(def.filterable
      ? [
          {
            name: 'filter',
            in: 'query',
            required: false,
            description:
              'Method 2: a JSON filter with optional `attributes` and `relationships` sections; operators $eq $ne $gt $lt $ge $le $like $ilike. `$extends` is named by the spec; its meaning: not shown.',
            content: json({ $ref: `#/components/schemas/${filterSchemaName(def)}` }),
          },
        ]
      : []),
    ...(paged
      ? [
          {
            name: 'sort',
            in: 'query',
            required: false,
            description: `\`field\` ascending, \`-field\` descending.${def.openSort ? ' Also fields that depend on the form template.' : ''}`,
            schema: def.openSort ? { type: 'string', examples: sorts } : { type: 'string', enum: sorts },
          },
          {
            name: 'page[number]',
            in: 'query',
            required: false,
            description: 'page number, starting at 1',
            schema: { type: 'integer', minimum: 1, default: 1 },
          },
          {
            name: 'page[size]',
            in: 'query',
            required: false,
            description: 'results per page',
            schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
          },
        ]
      : []),
  ];
}

const filterSchemaName = (def: ResourceDef) => `${schemaName(def)}Filter`;
const schemaName = (def: ResourceDef) =>
  def.name.replace(/(^|_)(\w)/g, (_, __, letter: string) => letter.toUpperCase()).replace(/s$/, '');

/** The operator object of one attribute (`{"$gt": "2026-01-01"}`), by the attribute's schema. */
function operators(type: Schema): Schema {
  const open = Object.keys(type).length === 0;
  const equality = open ? {} : { anyOf: [type, { type: 'null' }] };
  return {
    type: 'object',
    minProperties: 1,
    properties: {
      $eq: equality,
      $ne: equality,
      ...Object.fromEntries(['$gt', '$lt', '$ge', '$le'].map((op) => [op, type])),
      $like: { type: 'string' },
      $ilike: { type: 'string' },
    },
    additionalProperties: false,
  };
}

/** Operator objects of the plain attribute types, shared by every filter: `#/components/schemas/Operators<Type>`. */
const PLAIN_TYPES = ['string', 'boolean', 'date', 'uuid', 'email'] as const;
const operatorsName = (type: string) => `Operators${type[0]!.toUpperCase()}${type.slice(1)}`;

function operatorsOf(type: AttributeType): Schema {
  return type.type === 'enum' ? operators(attributeSchema(type)) : ref(operatorsName(type.type));
}

/** The method-2 filter of a resource as a schema: its attributes and relations with operators. */
function filterSchema(def: ResourceDef): Schema {
  const attributes = (attrs: ResourceDef['attributes']): Schema => ({
    type: 'object',
    properties: Object.fromEntries(Object.entries(attrs).map(([name, type]) => [name, operatorsOf(type)])),
    // Forms: "further fields depending on the form template".
    additionalProperties: def.openFields ? ref('OperatorsAny') : false,
  });
  return {
    type: 'object',
    description: `The method-2 JSON filter of /${def.name} (spec: "Method 2, JSON filter").`,
    properties: {
      attributes: attributes(def.attributes),
      relationships: {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(def.relations).map(([name, attrs]) => [
            name,
            {
              type: 'object',
              properties: {
                attributes: attributes(attrs),
                ...(attrs.id ? { id: operatorsOf(attrs.id) } : {}),
              },
              additionalProperties: false,
            },
          ]),
        ),
        additionalProperties: def.openFields,
      },
    },
    additionalProperties: false,
  };
}

const idParameter = (what: string, name = 'id', schema: Schema = { type: 'string', format: 'uuid' }) => ({
  name,
  in: 'path',
  required: true,
  description: what,
  schema,
});

const envelopeOf = (item: Schema): Schema => ({
  type: 'object',
  required: ['meta', 'data'],
  properties: { meta: ref('PageMeta'), data: { type: 'array', items: item } },
});

/** A created resource: the spec shows no body beyond the id; the object, bare or under `data`. */
const createdBody = (record: string): Schema => ({
  anyOf: [ref(record), { type: 'object', properties: { data: ref(record) } }],
});

const BINARY = { type: 'string', contentMediaType: 'application/octet-stream' };

/** Bodies of the operations whose payload the spec leaves "not shown" (the sandbox's reading). */
const CASE_CREATE: Schema = notShown('The body of case creation', {
  type: 'object',
  description:
    'This server reads {template: {id}, title, data?, contact?, reference?}; the body: not shown in the spec.',
  required: ['template', 'title'],
  properties: {
    template: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
    title: { type: 'string', minLength: 1 },
    data: { type: 'object' },
    contact: { type: 'object' },
    reference: { type: 'string' },
  },
});

const WEBHOOKS: Schema = {
  type: 'object',
  description: 'receiver URL -> event names (spec: "Events")',
  additionalProperties: { type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENTS] } },
};

const FORM_CREATE: Schema = {
  type: 'object',
  description: 'Which fields are required: not shown in the spec.',
  'x-not-shown': true,
  properties: {
    flow: { type: 'object', properties: { slug: { type: 'string' } } },
    user: {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        given_name: { type: 'string' },
        family_name: { type: 'string' },
      },
    },
    webhooks: WEBHOOKS,
  },
};

const FORM_UPDATE: Schema = notShown('The body of a form update', {
  type: 'object',
  properties: {
    status: { type: 'string' },
    archived: { type: 'boolean' },
    active: { type: 'boolean' },
    completed: { type: 'boolean' },
    processed: { type: 'boolean' },
    webhooks: WEBHOOKS,
  },
});

const fieldList = (fields: readonly string[]) => fields.map((field) => `\`${field}\``).join(', ');

const open = (what: string, fields: readonly string[]): Schema =>
  notShown(`${what}; this server sends ${fieldList(fields)}. Their fields`, { type: 'object' });

/** The OAuth endpoints at the host root (spec: "OAuth 2.0"). */
function oauthPaths(): Record<string, Record<string, Operation>> {
  const page = (description: string) => ({
    description,
    content: { 'text/html': { schema: { type: 'string' } } },
  });
  const signInPage = (operationId: string, summary: string) => ({
    operationId,
    summary,
    tags: ['oauth'],
    description:
      "How the user signs in, selects the workspace and approves: not shown in the spec. This is the sandbox's own sign-in page, a form posted by the browser.",
    'x-not-shown': true,
    security: [],
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
    responses: {
      '200': page('the next page of the flow, or its error page'),
      '302': { description: 'to the redirect_uri, with code and state, or error and error_description' },
      '303': { description: 'to the next page of the flow' },
      '400': page('an error page: the request cannot go on'),
      '429': { $ref: '#/components/responses/E429' },
    },
  });
  return {
    '/authorize': {
      get: {
        operationId: 'authorize',
        summary: "Start OAuth authorization (the user's browser)",
        tags: ['oauth'],
        security: [],
        parameters: [
          { name: 'client_id', in: 'query', required: true, schema: { type: 'string' } },
          {
            name: 'redirect_uri',
            in: 'query',
            required: true,
            description: 'https://, registered, without code, state, error or error_description in its query',
            schema: { type: 'string', format: 'uri', pattern: '^https://' },
          },
          { name: 'response_type', in: 'query', required: true, schema: { const: 'code' } },
          {
            name: 'state',
            in: 'query',
            required: false,
            description: 'recommended: returned unchanged',
            schema: { type: 'string' },
          },
          {
            name: 'scope',
            in: 'query',
            required: false,
            schema: { type: 'string', default: 'offline_access' },
          },
        ],
        responses: {
          '200': page('the sign-in page'),
          '302': { description: 'to redirect_uri with error and error_description' },
          '400': page('the error shown to the user when redirect_uri itself is invalid; no redirect'),
          '429': { $ref: '#/components/responses/E429' },
        },
      },
    },
    '/authorize/sign-in': { post: signInPage('authorizeSignIn', 'Sign in (sandbox page)') },
    '/authorize/consent': {
      post: signInPage('authorizeConsent', 'Select the workspace and approve (sandbox page)'),
    },
    '/token': {
      post: {
        operationId: 'token',
        summary: 'Exchange an authorization code or a refresh token',
        tags: ['oauth'],
        description:
          'Client credentials in the body or by HTTP Basic authentication (base64 of client_id:client_secret).',
        security: [{}, { clientBasic: [] }],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: ref('TokenRequest') },
            'application/x-www-form-urlencoded': { schema: ref('TokenRequest') },
          },
        },
        responses: {
          '200': answer('the tokens', ref('TokenResponse')),
          '400': answer('malformed request, or an invalidated refresh token', ref('OAuthError')),
          '401': answer(
            'missing or invalid client credentials, unknown or invalid code, redirect_uri differing from step 1, unsupported grant_type',
            ref('OAuthError'),
          ),
          '413': { $ref: '#/components/responses/E413' },
          '415': { $ref: '#/components/responses/E415' },
          '429': { $ref: '#/components/responses/E429' },
        },
      },
    },
    '/.well-known/openid-configuration': {
      get: {
        operationId: 'openidConfiguration',
        summary: 'Authorization server metadata',
        tags: ['oauth'],
        security: [],
        responses: {
          '200': answer(
            'OpenID provider metadata',
            notShown('Its fields beyond the endpoints', {
              type: 'object',
              required: ['issuer', 'authorization_endpoint', 'token_endpoint'],
              properties: {
                issuer: { type: 'string' },
                authorization_endpoint: { type: 'string' },
                token_endpoint: { type: 'string' },
              },
            }),
          ),
          '429': { $ref: '#/components/responses/E429' },
        },
      },
    },
  };
}

function v1Paths(): Record<string, Record<string, Operation>> {
  const list = (def: ResourceDef, operationId: string, summary: string): Operation => ({
    operationId,
    summary,
    tags: [def.name],
    parameters: queryParameters(def, { paged: true }),
    responses: {
      '200': answer('a page of records', envelopeOf(ref(schemaName(def)))),
      ...errorResponses(READ),
    },
  });
  const count = (def: ResourceDef, operationId: string, summary: string, groupBy: boolean): Operation => ({
    operationId,
    summary,
    tags: [def.name],
    parameters: [
      ...queryParameters(def, { paged: false }),
      ...(groupBy
        ? [
            {
              name: 'group_by',
              in: 'query',
              required: false,
              description: `Field paths to group by, comma-separated (${fieldList(def.groupFields ?? [])}). The grouping parameter: not shown in the spec; this is this server's reading.`,
              'x-not-shown': true,
              schema: { type: 'string' },
            },
          ]
        : []),
    ],
    responses: { '200': answer('the count', ref('Count')), ...errorResponses(READ) },
  });
  const get = (
    tag: string,
    operationId: string,
    summary: string,
    schema: Schema,
    parameter: Schema,
  ): Operation => ({
    operationId,
    summary,
    tags: [tag],
    parameters: [parameter],
    responses: { '200': answer(summary, schema), ...errorResponses(READ) },
  });
  const caseId = idParameter('the case id');
  const formId = idParameter('the form id');
  const slug = idParameter('the form template slug', 'slug', { type: 'string', minLength: 1 });
  return {
    '/v1/workspaces': {
      get: {
        operationId: 'listWorkspaces',
        summary: 'List the workspaces the token can reach',
        tags: ['workspaces'],
        responses: {
          '200': answer('the workspaces', {
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'array', items: ref('Workspace') } },
          }),
          ...errorResponses(ALWAYS),
        },
      },
    },
    '/v1/cases': {
      get: list(CASES, 'listCases', 'List cases'),
      post: {
        operationId: 'createCase',
        summary: 'Create a case',
        tags: ['cases'],
        requestBody: { required: true, content: json(CASE_CREATE) },
        responses: {
          '200': answer('the created case (200, not 201)', createdBody('Case')),
          ...errorResponses(WRITE),
        },
      },
    },
    '/v1/cases/count': { get: count(CASES, 'countCases', 'Count cases', true) },
    '/v1/cases/{id}': {
      get: get('cases', 'getCase', 'A case with its steps', ref('Case'), caseId),
      post: {
        operationId: 'archiveCase',
        summary: 'Archive or unarchive a case',
        tags: ['cases'],
        parameters: [caseId],
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['archived'],
            properties: { archived: { type: 'boolean', description: 'true archives, false restores' } },
          }),
        },
        responses: {
          '200': answer('the updated case with its steps and schema', ref('Case')),
          ...errorResponses(WRITE),
        },
      },
    },
    '/v1/cases/{id}/data': {
      post: {
        operationId: 'updateCaseData',
        summary: 'Update case data fields in one batch',
        tags: ['cases'],
        parameters: [caseId],
        requestBody: { required: true, content: json(notShown('The data fields', { type: 'object' })) },
        responses: { '200': answer('the updated case', ref('Case')), ...errorResponses(WRITE) },
      },
    },
    '/v1/case_templates': { get: list(CASE_TEMPLATES, 'listCaseTemplates', 'List case templates') },
    '/v1/forms': {
      get: list(FORMS, 'listForms', 'List forms'),
      post: {
        operationId: 'createForm',
        summary: 'Create a form from a form template',
        tags: ['forms'],
        requestBody: { required: true, content: json(FORM_CREATE) },
        responses: {
          '200': answer('the created form (contains its id)', createdBody('Form')),
          '201': answer('the created form (contains its id)', createdBody('Form')),
          ...errorResponses(WRITE),
        },
      },
    },
    '/v1/forms/count': { get: count(FORMS, 'countForms', 'Count forms, optionally grouped', true) },
    '/v1/forms/{id}': {
      get: get('forms', 'getForm', 'A form with its responses', ref('Form'), formId),
      patch: {
        operationId: 'updateForm',
        summary: "Update a form's status or properties",
        tags: ['forms'],
        parameters: [formId],
        requestBody: { required: true, content: json(FORM_UPDATE) },
        responses: { '200': answer('the updated form', ref('Form')), ...errorResponses(WRITE) },
      },
    },
    '/v1/responses/{id}': {
      get: get('forms', 'getResponse', 'A response', ref('Response'), idParameter('the response id')),
    },
    '/v1/form_templates': { get: list(FORM_TEMPLATES, 'listFormTemplates', 'List form templates') },
    '/v1/form_templates/{slug}/options': {
      get: get(
        'form_templates',
        'getFormTemplateOptions',
        "A form template's options",
        open('The options', ['slug', 'languages', '…']),
        slug,
      ),
    },
    '/v1/form_templates/{slug}/steps': {
      get: get(
        'form_templates',
        'getFormTemplateSteps',
        "A form template's steps and fields",
        open('The steps', ['slug', 'steps']),
        slug,
      ),
    },
    '/v1/attachments': {
      post: {
        operationId: 'uploadAttachments',
        summary: 'Upload files',
        tags: ['attachments'],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', description: 'one file part per file', additionalProperties: BINARY },
            },
            'application/json': {
              schema: notShown('The JSON upload body', {
                description:
                  'This server reads {filename, content_type, content (base64)}, or an array of them; the body: not shown in the spec.',
                anyOf: [
                  ref('AttachmentUpload'),
                  { type: 'array', minItems: 1, items: ref('AttachmentUpload') },
                ],
              }),
            },
          },
        },
        responses: {
          '201': answer('the created attachment, or {data: [...]} for several', {
            anyOf: [
              ref('Attachment'),
              { type: 'object', properties: { data: { type: 'array', items: ref('Attachment') } } },
            ],
          }),
          ...errorResponses(WRITE),
        },
      },
      get: {
        operationId: 'mergeAttachments',
        summary: 'Download several attachments merged as one PDF',
        tags: ['attachments'],
        parameters: [
          {
            name: 'ids',
            in: 'query',
            required: true,
            description: 'attachment ids, comma-separated',
            schema: { type: 'string', minLength: 1 },
          },
        ],
        responses: {
          '200': { description: 'the merged PDF', content: { 'application/pdf': { schema: BINARY } } },
          ...errorResponses(READ),
        },
      },
    },
    '/v1/attachments/{id}': {
      get: {
        operationId: 'downloadAttachment',
        summary: 'Download one attachment',
        tags: ['attachments'],
        parameters: [
          idParameter('the attachment id'),
          {
            name: 'Range',
            in: 'header',
            required: false,
            description: 'a byte range (not in the spec; this server honours one range)',
            schema: { type: 'string' },
          },
        ],
        responses: {
          '200': { description: 'the file, in its own media type', content: { '*/*': { schema: BINARY } } },
          '206': {
            description: 'the range asked for (not in the spec)',
            content: { '*/*': { schema: BINARY } },
          },
          '416': { description: 'a range outside the file (not in the spec)' },
          ...errorResponses(READ),
        },
      },
    },
    '/v1/document-intelligence': {
      post: {
        operationId: 'createDocumentIntelligenceJob',
        summary: 'Create an extraction job',
        tags: ['document-intelligence'],
        requestBody: {
          required: true,
          content: json(
            notShown('The job body', {
              type: 'object',
              description: 'This server reads {attachment_id, fields?}; the body: not shown in the spec.',
              required: ['attachment_id'],
              properties: {
                attachment_id: { type: 'string', format: 'uuid' },
                fields: { type: 'array', items: { type: 'string' } },
              },
            }),
          ),
        },
        responses: { '201': answer('the job', ref('DocumentIntelligenceJob')), ...errorResponses(WRITE) },
      },
    },
    '/v1/document-intelligence/{id}': {
      get: get(
        'document-intelligence',
        'getDocumentIntelligenceJob',
        'An extraction job and its results',
        ref('DocumentIntelligenceJob'),
        idParameter('the job id'),
      ),
    },
    '/v1/signatures/{id}': {
      get: {
        operationId: 'getSignature',
        summary: 'Signature metadata or the signed file',
        tags: ['signatures'],
        parameters: [
          idParameter('the signature id'),
          {
            name: 'download',
            in: 'query',
            required: false,
            description:
              'true: the signed file (how to ask for the file: not shown in the spec; this server also honours Accept: application/pdf)',
            schema: { type: 'boolean' },
          },
        ],
        responses: {
          '200': {
            description: 'the metadata, or the signed file',
            content: {
              'application/json': { schema: ref('Signature') },
              'application/pdf': { schema: BINARY },
            },
          },
          ...errorResponses(READ),
        },
      },
    },
  };
}

/** The capabilities of the spec ("What the service does"), one tag each. */
const TAGS = {
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

/** The whole description, with `baseUrl` as its server (the sandbox's own URL when it serves it). */
export function openApiDescription(baseUrl = 'http://127.0.0.1:4010'): OpenApiDocument {
  const filterSchemas = Object.fromEntries(
    [CASES, CASE_TEMPLATES, FORMS].map((def) => [filterSchemaName(def), filterSchema(def)]),
  );
  const operatorSchemas = Object.fromEntries([
    ...PLAIN_TYPES.map((type) => [operatorsName(type), operators(attributeSchema({ type }))]),
    [operatorsName('any'), operators({})],
  ]);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workflow, Forms and Documents API',
      version: '1.0.0',
      description:
        'Cases, case templates, forms, responses, form templates, attachments, document intelligence, signatures and workspaces, with OAuth 2.0 at the host root. Where the API\'s specification says a detail is "not shown", this description says so with `x-not-shown: true` and describes what this server (wfd sandbox) does.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: baseUrl, description: 'the host root; resources are under /v1' }],
    security: [{ bearer: [] }, { oauth2: ['offline_access'] }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths: { ...v1Paths(), ...oauthPaths() },
    webhooks: {
      delivery: {
        post: {
          operationId: 'webhookDelivery',
          summary: 'A notification to a receiver URL registered on a form',
          description: `Events: ${WEBHOOK_EVENTS.join(', ')}. Payload shape, headers, signing and retry policy: not shown in the spec; this server posts {id, event, created_at, data} with X-Wfd-Event and X-Wfd-Delivery headers.`,
          'x-not-shown': true,
          requestBody: {
            content: json({
              type: 'object',
              properties: {
                id: { type: 'string' },
                event: { type: 'string', enum: [...WEBHOOK_EVENTS] },
                created_at: { type: 'string' },
                data: { type: 'object' },
              },
            }),
          },
          responses: { '202': { description: 'accepted (asynchronous processing)' } },
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal token (`<prefix>_<hex>`, bound to one workspace) or an OAuth access token: `Bearer`, one space, the token.',
        },
        oauth2: {
          type: 'oauth2',
          description: 'Authorization Code with refresh tokens; clients are provisioned by the operator.',
          flows: {
            authorizationCode: {
              authorizationUrl: `${baseUrl}/authorize`,
              tokenUrl: `${baseUrl}/token`,
              refreshUrl: `${baseUrl}/token`,
              scopes: { offline_access: 'a refresh token (the default scope)' },
            },
          },
        },
        clientBasic: { type: 'http', scheme: 'basic', description: 'client_id:client_secret, for /token' },
      },
      headers: {
        'Retry-After': {
          description: 'seconds to wait before the next request',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      responses: componentResponses(),
      schemas: {
        ...COMPONENT_SCHEMAS,
        ...filterSchemas,
        ...operatorSchemas,
        Workspace: {
          type: 'object',
          required: ['id', 'slug', 'name'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            slug: { type: 'string' },
            name: { type: 'string' },
          },
        },
        Case: recordSchema(
          CASES.record,
          'A case (spec: "Case"). Types and fields beyond the spec\'s table: not shown.',
        ),
        CaseTemplate: recordSchema(
          CASE_TEMPLATES.record,
          'A case template: a case-like record with is_template true.',
        ),
        Form: recordSchema(FORMS.record, 'A form (spec: "Form").'),
        FormTemplate: recordSchema(FORM_TEMPLATES.record, 'A form template, identified by its slug.'),
        Response: open('A response', RESPONSE_FIELDS),
        Attachment: open('An attachment', ATTACHMENT_FIELDS),
        AttachmentUpload: {
          type: 'object',
          required: ['filename', 'content'],
          properties: {
            filename: { type: 'string', minLength: 1 },
            content_type: { type: 'string' },
            content: { type: 'string', contentEncoding: 'base64' },
          },
        },
        Signature: open("A signature's metadata", SIGNATURE_FIELDS),
        DocumentIntelligenceJob: open('A document-intelligence job', DOCINTEL_JOB_FIELDS),
        TokenRequest: {
          type: 'object',
          required: ['grant_type'],
          properties: {
            grant_type: { type: 'string', enum: ['authorization_code', 'refresh_token'] },
            code: { type: 'string' },
            redirect_uri: { type: 'string' },
            refresh_token: { type: 'string' },
            client_id: { type: 'string' },
            client_secret: { type: 'string' },
          },
        },
        TokenResponse: {
          type: 'object',
          required: ['access_token', 'token_type'],
          properties: {
            access_token: { type: 'string' },
            id_token: { type: 'string' },
            refresh_token: { type: 'string' },
            token_type: { const: 'Bearer' },
            expiresIn: { type: 'integer', description: 'seconds; 86400' },
          },
        },
      },
    },
  };
}
