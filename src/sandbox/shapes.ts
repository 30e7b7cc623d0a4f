/**
 * The sandbox's checks of requests, made from the API's shapes (src/resources/): a body's zod
 * schema, and the check of one query parameter's text. What the document says a request may
 * hold is exactly what these accept. Lengths count code points, as JSON Schema counts them.
 */
import * as z from 'zod';
import { BASE64_PATTERN, MEDIA_TYPE_PATTERN } from '../resources/attachments.js';
import type { JsonSchema } from '../resources/schema.js';
import { EMAIL_PATTERN, ISO_DATE_PATTERN, UUID_PATTERN } from '../resources/shared.js';
import { WEBHOOK_URL_PATTERN } from '../resources/webhook-events.js';

/** How a value that misses a pattern is told; a pattern not listed is quoted. */
const PATTERN_MESSAGES: Readonly<Record<string, string>> = {
  [UUID_PATTERN]: 'must be a UUID',
  [EMAIL_PATTERN]: 'must be an e-mail address',
  [ISO_DATE_PATTERN]: 'must be an ISO 8601 date such as 2026-01-31 or 2026-01-31T12:00:00Z',
  [WEBHOOK_URL_PATTERN]: 'must be an absolute http or https URL',
  [BASE64_PATTERN]: 'must be base64 (RFC 4648 section 4, padded, no line breaks)',
  [MEDIA_TYPE_PATTERN]: 'must be a media type such as application/pdf',
};

const patternMessage = (pattern: string) => PATTERN_MESSAGES[pattern] ?? `must match ${pattern}`;

const length = (text: string) => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

const schemas = new WeakMap<JsonSchema, z.ZodType>();

/** The zod schema of a shape, made once. */
export function zodOf(shape: JsonSchema): z.ZodType {
  let schema = schemas.get(shape);
  if (!schema) {
    schema = convert(shape);
    schemas.set(shape, schema);
  }
  return schema;
}

function convert(shape: JsonSchema): z.ZodType {
  if (shape.anyOf) {
    const options = shape.anyOf.map(zodOf);
    return options.length === 1 ? options[0]! : z.union(options as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  }
  if (shape.const !== undefined) return z.literal(shape.const);
  const types = Array.isArray(shape.type) ? shape.type : shape.type ? [shape.type] : [];
  const nullable = types.includes('null');
  const type = types.find((t) => t !== 'null');
  const schema = typed(type, shape);
  return nullable ? schema.nullable() : schema;
}

function typed(type: string | undefined, shape: JsonSchema): z.ZodType {
  switch (type) {
    case 'string':
      return shape.enum ? z.enum(shape.enum.filter((v) => v !== null) as [string, ...string[]]) : text(shape);
    case 'boolean':
      return z.boolean();
    case 'integer': {
      let schema = z.int();
      if (shape.minimum !== undefined)
        schema = schema.min(shape.minimum, `must be at least ${shape.minimum}`);
      if (shape.maximum !== undefined) schema = schema.max(shape.maximum, `must be at most ${shape.maximum}`);
      return schema;
    }
    case 'array':
      return list(shape);
    case 'object':
      return record(shape);
    default:
      return z.unknown();
  }
}

function text(shape: JsonSchema): z.ZodType {
  let schema: z.ZodType<string> = z.string();
  const { minLength, maxLength, pattern } = shape;
  if (minLength !== undefined)
    schema = schema.refine((value) => length(value) >= minLength, {
      message: minLength === 1 ? 'must not be empty' : `must be at least ${minLength} characters long`,
      abort: true,
      params: { type: 'too_small' },
    });
  if (maxLength !== undefined)
    schema = schema.refine((value) => length(value) <= maxLength, {
      message: `must be at most ${maxLength} characters long`,
      abort: true,
      params: { type: 'too_big' },
    });
  if (pattern !== undefined) {
    const re = new RegExp(pattern, 'u');
    schema = schema.refine((value) => re.test(value), {
      message: patternMessage(pattern),
      params: { type: 'invalid_format' },
    });
  }
  return schema;
}

function list(shape: JsonSchema): z.ZodType {
  let schema = z.array(shape.items ? zodOf(shape.items) : z.unknown());
  if (shape.minItems !== undefined)
    schema = schema.min(
      shape.minItems,
      shape.minItems === 1 ? 'must not be empty' : `must hold at least ${shape.minItems} items`,
    );
  if (shape.maxItems !== undefined)
    schema = schema.max(shape.maxItems, `must hold at most ${shape.maxItems} items`);
  if (!shape.uniqueItems) return schema;
  return schema.refine(
    (items) => new Set(items.map((item) => JSON.stringify(item))).size === items.length,
    'must not name an item twice',
  );
}

function record(shape: JsonSchema): z.ZodType {
  const { additionalProperties, propertyNames, minProperties, maxProperties } = shape;
  let schema: z.ZodType<Record<string, unknown>>;
  if (shape.properties && Object.keys(shape.properties).length > 0) {
    const required = new Set(shape.required ?? []);
    const fields = Object.fromEntries(
      Object.entries(shape.properties).map(([name, inner]) => [
        name,
        required.has(name) ? zodOf(inner) : zodOf(inner).optional(),
      ]),
    );
    schema = additionalProperties === false ? z.strictObject(fields) : z.looseObject(fields);
  } else {
    const values = typeof additionalProperties === 'object' ? zodOf(additionalProperties) : z.unknown();
    schema = z.record(propertyNames ? (zodOf(propertyNames) as z.ZodType<string>) : z.string(), values);
  }
  if (minProperties !== undefined)
    schema = schema.refine(
      (value) => Object.keys(value).length >= minProperties,
      minProperties === 1 ? 'must hold at least one field' : `must hold at least ${minProperties} fields`,
    );
  if (maxProperties !== undefined)
    schema = schema.refine(
      (value) => Object.keys(value).length <= maxProperties,
      `must have at most ${maxProperties} entries`,
    );
  return schema;
}

/** A problem with one query parameter's value; becomes an `errors[]` element. */
export interface ParamProblem {
  readonly message: string;
  readonly type: string;
}

/**
 * A query parameter's text checked against its shape: the value it stands for (a boolean or a
 * number for those shapes, else the text), or the problem.
 */
export function paramValue(
  shape: JsonSchema,
  raw: string,
): { value: string | number | boolean } | ParamProblem {
  const type = Array.isArray(shape.type) ? shape.type[0] : shape.type;
  if (type === 'boolean') {
    if (raw === 'true' || raw === 'false') return { value: raw === 'true' };
    return { message: 'must be true or false', type: 'invalid_type' };
  }
  if (type === 'integer') {
    if (!/^-?[0-9]+$/.test(raw)) return { message: 'must be an integer', type: 'invalid_type' };
    const n = Number(raw);
    if (shape.minimum !== undefined && n < shape.minimum)
      return { message: `must be at least ${shape.minimum}`, type: 'too_small' };
    if (shape.maximum !== undefined && n > shape.maximum)
      return { message: `must be at most ${shape.maximum}`, type: 'too_big' };
    return { value: n };
  }
  const result = zodOf(shape).safeParse(raw);
  if (result.success) return { value: raw };
  const issue = result.error.issues[0]!;
  const message =
    issue.code === 'invalid_value' && shape.enum ? `must be one of ${shape.enum.join(', ')}` : issue.message;
  return { message, type: issueType(issue) };
}

/** An issue's `type` in an error body: zod's code, or the one a check of ours names. */
export function issueType(issue: z.core.$ZodIssue): string {
  return issue.code === 'custom' ? String(issue.params?.type ?? 'custom') : issue.code;
}
