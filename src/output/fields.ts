/** Dot paths into API objects: reading them, flattening objects into them, and --fields. */
import { UsageError } from '../core/errors.js';
import { isRecord } from '../core/guards.js';
import { quote } from '../core/text/quote.js';

/** The value at `segments` inside `value`, or undefined when any step is missing (own keys only). */
export function getIn(value: unknown, segments: readonly string[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

// A list reads the same few paths (its columns, --fields) in every row: each is split once.
const segmentsOf = new Map<string, readonly string[]>();

/** The value at a dot path (`getPath(form, 'contact.email')`), or undefined when missing. */
export function getPath(value: unknown, path: string): unknown {
  let segments = segmentsOf.get(path);
  if (segments === undefined) {
    segments = path.split('.');
    segmentsOf.set(path, segments);
  }
  return getIn(value, segments);
}

/**
 * The paths of every leaf of `value`, in key order. Objects are walked into; arrays, scalars,
 * null and empty objects are leaves (an empty object would otherwise vanish from a CSV header).
 */
export function leafPaths(value: Record<string, unknown>, prefix: readonly string[] = []): string[][] {
  const paths: string[][] = [];
  for (const [key, child] of Object.entries(value)) {
    const path = [...prefix, key];
    if (isRecord(child) && Object.keys(child).length > 0) paths.push(...leafPaths(child, path));
    else paths.push(path);
  }
  return paths;
}

/** `{owner: {email: 'a'}, tags: ['x']}` -> `{'owner.email': 'a', tags: ['x']}`: leaves under dot keys, arrays kept whole. */
export function flatten(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(leafPaths(value).map((path) => [path.join('.'), getIn(value, path)]));
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => segment === path[i]);
}

/**
 * A copy of `source` with only the given dot paths, nesting kept: `['id', 'owner.email']` ->
 * `{id, owner: {email}}`. A missing path becomes null, so every object has the same shape.
 */
export function pickFields(
  source: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const taken: string[][] = [];
  for (const field of fields) {
    const path = field.split('.');
    // `owner` after `owner.email` replaces the partial object; `owner.email` after `owner` adds nothing.
    if (taken.some((done) => startsWith(path, done))) continue;
    taken.push(path);
    let target = result;
    for (const segment of path.slice(0, -1)) {
      // Only objects built here sit on an untaken prefix, so writing into them never touches `source`.
      target[segment] ??= {};
      target = target[segment] as Record<string, unknown>;
    }
    target[path.at(-1)!] = getIn(source, path) ?? null;
  }
  return result;
}

/** What json and ndjson print of a record: the --fields paths, or the whole record. */
export function fieldPicker(
  fields: readonly string[] | undefined,
): (row: Record<string, unknown>) => Record<string, unknown> {
  return fields ? (row) => pickFields(row, fields) : (row) => row;
}

/**
 * Parses `--fields a,b,c.d`. The first segment of each path must be a top-level field of
 * `knownFields` (which may list nested ones too, `owner.email`, for completion), else a
 * UsageError lists the top-level ones. Duplicates are dropped.
 */
export function parseFields(text: string, knownFields: readonly string[]): string[] {
  const topLevel = [...new Set(knownFields.map((field) => field.split('.')[0]!))];
  const valid = topLevel.join(', ');
  const fields = [
    ...new Set(
      text
        .split(',')
        .map((field) => field.trim())
        .filter((field) => field !== ''),
    ),
  ];
  if (fields.length === 0)
    throw new UsageError(`--fields needs at least one field name: expected some of ${valid}`);
  for (const field of fields) {
    const path = field.split('.');
    if (path.includes('')) {
      throw new UsageError(`invalid field ${quote(field)} in --fields: write nested fields as owner.email`);
    }
    if (!topLevel.includes(path[0]!))
      throw new UsageError(`unknown field ${quote(field)} in --fields: expected one of ${valid}`);
  }
  return fields;
}
