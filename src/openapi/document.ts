/**
 * The OpenAPI 3.1 document of the API, built from its description as data (src/resources/):
 * the operations table gives the paths, the resource tables the list and count parameters and
 * the method-2 filters, the shapes every schema. Nothing here is written per path. A shape with a
 * name is listed once under `components.schemas` and pointed to. Where the contract says "not
 * shown", the document says so (`x-not-shown`) and describes the sandbox's reading.
 * `wfd sandbox` serves it at /openapi.json; `wfd api` completes paths and checks requests with it.
 */
import { ErrorList, RateLimitError, StandardError } from '../resources/answers.js';
import { type Answer, type Link, OPERATIONS, type Operation, TAGS } from '../resources/operations.js';
import type { JsonSchema } from '../resources/schema.js';
import { Delivery } from '../resources/webhook-events.js';
import { collectionParameters, filterName, filterSchema, type Schema } from './collection.js';
import { Components } from './components.js';

export type { Schema };

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Schema> } & Record<string, unknown>;
};

export interface OperationObject {
  operationId: string;
  summary: string;
  tags: string[];
  [key: string]: unknown;
}

const ERROR_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request: missing required field, malformed JSON, invalid UUID or email, incorrect schema value, referenced template or owner not found (`errors[].type` `not_found`), invalid filter (error-list shape), archive on a template (error-list shape)',
  401: 'Unauthorized: missing header, invalid or expired token',
  403: 'Forbidden: no access to workspace or resource',
  404: 'Not Found: unknown id or unknown endpoint',
  409: 'Conflict with the resource state, for example a step already started or a duplicate',
  413: 'Payload Too Large: body too large, for example an upload over the size limit (the limit: not shown)',
  415: 'Unsupported Media Type: a body in a type or Content-Encoding the operation does not take (not in the contract)',
  422: 'Unprocessable Entity: a well-formed request failing a business rule',
  429: 'Too Many Requests: a rate limit (100 per minute per token, 1,000 per hour per client) exceeded',
  500: 'Internal Server Error',
  502: 'Bad Gateway: a backend is unreachable or failed',
  503: 'Service Unavailable at infrastructure level',
  504: 'Gateway Timeout: the request took longer than about 30 seconds',
};

/** The error answers, by status: `#/components/responses/E<status>`. */
function errorResponses(components: Components): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(ERROR_TEXT).map(([status, description]) => {
      const code = Number(status);
      const shape: JsonSchema =
        code === 429 ? RateLimitError : code === 400 ? { anyOf: [StandardError, ErrorList] } : StandardError;
      const headers =
        code === 429 || code === 503 ? { 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : {};
      return [
        `E${status}`,
        { description, headers, content: { 'application/json': { schema: components.schema(shape) } } },
      ];
    }),
  );
}

function answerObject(answer: Answer, components: Components): Record<string, unknown> {
  return {
    description: answer.description,
    ...(answer.content
      ? {
          content: Object.fromEntries(
            Object.entries(answer.content).map(([type, shape]) => [
              type,
              { schema: components.schema(shape) },
            ]),
          ),
        }
      : {}),
  };
}

function linkObject(link: Link): Record<string, unknown> {
  return {
    operationId: link.operation,
    description: link.description,
    ...(link.parameters ? { parameters: link.parameters } : {}),
    ...(link.body === undefined ? {} : { requestBody: link.body }),
  };
}

const SECURITY = { none: [], client: [{}, { clientBasic: [] }] } as const;

function operationObject(op: Operation, components: Components): OperationObject {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(op.answers)) {
    const links = op.links?.[Number(status)];
    responses[status] = {
      ...answerObject(answer, components),
      ...(links
        ? { links: Object.fromEntries(Object.entries(links).map(([name, l]) => [name, linkObject(l)])) }
        : {}),
    };
  }
  for (const status of op.errors) responses[String(status)] = { $ref: `#/components/responses/E${status}` };
  const parameters = [
    ...(op.parameters ?? []).map((p) => ({
      name: p.name,
      in: p.in,
      required: p.required ?? false,
      ...(p.description ? { description: p.description } : {}),
      ...(p.commas ? { style: 'form', explode: false } : {}),
      schema: components.schema(p.shape),
    })),
    ...(op.collection ? collectionParameters(op.collection.resource, op.collection.kind, components) : []),
  ];
  return {
    operationId: op.id,
    summary: op.summary,
    tags: [op.tag],
    ...(op.description ? { description: op.description } : {}),
    ...(op.notShown ? { 'x-not-shown': true } : {}),
    ...(op.security ? { security: SECURITY[op.security] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              Object.entries(op.body).map(([type, shape]) => [type, { schema: components.schema(shape) }]),
            ),
          },
        }
      : {}),
    responses,
  };
}

function paths(components: Components): OpenApiDocument['paths'] {
  const out: OpenApiDocument['paths'] = {};
  for (const op of OPERATIONS) {
    out[op.path] ??= {};
    out[op.path]![op.method] = operationObject(op, components);
  }
  return out;
}

/** The method-2 filter of every filterable resource, and the operator objects of each attribute type. */
function filterSchemas(components: Components): void {
  const resources = new Set(
    OPERATIONS.flatMap((op) => (op.collection?.resource.filterable ? [op.collection.resource] : [])),
  );
  for (const resource of resources) components.add(filterName(resource), filterSchema(resource, components));
}

/** The whole document, with `baseUrl` as its server (the sandbox's own URL when it serves it). */
export function openApiDescription(baseUrl = 'http://127.0.0.1:4010'): OpenApiDocument {
  const components = new Components();
  filterSchemas(components);
  const documentPaths = paths(components);
  const responses = errorResponses(components);
  const delivery = components.schema(Delivery);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workflow, Forms and Documents API',
      version: '1.0.0',
      description:
        'Cases, case templates, forms, responses, form templates, attachments, document intelligence, signatures and workspaces, with OAuth 2.0 at the host root. Where the API\'s contract says a detail is "not shown", this description says so with `x-not-shown: true` and describes what this server (wfd sandbox) does. Every constraint the server checks is here: a request this description calls valid is accepted (a record it names may still not exist: 404, or 400 with `errors[].type` `not_found`), one it calls invalid is refused.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: baseUrl, description: 'the host root; resources are under /v1' }],
    security: [{ bearer: [] }, { oauth2: ['offline_access'] }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths: documentPaths,
    webhooks: {
      delivery: {
        post: {
          operationId: 'webhookDelivery',
          summary: 'A notification to a receiver URL registered on a form',
          'x-not-shown': true,
          requestBody: { content: { 'application/json': { schema: delivery } } },
          responses: { '202': { description: 'accepted (asynchronous processing)' } },
        },
      },
    },
    components: {
      securitySchemes: securitySchemes(baseUrl),
      headers: {
        'Retry-After': {
          description: 'seconds to wait before the next request',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      responses,
      schemas: components.schemas,
    },
  };
}

function securitySchemes(baseUrl: string) {
  return {
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
  };
}

/** Where the repository keeps the document, as `npm run reference` writes it. */
export const OPENAPI_PATH = 'docs/openapi.json';

/** The document as a file holds it, and as the sandbox serves it: indented JSON and a newline. */
export function openApiText(baseUrl?: string): string {
  return `${JSON.stringify(openApiDescription(baseUrl), null, 2)}\n`;
}
