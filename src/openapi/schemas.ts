/**
 * JSON Schemas (OpenAPI 3.1, that is JSON Schema 2020-12) of what the spec shows of records,
 * envelopes and error bodies. Records are open: a server may send fields beyond these, as the
 * spec's tables list only some (clients pass unknown fields through).
 */
import type { AttributeType, FieldShape, RecordFields } from '../resources/index.js';

export type Schema = Record<string, unknown>;

/** What the spec marks "not shown", said in the description instead of invented (x-not-shown). */
export function notShown(what: string, schema: Schema = { type: 'object' }): Schema {
  return { ...schema, description: `${what}: not shown in the spec.`, 'x-not-shown': true };
}

const NULLABLE_OBJECT: Schema = { type: ['object', 'null'] };

/** The schema of one top-level field by what the resource table says wfd relies on. */
function fieldSchema(shape: FieldShape): Schema {
  switch (shape) {
    case 'key':
    case 'text':
      return { type: 'string' };
    case 'text-or-null':
      return { type: ['string', 'null'] };
    case 'flag':
      return { type: ['boolean', 'null'] };
    case 'relation':
      return { type: ['object', 'null'], properties: { id: { type: 'string' } } };
    case 'object':
      return NULLABLE_OBJECT;
    case 'objects':
      return { type: 'array', items: { type: 'object' } };
    case 'any':
      return {};
  }
}

/** A record's schema from its resource table: the fields wfd relies on; `key` fields required. */
export function recordSchema(record: RecordFields, description: string): Schema {
  const properties = Object.fromEntries(
    Object.entries(record).map(([name, shape]) => [name, fieldSchema(shape)]),
  );
  const required = Object.entries(record)
    .filter(([, shape]) => shape === 'key')
    .map(([name]) => name);
  return { type: 'object', description, properties, required };
}

/** The schema of a filter attribute's values (method 1 parameters and method 2 operands). */
export function attributeSchema(type: AttributeType): Schema {
  switch (type.type) {
    case 'enum':
      return { type: 'string', enum: [...type.values] };
    case 'uuid':
      return { type: 'string', format: 'uuid' };
    case 'email':
      return { type: 'string', format: 'email' };
    case 'date':
      return { type: 'string', format: 'date-time' };
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
      return { type: 'string' };
  }
}

/** Reusable component schemas; referenced as `#/components/schemas/<name>`. */
export const COMPONENT_SCHEMAS: Record<string, Schema> = {
  PageMeta: {
    type: 'object',
    description: 'Paginated collection envelope (spec: "Paginated collection envelope").',
    required: ['total_count', 'total_pages', 'page_size', 'current_page'],
    properties: {
      total_count: { type: 'integer', minimum: 0, description: 'results matching the filters' },
      total_pages: { type: 'integer', minimum: 0, description: 'pages available' },
      page_size: { type: 'integer', minimum: 1, maximum: 100, description: 'results per page' },
      current_page: { type: 'integer', minimum: 1, description: 'current page number' },
    },
  },
  Count: {
    type: 'object',
    description:
      'A count. The body of /count and its grouping are not shown in the spec; this server answers {count}, and with group_by also {groups: [{<field>: value, ..., count}]}.',
    'x-not-shown': true,
    required: ['count'],
    properties: {
      count: { type: 'integer', minimum: 0 },
      groups: {
        type: 'array',
        items: {
          type: 'object',
          required: ['count'],
          properties: { count: { type: 'integer', minimum: 0 } },
        },
      },
    },
  },
  StandardError: {
    type: 'object',
    description: 'Error body shape 1 (spec: "Errors", "Body shapes").',
    required: ['statusCode', 'error', 'message'],
    properties: {
      statusCode: { type: 'integer', description: 'the HTTP status' },
      error: { type: 'string', description: 'official status name' },
      message: { type: 'string', description: 'human-readable, may change' },
      errors: {
        type: 'array',
        description: 'only for 400 validation errors',
        items: {
          type: 'object',
          required: ['message', 'path', 'type'],
          properties: {
            message: { type: 'string' },
            path: { type: 'array', items: { type: ['string', 'integer'] } },
            type: { type: 'string' },
          },
        },
      },
    },
  },
  ErrorList: {
    type: 'object',
    description: 'Error body shape 2, the error list (invalid filter, archive on a template).',
    required: ['errors'],
    properties: {
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['status', 'title', 'detail'],
          properties: { status: { type: 'string' }, title: { type: 'string' }, detail: { type: 'string' } },
        },
      },
    },
  },
  RateLimitError: {
    type: 'object',
    description: 'Error body shape 3, the rate limit.',
    required: ['statusCode', 'error', 'message', 'retryAfter'],
    properties: {
      statusCode: { const: 429 },
      error: { const: 'Too Many Requests' },
      message: { type: 'string' },
      retryAfter: { type: 'integer', minimum: 0, description: 'seconds; 60 in the documented case' },
    },
  },
  OAuthError: {
    type: 'object',
    description: 'An OAuth error (RFC 6749 section 5.2); the spec gives only its statuses.',
    required: ['error'],
    properties: { error: { type: 'string' }, error_description: { type: 'string' } },
  },
};

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
