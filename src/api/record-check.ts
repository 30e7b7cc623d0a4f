/**
 * The client's check of a record against its shape (src/resources/), in place: nothing is copied,
 * so a list of 80,000 cases allocates no second record per row. Lenient on purpose, so that a
 * newer server does not break an older client: fields the shape does not name pass, any field
 * but the ones the caller requires (a record's key; `a.b` a field of each `a`) may be missing
 * or null, and of each field only its JSON type and an integer's minimum are checked (not an
 * enum's values, a format or a pattern), nested objects and lists included.
 */
import { isRecord } from '../core/guards.js';
import type { JsonSchema } from '../resources/schema.js';

/** Why a record does not hold: where (the path inside it) and what was expected. */
export interface RecordIssue {
  path: (string | number)[];
  message: string;
}

/** A compiled check of one value: undefined when it holds, else where and why (the path reversed). */
type Check = (value: unknown) => RecordIssue | undefined;

const checks = new WeakMap<JsonSchema, Check>();

/**
 * The first place in `value` that its shape refuses; undefined when it holds. `required` names
 * the fields that must be there and not null: a record's key, `responses.id` the id of each
 * response (in a list or not) where there are responses.
 */
export function recordIssue(
  shape: JsonSchema,
  required: readonly string[],
  value: unknown,
): RecordIssue | undefined {
  if (!isRecord(value)) return invalid('object', value);
  let issue: RecordIssue | undefined;
  for (const path of required) {
    issue ??= missingIssue(shape, path.split('.'), value);
  }
  if (!issue) {
    let check = checks.get(shape);
    if (!check) {
      check = compile(shape);
      checks.set(shape, check);
    }
    issue = check(value);
  }
  if (issue) issue.path.reverse();
  return issue;
}

/** Where a field the path names is missing or null, in `value` of `shape` and each of its lists' elements. */
function missingIssue(shape: JsonSchema, [name, ...rest]: string[], value: unknown): RecordIssue | undefined {
  if (!isRecord(value) || name === undefined) return undefined;
  const inner = value[name];
  const innerShape = nonNull(shape).properties?.[name] ?? {};
  if (rest.length === 0) return inner == null ? at(name, invalid(expectedOf(innerShape), inner)) : undefined;
  if (!Array.isArray(inner)) {
    const issue = missingIssue(innerShape, rest, inner);
    return issue && at(name, issue);
  }
  const items = nonNull(innerShape).items ?? {};
  for (let index = 0; index < inner.length; index++) {
    const issue = missingIssue(items, rest, inner[index]);
    if (issue) return at(name, at(index, issue));
  }
  return undefined;
}

/** The shape without its `null` option. */
function nonNull(shape: JsonSchema): JsonSchema {
  return shape.anyOf?.find((option) => option.type !== 'null') ?? shape;
}

/** The check of a value of `shape`; null and a missing value pass (the caller decides on the key). */
function compile(shape: JsonSchema): Check {
  const options = shape.anyOf?.filter((option) => option.type !== 'null');
  if (options?.length === 1) return compile(options[0]!);
  if (options) return anyOf(options.map(compile));
  const type = Array.isArray(shape.type) ? shape.type.find((t) => t !== 'null') : shape.type;
  switch (type ?? typeOfConst(shape)) {
    case 'string':
      return (value) => (value == null || typeof value === 'string' ? undefined : invalid('string', value));
    case 'boolean':
      return (value) => (value == null || typeof value === 'boolean' ? undefined : invalid('boolean', value));
    case 'integer':
      return integerCheck(shape.minimum);
    case 'number':
      return (value) => (value == null || typeof value === 'number' ? undefined : invalid('number', value));
    case 'array':
      return arrayCheck(shape.items ? compile(shape.items) : undefined, expectedOf(shape.items));
    case 'object':
      return objectCheck(shape);
    default:
      return () => undefined;
  }
}

function typeOfConst(shape: JsonSchema): string | undefined {
  const value = shape.const ?? shape.enum?.find((item) => item !== null);
  return value === undefined || value === null ? undefined : typeof value;
}

function objectCheck(shape: JsonSchema): Check {
  // Only the fields whose shape checks anything: an `anything` field costs the loop nothing.
  const fields = Object.entries(shape.properties ?? {})
    .filter(([, inner]) =>
      Object.keys(inner).some(
        (word) => word === 'type' || word === 'anyOf' || word === 'const' || word === 'enum',
      ),
    )
    .map(([name, inner]) => [name, compile(inner)] as const);
  return (value) => {
    if (value == null) return undefined;
    if (!isRecord(value)) return invalid('object', value);
    for (const [name, check] of fields) {
      const issue = check(value[name]);
      if (issue) return at(name, issue);
    }
    return undefined;
  };
}

function integerCheck(minimum: number | undefined): Check {
  return (value) => {
    if (value == null) return undefined;
    if (!Number.isInteger(value)) return invalid('int', value);
    if (minimum !== undefined && (value as number) < minimum)
      return { path: [], message: `Too small: expected number to be >=${minimum}` };
    return undefined;
  };
}

/** What a field or a list's element must be, in an issue's words: null is no element. */
function expectedOf(shape: JsonSchema | undefined): string {
  const type = Array.isArray(shape?.type) ? shape.type[0] : shape?.type;
  return type === 'integer' ? 'int' : (type ?? 'value');
}

function arrayCheck(item: Check | undefined, expected: string): Check {
  return (value) => {
    if (value == null) return undefined;
    if (!Array.isArray(value)) return invalid('array', value);
    if (!item) return undefined;
    for (let index = 0; index < value.length; index++) {
      const element: unknown = value[index];
      const issue = element == null ? invalid(expected, element) : item(element);
      if (issue) return at(index, issue);
    }
    return undefined;
  };
}

function anyOf(options: Check[]): Check {
  return (value) => {
    let first: RecordIssue | undefined;
    for (const option of options) {
      const issue = option(value);
      if (!issue) return undefined;
      first ??= issue;
    }
    return first;
  };
}

/** The issue, one level further out: paths are built from the inside, reversed once at the end. */
function at(step: string | number, issue: RecordIssue): RecordIssue {
  issue.path.push(step);
  return issue;
}

/** As zod words it, so that every unexpected answer reads alike. */
function invalid(expected: string, value: unknown): RecordIssue {
  return { path: [], message: `Invalid input: expected ${expected}, received ${kindOf(value)}` };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}
