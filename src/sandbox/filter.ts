/**
 * The filter engine of list and count endpoints, independent of any resource:
 * method 1 (one query parameter per field) and method 2 (the `filter` JSON)
 * both compile to predicates over records; `sort` compiles to a sorter.
 *
 * Semantics chosen where the spec is silent (see README.md):
 * - comparisons and `$ne`/`$like` with a non-null value never match a null field (SQL-like);
 * - `$like`/`$ilike` match the whole value, `%` is the only wildcard;
 * - dates are compared as instants; an ISO date without a zone is UTC;
 * - sort puts nulls after every value (last ascending, first descending) and
 *   breaks ties by ascending id, so offset paging is deterministic.
 */

import { MAX_PATTERN_LENGTH } from '../resources/define.js';
import { ISO_DATE_PATTERN } from '../resources/shared.js';
import type { Attributes, AttributeType, ResourceDef } from '../resources/types.js';
import { jsonBoundsProblem } from './json-body.js';
import { likeMatcher } from './like.js';
import { foldText, UUID_RE } from './text.js';

export type Predicate<T> = (record: T) => boolean;

/** A field a JSON filter may test, and how to read it from a record. */
export type FilterField<T> =
  | { readonly type: 'string' | 'uuid'; readonly get: (record: T) => string | null }
  | { readonly type: 'enum'; readonly values: readonly string[]; readonly get: (record: T) => string | null }
  | { readonly type: 'date'; readonly get: (record: T) => number | null }
  | { readonly type: 'boolean'; readonly get: (record: T) => boolean | null };

type Fields<T> = Readonly<Record<string, FilterField<T>>>;

/**
 * A relation of method 2: `{"attributes": {...}}` tests the fields the spec lists for it, and
 * `{"id": {...}}` (the spec's "id operator object") the id of the related record, when it has one.
 */
export interface FilterRelation<T> {
  readonly id?: FilterField<T>;
  readonly attributes: Fields<T>;
}

/** What method 2 may name for one resource. */
export interface FilterSchema<T> {
  readonly attributes: Fields<T>;
  readonly relationships: Readonly<Record<string, FilterRelation<T>>>;
}

/** An invalid `filter` parameter; each detail becomes one element of the error-list body. */
export class FilterError extends Error {
  constructor(readonly details: readonly string[]) {
    super(details.join('; '));
  }
}

/** A compiled `filter`: its predicates (all must hold) and a canonical text for cache keys. */
export interface CompiledFilter<T> {
  predicates: Predicate<T>[];
  canonical: string;
}

const OPERATORS = ['$eq', '$ne', '$gt', '$lt', '$ge', '$le', '$like', '$ilike'] as const;

/**
 * Parses and checks a method 2 `filter` value against a resource's schema.
 * @throws FilterError listing every problem found (bad JSON, unknown field,
 *   relation or operator, wrong value type, operator not applicable to the field)
 */
export function compileJsonFilter<T>(raw: string, schema: FilterSchema<T>): CompiledFilter<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new FilterError([`filter is not valid JSON: ${(error as Error).message}`]);
  }
  // canonicalJson below recurses: a deep filter must not reach it.
  const outOfBounds = jsonBoundsProblem(parsed);
  if (outOfBounds) throw new FilterError([`filter ${outOfBounds}`]);
  if (!isObject(parsed)) throw new FilterError(['filter must be a JSON object']);
  const out: Compiling<T> = { predicates: [], problems: [] };
  for (const [section, value] of Object.entries(parsed)) {
    if (section === 'attributes') compileFields('attributes', value, schema.attributes, out);
    else if (section === 'relationships') compileRelationships(value, schema.relationships, out);
    else out.problems.push(`${section}: unknown section; expected "attributes" or "relationships"`);
  }
  if (out.problems.length > 0) throw new FilterError(out.problems);
  return { predicates: out.predicates, canonical: canonicalJson(parsed) };
}

interface Compiling<T> {
  predicates: Predicate<T>[];
  problems: string[];
}

function compileRelationships<T>(
  value: unknown,
  relations: FilterSchema<T>['relationships'],
  out: Compiling<T>,
) {
  if (!isObject(value)) {
    out.problems.push(
      'relationships: expected an object mapping relation names to {"attributes": {...}} or {"id": {...}}',
    );
    return;
  }
  for (const [name, spec] of Object.entries(value)) {
    const path = `relationships.${name}`;
    const relation = own(relations, name);
    if (!relation) {
      out.problems.push(`${path}: unknown relation; known relations: ${Object.keys(relations).join(', ')}`);
      continue;
    }
    if (!isObject(spec) || Object.keys(spec).length === 0) {
      out.problems.push(`${path}: expected {"attributes": {...}} or {"id": {...}}`);
      continue;
    }
    for (const [key, inner] of Object.entries(spec)) {
      if (key === 'attributes') compileFields(`${path}.attributes`, inner, relation.attributes, out);
      else if (key === 'id' && relation.id) compileOperators(`${path}.id`, inner, relation.id, out);
      else if (key === 'id') out.problems.push(`${path}.id: relation ${name} has no id`);
      else out.problems.push(`${path}.${key}: unknown key; expected "attributes" or "id"`);
    }
  }
}

function compileFields<T>(path: string, value: unknown, fields: Fields<T>, out: Compiling<T>) {
  if (!isObject(value)) {
    out.problems.push(`${path}: expected an object mapping field names to operators`);
    return;
  }
  for (const [name, operators] of Object.entries(value)) {
    const field = own(fields, name);
    if (field) compileOperators(`${path}.${name}`, operators, field, out);
    else out.problems.push(`${path}.${name}: unknown field; known fields: ${Object.keys(fields).join(', ')}`);
  }
}

function compileOperators<T>(path: string, operators: unknown, field: FilterField<T>, out: Compiling<T>) {
  if (!isObject(operators) || Object.keys(operators).length === 0) {
    out.problems.push(`${path}: expected an object of operators such as {"$eq": value}`);
    return;
  }
  for (const [op, value] of Object.entries(operators)) {
    const result = compileOperator(op, value, field);
    if (typeof result === 'string') out.problems.push(`${path}.${op}: ${result}`);
    else out.predicates.push(result);
  }
}

/** One operator on one field: the predicate, or a string saying what is wrong. */
function compileOperator<T>(op: string, value: unknown, field: FilterField<T>): Predicate<T> | string {
  const get = field.get as (record: T) => string | number | boolean | null;
  switch (op) {
    case '$eq':
    case '$ne': {
      if (value === null) return op === '$eq' ? (r) => get(r) === null : (r) => get(r) !== null;
      const operand = equalityOperand(field, value);
      if (typeof operand === 'object') return operand.problem;
      return op === '$eq' ? (r) => get(r) === operand : (r) => notEqual(get(r), operand);
    }
    case '$gt':
    case '$lt':
    case '$ge':
    case '$le': {
      if (field.type !== 'date')
        return `${op} compares numbers and dates only, and this is a ${field.type} field`;
      const instant = typeof value === 'string' ? parseIsoDate(value) : null;
      if (instant === null)
        return `${op} expects an ISO 8601 date such as "2026-01-31" or "2026-01-31T12:00:00Z"`;
      return comparison(op, field.get, instant);
    }
    case '$like':
    case '$ilike': {
      if (field.type === 'date' || field.type === 'boolean')
        return `${op} matches text fields only, and this is a ${field.type} field`;
      if (typeof value !== 'string') return `${op} expects a string pattern`;
      if ([...value].length > MAX_PATTERN_LENGTH)
        return `${op} patterns are at most ${MAX_PATTERN_LENGTH} characters long`;
      const matches = likeMatcher(value, op === '$ilike');
      return (r) => {
        const text = get(r);
        return text !== null && matches(text as string);
      };
    }
    default:
      return `unknown operator; expected one of ${OPERATORS.join(', ')}`;
  }
}

function notEqual(actual: string | number | boolean | null, operand: string | number | boolean): boolean {
  return actual !== null && actual !== operand;
}

const COMPARISONS: Readonly<Record<string, (x: number, y: number) => boolean>> = {
  $gt: (x, y) => x > y,
  $lt: (x, y) => x < y,
  $ge: (x, y) => x >= y,
  $le: (x, y) => x <= y,
};

function comparison<T>(op: string, get: (r: T) => number | null, instant: number): Predicate<T> {
  const test = COMPARISONS[op]!;
  return (r) => {
    const x = get(r);
    return x !== null && test(x, instant);
  };
}

/** The value `$eq`/`$ne` compare with, in the field's stored form, or the problem. */
function equalityOperand<T>(
  field: FilterField<T>,
  value: unknown,
): string | number | boolean | { problem: string } {
  switch (field.type) {
    case 'string':
      return typeof value === 'string' ? value : { problem: 'expects a string or null' };
    case 'uuid':
      return typeof value === 'string' && UUID_RE.test(value)
        ? value.toLowerCase()
        : { problem: 'expects a UUID or null' };
    case 'enum':
      return typeof value === 'string' && field.values.includes(value)
        ? value
        : { problem: `expects one of ${field.values.join(', ')} or null` };
    case 'date': {
      const instant = typeof value === 'string' ? parseIsoDate(value) : null;
      return instant ?? { problem: 'expects an ISO 8601 date or null' };
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : { problem: 'expects true, false or null' };
  }
}

const ISO_DATE_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2})?)?$/;
// What the API's shape of a filter date accepts (a real day, a real time, an offset under a day).
const VALID_DATE_RE = new RegExp(ISO_DATE_PATTERN);

/** Epoch milliseconds of an ISO 8601 date or date-time (UTC when no zone), or null when invalid. */
export function parseIsoDate(text: string): number | null {
  const m = VALID_DATE_RE.test(text) ? ISO_DATE_RE.exec(text) : null;
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0)) as number[];
  const millis = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  // Date.UTC reads the years 0 to 99 as 1900 to 1999; setUTCFullYear takes every year as given.
  const check = new Date(0);
  check.setUTCFullYear(year!, month! - 1, day!);
  check.setUTCHours(hour!, minute!, second!, millis);
  const utc = check.getTime();
  const valid =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month! - 1 &&
    check.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60;
  if (!valid) return null;
  const zone = m[8];
  if (!zone || zone === 'Z') return utc;
  const offset = (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000;
  return zone[0] === '+' ? utc - offset : utc + offset;
}

/**
 * One method 1 query parameter: its value, already checked against the parameter's shape
 * (collection.ts), to the predicate it selects with.
 */
export type ParamFilter<T> = (value: string) => Predicate<T>;

/** Builders of method 1 parameters, one per matching rule of the API's table. */
export const param = {
  /** Exact, case-sensitive equality. */
  exact:
    <T>(get: (record: T) => string | null): ParamFilter<T> =>
    (value) =>
    (r) =>
      get(r) === value,

  /** Exact equality with a UUID (case-insensitive, as UUIDs are). */
  uuid:
    <T>(get: (record: T) => string | null): ParamFilter<T> =>
    (value) => {
      const id = value.toLowerCase();
      return (r) => get(r) === id;
    },

  /** `true` or `false`: whether the timestamp read by `get` is set (e.g. archived_at). */
  isSet:
    <T>(get: (record: T) => number | null): ParamFilter<T> =>
    (value) =>
      value === 'true' ? (r) => get(r) !== null : (r) => get(r) === null,

  /** `true` or `false`: a boolean field (e.g. a form's archived flag). */
  bool:
    <T>(get: (record: T) => boolean): ParamFilter<T> =>
    (value) => {
      const wanted = value === 'true';
      return (r) => get(r) === wanted;
    },

  /** Case-insensitive substring. */
  contains:
    <T>(get: (record: T) => string): ParamFilter<T> =>
    (value) => {
      const needle = value.toLowerCase();
      return (r) => get(r).toLowerCase().includes(needle);
    },

  /**
   * Free text over a precomputed folded key: every word of the query must occur
   * in it, ignoring case and accents ("jose muller" finds "José Müller").
   */
  search:
    <T>(getKey: (record: T) => string | null): ParamFilter<T> =>
    (value) => {
      const words = foldText(value).split(/\s+/).filter(Boolean);
      return (r) => {
        const key = getKey(r);
        return key !== null && words.every((word) => key.includes(word));
      };
    },
};

/** A problem with a parameter's value, `sort` or a page; becomes an `errors[]` element. */
export interface ParamProblem {
  readonly message: string;
  readonly type: string;
}

/** How to read a sortable field from a record. */
export type SortKey<T> = (record: T) => string | number | null;

/** Returns the records in a new array, sorted. */
export type Sorter<T> = (records: readonly T[]) => T[];

/**
 * Compiles `sort=field` (ascending) or `sort=-field` (descending) into a total
 * order: nulls last ascending (first descending), ties broken by ascending id.
 */
export function compileSort<T extends { readonly id: string }>(
  raw: string,
  keys: Readonly<Record<string, SortKey<T>>>,
): Sorter<T> | ParamProblem {
  const descending = raw.startsWith('-');
  const name = descending ? raw.slice(1) : raw;
  const key = own(keys, name);
  if (!key) {
    return {
      message: `cannot sort by "${name}"; sortable fields: ${Object.keys(keys).join(', ')}`,
      type: 'invalid_value',
    };
  }
  return (records) => sortByKey(records, key, descending ? -1 : 1);
}

// Comparing strings 1.7 million times (100,000 records) is slow; comparing numbers is not. So
// each record gets a numeric primary key (a string becomes its rank among the distinct values,
// null becomes Infinity) and, for ties, the number in the first 8 hex digits of its id; only
// ids equal in those digits are compared as strings.
function sortByKey<T extends { readonly id: string }>(
  records: readonly T[],
  key: SortKey<T>,
  direction: number,
): T[] {
  const values = records.map(key);
  const distinct = [...new Set(values.filter((v) => typeof v === 'string'))].sort();
  const rank = new Map(distinct.map((text, i) => [text, i]));
  const primary = Float64Array.from(values, (v) => {
    const n = v === null ? Number.POSITIVE_INFINITY : typeof v === 'string' ? rank.get(v)! : v;
    return direction * n;
  });
  const idPrefix = Float64Array.from(records, (r) => Number.parseInt(r.id.slice(0, 8), 16));
  const order = Array.from(records.keys());
  // Infinity - Infinity is NaN, which is falsy: two nulls fall through to the id like equal values.
  order.sort(
    (i, j) =>
      primary[i]! - primary[j]! || idPrefix[i]! - idPrefix[j]! || compareIds(records[i]!.id, records[j]!.id),
  );
  return order.map((i) => records[i]!);
}

function compareIds(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Own properties only, so names like "constructor" are unknown rather than inherited.
function own<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** JSON with object keys sorted, so equivalent filters share one cache entry. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** How to read each field method 2 names: the record's own, and each relation's. */
export interface FilterGetters<T> {
  readonly attributes: Readonly<Record<string, (record: T) => string | number | boolean | null>>;
  readonly relationships: Readonly<Record<string, Readonly<Record<string, (record: T) => string | null>>>>;
}

/**
 * Method 2 of a resource: which fields and relations it names, and the type of each, from the
 * resource's table (src/resources/); how to read them, from `getters`, which must read every one.
 */
export function filterSchemaOf<T>(resource: ResourceDef, getters: FilterGetters<T>): FilterSchema<T> {
  const fields = (
    types: Attributes,
    get: Readonly<Record<string, (record: T) => unknown>>,
    where: string,
  ) => {
    const missing = Object.keys(types).filter((name) => !Object.hasOwn(get, name));
    const extra = Object.keys(get).filter((name) => !Object.hasOwn(types, name));
    if (missing.length > 0 || extra.length > 0)
      throw new Error(
        `${resource.name} ${where}: no getter for ${missing.join(', ')}; no field for ${extra.join(', ')}`,
      );
    return Object.fromEntries(
      Object.entries(types).map(([name, type]) => [name, filterField(type, get[name]!)]),
    ) as Fields<T>;
  };
  const relationships = Object.fromEntries(
    Object.entries(resource.relations).map(([name, types]) => {
      const attributes = fields(types, getters.relationships[name] ?? {}, `relation ${name}`);
      // The id operator object names the related record itself, when the filter may name its id.
      return [name, { attributes, ...(attributes.id ? { id: attributes.id } : {}) }];
    }),
  );
  return { attributes: fields(resource.attributes, getters.attributes, 'attributes'), relationships };
}

function filterField<T>(type: AttributeType, get: (record: T) => unknown): FilterField<T> {
  switch (type.type) {
    case 'enum':
      return { type: 'enum', values: type.values, get: get as (record: T) => string | null };
    case 'uuid':
      return { type: 'uuid', get: get as (record: T) => string | null };
    case 'date':
      return { type: 'date', get: get as (record: T) => number | null };
    case 'boolean':
      return { type: 'boolean', get: get as (record: T) => boolean | null };
    // Method 2 compares an e-mail field as text.
    case 'email':
    case 'string':
      return { type: 'string', get: get as (record: T) => string | null };
  }
}
