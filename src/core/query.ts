/**
 * List queries: method-1 filter flags -> bracket params, `--filter` JSON and
 * `--where` clauses -> the method-2 `filter` param, and `--sort`.
 *
 * Everything here runs before any request, so every bad input is a UsageError
 * (exit 2) that names the flag and what was expected. Pagination params are
 * planned elsewhere (paginate.ts).
 *
 * Note: query.ts and where.ts import each other. That is safe because neither
 * touches the other's bindings at module top level, only inside functions.
 */
import { UsageError } from './errors.js';
import { isRecord } from './guards.js';
import {
  compileWhere,
  JSON_OPERATOR,
  operatorsFor,
  relationFieldType,
  typeName,
  valueProblem,
  type WhereOperator,
} from './where.js';

/** The list endpoints that take filters or a sort. */
export type FilterResource = 'cases' | 'case_templates' | 'forms' | 'form_templates';

/** Type of a filterable field; decides which `--where` operators and values fit. */
export type FieldType =
  | { readonly type: 'string' | 'boolean' | 'date' | 'uuid' | 'email' }
  | { readonly type: 'enum'; readonly values: readonly string[] };

/** The spec's method-2 JSON filter. */
export type JsonFilter = {
  attributes?: Record<string, Record<string, unknown>>;
  relationships?: Record<
    string,
    { attributes?: Record<string, Record<string, unknown>>; id?: Record<string, unknown> }
  >;
};

/** What the spec says one list endpoint can be filtered and sorted by. */
export interface ResourceQuerySpec {
  /** False for form templates: the API lists them with pagination and sort only. */
  readonly filterable: boolean;
  /** Forms: fields depend on the form template, so unknown fields and relations pass. */
  readonly openFields: boolean;
  readonly attributes: Readonly<Record<string, FieldType>>;
  /** Relation name -> its filterable fields; an `id` entry allows the id operator object. */
  readonly relations: Readonly<Record<string, Readonly<Record<string, FieldType>>>>;
  /** Method-1 query parameters, in the spec's order. */
  readonly params: readonly string[];
  readonly sortable: readonly string[];
}

/** Values of a case's `parent_status`. */
export const PARENT_STATUSES = ['draft', 'pending', 'in_progress', 'closed'] as const;
/** Values of a case's `waiting_for`. */
export const WAITING_FOR = ['none', 'owner', 'contact'] as const;

/** The 8 comparison operators of method 2, in the spec's order. */
export const FILTER_OPERATORS = ['$eq', '$ne', '$gt', '$lt', '$ge', '$le', '$like', '$ilike'] as const;
/** Named by the spec as a filter operator with unknown meaning: passed through untouched. */
const EXTENDS_OPERATOR = '$extends';

const STRING: FieldType = { type: 'string' };
const BOOLEAN: FieldType = { type: 'boolean' };
const DATE: FieldType = { type: 'date' };
const UUID: FieldType = { type: 'uuid' };
const EMAIL: FieldType = { type: 'email' };

const OWNER = { id: UUID, email: EMAIL };
const WORKSPACE = { id: UUID, slug: STRING };

/** Per resource: filterable fields and relations, method-1 params and sortable fields. */
export const RESOURCES: Readonly<Record<FilterResource, ResourceQuerySpec>> = {
  cases: {
    filterable: true,
    openFields: false,
    attributes: {
      id: UUID,
      title: STRING,
      status: STRING,
      parent_status: { type: 'enum', values: PARENT_STATUSES },
      waiting_for: { type: 'enum', values: WAITING_FOR },
      reference: STRING,
      archived_at: DATE,
      created_at: DATE,
      updated_at: DATE,
    },
    relations: {
      template: { id: UUID },
      owner: OWNER,
      workspace: WORKSPACE,
      contact: { given_name: STRING, family_name: STRING, email: EMAIL },
    },
    params: [
      'template[id]',
      'status',
      'parent_status',
      'archived',
      'waiting_for',
      'reference',
      'owner[id]',
      'owner[email]',
      'workspace[id]',
      'workspace[slug]',
      'contact[given_name]',
      'contact[family_name]',
      'contact[email]',
      'contact[search]',
    ],
    sortable: [
      'created_at',
      'updated_at',
      'title',
      'status',
      'parent_status',
      'waiting_for',
      'reference',
      'archived_at',
    ],
  },
  case_templates: {
    filterable: true,
    openFields: false,
    attributes: {
      id: UUID,
      title: STRING,
      reference: STRING,
      archived_at: DATE,
      created_at: DATE,
      updated_at: DATE,
    },
    relations: { owner: OWNER, workspace: WORKSPACE },
    params: [
      'title',
      'reference',
      'archived',
      'owner[id]',
      'owner[email]',
      'workspace[id]',
      'workspace[slug]',
    ],
    sortable: ['created_at', 'updated_at', 'title', 'reference', 'archived_at'],
  },
  forms: {
    filterable: true,
    openFields: true,
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
    params: [
      'workspace[slug]',
      'flow[slug]',
      'flow[customization]',
      'owner[email]',
      'user[given_name]',
      'user[family_name]',
      'user[email]',
      'user[phone]',
      'archived',
      'active',
      'completed',
      'processed',
    ],
    sortable: ['created_at', 'updated_at'],
  },
  form_templates: {
    filterable: false,
    openFields: false,
    attributes: {},
    relations: {},
    params: [],
    sortable: ['created_at', 'updated_at'],
  },
};

// ---------------------------------------------------------------------------
// Shared validators

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// HTML's e-mail rule, plus a dot in the domain: what the API will accept in practice.
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const SLUG_RE = /^[a-z0-9][a-z0-9-_]*$/;
// The sandbox's grammar (src/sandbox/filter.ts), so what passes here passes there: a date, or a
// date and a time to the minute with optional seconds and fraction, then optionally Z or ±HH:MM.
const ISO_DATE_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** Reads an own property only: names come from users, and "constructor" must not find Object's. */
export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Writes an own property: a user's "__proto__" must become a key, not replace the prototype. */
export function putOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/** True for a UUID string (any version, either case). */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

/** Returns `value` when it is a UUID, else UsageError `invalid <what> "<value>": expected a UUID`. */
export function assertUuid(value: string, what: string): string {
  if (!isUuid(value)) throw new UsageError(`invalid ${what} "${value}": expected a UUID`);
  return value;
}

/** True for a plausible e-mail address (local@domain.tld). */
export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}

/**
 * True for an ISO 8601 date (`2026-01-31`) or date-time (`2026-01-31T09:30:00.5+01:00`) with a
 * real calendar date and time, exactly as the sandbox reads dates: the same grammar, the same
 * checks (like it, years before 0100 are refused and a zone offset is not range-checked).
 */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE_RE.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

// ---------------------------------------------------------------------------
// Method 1: flags -> bracket params

/** A query parameter; repeated names are allowed (`flow[slug][]`). */
export type QueryParam = [string, string];

/** `wfd cases list|count` filter flags, as commander gives them. */
export interface CaseFilterFlags {
  template?: string;
  status?: string;
  parentStatus?: string;
  archived?: boolean;
  waitingFor?: string;
  reference?: string;
  owner?: string;
  workspace?: string;
  contactGivenName?: string;
  contactFamilyName?: string;
  contactEmail?: string;
  contact?: string;
}

/** `wfd case-templates list` filter flags. */
export interface CaseTemplateFilterFlags {
  title?: string;
  reference?: string;
  archived?: boolean;
  owner?: string;
  workspace?: string;
}

/** `wfd forms list|count` filter flags; `flow` is repeatable. */
export interface FormFilterFlags {
  workspace?: string;
  flow?: string | string[];
  customization?: string;
  owner?: string;
  givenName?: string;
  familyName?: string;
  email?: string;
  phone?: string;
  archived?: boolean;
  active?: boolean;
  completed?: boolean;
  processed?: boolean;
}

/** The filter flags that fit one resource (form templates take none). */
export type FilterFlagsFor<R extends FilterResource> = R extends 'cases'
  ? CaseFilterFlags
  : R extends 'case_templates'
    ? CaseTemplateFilterFlags
    : R extends 'forms'
      ? FormFilterFlags
      : Record<string, never>;

/**
 * Maps a list command's filter flags to the spec's method-1 query parameters,
 * in the spec's order, validating UUIDs, e-mails, slugs and enumerations.
 * Keys that are not filter flags (commander's other options) are ignored.
 */
export function filterParams(resource: 'cases', flags: CaseFilterFlags): QueryParam[];
export function filterParams(resource: 'case_templates', flags: CaseTemplateFilterFlags): QueryParam[];
export function filterParams(resource: 'forms', flags: FormFilterFlags): QueryParam[];
export function filterParams(
  resource: 'cases' | 'case_templates' | 'forms',
  flags: CaseFilterFlags | CaseTemplateFilterFlags | FormFilterFlags,
): QueryParam[];
export function filterParams(
  resource: 'cases' | 'case_templates' | 'forms',
  flags: CaseFilterFlags | CaseTemplateFilterFlags | FormFilterFlags,
): QueryParam[] {
  if (resource === 'cases') return caseParams(flags as CaseFilterFlags);
  if (resource === 'case_templates') return caseTemplateParams(flags as CaseTemplateFilterFlags);
  return formParams(flags as FormFilterFlags);
}

function caseParams(f: CaseFilterFlags): QueryParam[] {
  const out: QueryParam[] = [];
  if (f.template !== undefined) out.push(['template[id]', assertUuid(f.template, '--template')]);
  if (f.status !== undefined) out.push(['status', nonEmpty(f.status, '--status')]);
  if (f.parentStatus !== undefined)
    out.push(['parent_status', oneOf(f.parentStatus, PARENT_STATUSES, '--parent-status')]);
  if (f.archived !== undefined) out.push(['archived', String(f.archived)]);
  if (f.waitingFor !== undefined)
    out.push(['waiting_for', oneOf(f.waitingFor, WAITING_FOR, '--waiting-for')]);
  if (f.reference !== undefined) out.push(['reference', nonEmpty(f.reference, '--reference')]);
  if (f.owner !== undefined) out.push(ownerParam(f.owner));
  if (f.workspace !== undefined) out.push(workspaceParam(f.workspace));
  if (f.contactGivenName !== undefined)
    out.push(['contact[given_name]', nonEmpty(f.contactGivenName, '--contact-given-name')]);
  if (f.contactFamilyName !== undefined)
    out.push(['contact[family_name]', nonEmpty(f.contactFamilyName, '--contact-family-name')]);
  if (f.contactEmail !== undefined) out.push(['contact[email]', email(f.contactEmail, '--contact-email')]);
  if (f.contact !== undefined) out.push(['contact[search]', nonEmpty(f.contact, '--contact')]);
  return out;
}

function caseTemplateParams(f: CaseTemplateFilterFlags): QueryParam[] {
  const out: QueryParam[] = [];
  if (f.title !== undefined) out.push(['title', nonEmpty(f.title, '--title')]);
  if (f.reference !== undefined) out.push(['reference', nonEmpty(f.reference, '--reference')]);
  if (f.archived !== undefined) out.push(['archived', String(f.archived)]);
  if (f.owner !== undefined) out.push(ownerParam(f.owner));
  if (f.workspace !== undefined) out.push(workspaceParam(f.workspace));
  return out;
}

function formParams(f: FormFilterFlags): QueryParam[] {
  const out: QueryParam[] = [];
  if (f.workspace !== undefined) out.push(['workspace[slug]', formWorkspaceSlug(f.workspace)]);
  out.push(...flowParams(f.flow));
  if (f.customization !== undefined)
    out.push(['flow[customization]', assertUuid(f.customization, '--customization')]);
  if (f.owner !== undefined) out.push(['owner[email]', email(f.owner, '--owner')]);
  if (f.givenName !== undefined) out.push(['user[given_name]', nonEmpty(f.givenName, '--given-name')]);
  if (f.familyName !== undefined) out.push(['user[family_name]', nonEmpty(f.familyName, '--family-name')]);
  if (f.email !== undefined) out.push(['user[email]', email(f.email, '--email')]);
  if (f.phone !== undefined) out.push(['user[phone]', nonEmpty(f.phone, '--phone')]);
  for (const flag of ['archived', 'active', 'completed', 'processed'] as const) {
    const value = f[flag];
    if (value !== undefined) out.push([flag, String(value)]);
  }
  return out;
}

/** One slug is `flow[slug]`; several are the array form `flow[slug][]`, repeated. */
function flowParams(flow: string | string[] | undefined): QueryParam[] {
  if (flow === undefined) return [];
  const slugs = [...new Set(typeof flow === 'string' ? [flow] : flow)].map((s) => nonEmpty(s, '--flow'));
  if (slugs.length === 1) return [['flow[slug]', slugs[0]!]];
  return slugs.map((slug): QueryParam => ['flow[slug][]', slug]);
}

function ownerParam(value: string): QueryParam {
  if (isEmail(value)) return ['owner[email]', value];
  if (isUuid(value)) return ['owner[id]', value];
  throw new UsageError(`invalid --owner "${value}": expected an e-mail address or a UUID`);
}

function workspaceParam(value: string): QueryParam {
  if (isUuid(value)) return ['workspace[id]', value];
  if (SLUG_RE.test(value)) return ['workspace[slug]', value];
  throw new UsageError(
    `invalid --workspace "${value}": expected a UUID or a slug (lower-case letters, digits, - and _)`,
  );
}

/** The spec filters forms by workspace slug only; an id would silently match nothing. */
function formWorkspaceSlug(value: string): string {
  if (isUuid(value))
    throw new UsageError(`invalid --workspace "${value}": forms are filtered by workspace slug, not id`);
  if (SLUG_RE.test(value)) return value;
  throw new UsageError(
    `invalid --workspace "${value}": expected a slug (lower-case letters, digits, - and _)`,
  );
}

function nonEmpty(value: string, flag: string): string {
  if (value.trim() === '') throw new UsageError(`invalid ${flag} "${value}": expected a non-empty value`);
  return value;
}

function email(value: string, flag: string): string {
  if (!isEmail(value)) throw new UsageError(`invalid ${flag} "${value}": expected an e-mail address`);
  return value;
}

function oneOf(value: string, allowed: readonly string[], flag: string): string {
  if (!allowed.includes(value))
    throw new UsageError(`invalid ${flag} "${value}" (expected one of ${allowed.join(', ')})`);
  return value;
}

// ---------------------------------------------------------------------------
// Method 2: --filter JSON

/** Path of a value inside the `--filter` JSON, for error messages. */
type JsonPath = string;

function filterError(path: JsonPath, problem: string): UsageError {
  return new UsageError(path === '' ? `--filter: ${problem}` : `--filter: ${path}: ${problem}`);
}

/**
 * Parses `--filter JSON` and checks it before any request: only `attributes`
 * and `relationships`, operator objects with the spec's operators (plus
 * `$extends`, passed through), scalar or null values, and each operator and
 * value against the field's type by the rules `--where` applies. Fields and
 * relations are checked against the resource, except for forms, whose fields
 * depend on the template (their unknown fields take any operator).
 */
export function parseFilterJson(text: string, resource: FilterResource): JsonFilter {
  const spec = filterableSpec(resource, '--filter');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw jsonSyntaxError(text, (err as Error).message);
  }
  if (!isRecord(raw))
    throw filterError('', `expected a JSON object with attributes and/or relationships, got ${kindOf(raw)}`);
  const out: JsonFilter = {};
  for (const [section, value] of Object.entries(raw)) {
    if (section === 'attributes')
      out.attributes = checkAttributes(value, 'attributes', undefined, spec.attributes, spec);
    else if (section === 'relationships') out.relationships = checkRelationships(value, spec);
    else throw filterError('', `unknown section "${section}" (expected attributes, relationships)`);
  }
  return out;
}

/** The spec of a resource that takes filters; form templates take none. */
export function filterableSpec(resource: FilterResource, flag: string): ResourceQuerySpec {
  const spec = RESOURCES[resource];
  if (!spec.filterable)
    throw new UsageError(
      `${flag}: ${resource} cannot be filtered (the API lists them with pagination and sort only)`,
    );
  return spec;
}

/** An operator object's field, for messages and type rules: `owner.email` is `email` of relation owner. */
interface FieldRef {
  /** As `--where` names it: `title`, `owner.email`, `owner.id`. */
  label: string;
  type: FieldType | undefined;
}

function checkAttributes(
  value: unknown,
  path: JsonPath,
  relation: string | undefined,
  fields: Readonly<Record<string, FieldType>>,
  spec: ResourceQuerySpec,
): Record<string, Record<string, unknown>> {
  const obj = expectObject(value, path);
  const out: Record<string, Record<string, unknown>> = {};
  for (const [field, ops] of Object.entries(obj)) {
    if (!spec.openFields && !Object.hasOwn(fields, field))
      throw filterError(
        `${path}.${field}`,
        `unknown field (expected one of ${Object.keys(fields).join(', ')})`,
      );
    const ref: FieldRef =
      relation === undefined
        ? { label: field, type: own(fields, field) }
        : { label: `${relation}.${field}`, type: relationFieldType(fields, field) };
    putOwn(out, field, checkOperators(ops, `${path}.${field}`, ref));
  }
  return out;
}

function checkRelationships(
  value: unknown,
  spec: ResourceQuerySpec,
): NonNullable<JsonFilter['relationships']> {
  const obj = expectObject(value, 'relationships');
  const out: NonNullable<JsonFilter['relationships']> = {};
  for (const [rel, body] of Object.entries(obj)) {
    const path = `relationships.${rel}`;
    const fields = own(spec.relations, rel);
    if (!spec.openFields && fields === undefined)
      throw filterError(path, `unknown relation (expected one of ${Object.keys(spec.relations).join(', ')})`);
    const relObj = expectObject(body, path);
    const hasId = spec.openFields || own(fields, 'id') !== undefined;
    if (Object.keys(relObj).length === 0)
      throw filterError(path, `expected ${hasId ? 'attributes or id' : 'attributes'}`);
    const entry: NonNullable<JsonFilter['relationships']>[string] = {};
    for (const [key, inner] of Object.entries(relObj)) {
      if (key === 'attributes')
        entry.attributes = checkAttributes(inner, `${path}.attributes`, rel, fields ?? {}, spec);
      else if (key === 'id' && hasId)
        entry.id = checkOperators(inner, `${path}.id`, {
          label: `${rel}.id`,
          type: relationFieldType(fields, 'id'),
        });
      else
        throw filterError(
          `${path}.${key}`,
          `unknown key (expected ${hasId ? 'attributes, id' : 'attributes'})`,
        );
    }
    putOwn(out, rel, entry);
  }
  return out;
}

/**
 * `$gt` -> `>`: a JSON operator in `--where` spelling, to apply its type rules; undefined when
 * unknown. Looked up on each call: where.ts imports this module, so its bindings are not read
 * at module top level.
 */
function whereOperatorOf(op: string): WhereOperator | undefined {
  const entry = Object.entries(JSON_OPERATOR).find(([, json]) => json === op);
  return entry?.[0] as WhereOperator | undefined;
}

function checkOperators(value: unknown, path: JsonPath, field: FieldRef): Record<string, unknown> {
  const obj = expectObject(value, path);
  const entries = Object.entries(obj);
  if (entries.length === 0)
    throw filterError(path, `expected at least one operator (${FILTER_OPERATORS.join(' ')})`);
  for (const [op, operand] of entries) {
    if (op === EXTENDS_OPERATOR) continue;
    const whereOp = whereOperatorOf(op);
    if (whereOp === undefined)
      throw filterError(path, `unknown operator "${op}" (expected ${FILTER_OPERATORS.join(' ')})`);
    if (!operatorsFor(field.type).includes(whereOp))
      throw filterError(path, `operator ${op} applies to ${APPLIES_TO[whereOp]} only`);
    checkOperand(whereOp, operand, `${path}.${op}`, field);
  }
  return { ...obj };
}

/** What each operator applies to, for when a field's type does not take it (= and != fit all). */
const APPLIES_TO: Readonly<Record<WhereOperator, string>> = {
  '=': 'any field',
  '!=': 'any field',
  '>': 'numbers and dates',
  '>=': 'numbers and dates',
  '<': 'numbers and dates',
  '<=': 'numbers and dates',
  like: 'string and e-mail fields',
  ilike: 'string and e-mail fields',
};

/** A JSON scalar, then the field type's rules (those of `--where`, see where.ts). */
function checkOperand(whereOp: WhereOperator, operand: unknown, path: JsonPath, field: FieldRef) {
  const kind = kindOf(operand);
  if (!['string', 'number', 'boolean', 'null'].includes(kind))
    throw filterError(path, `expected a string, number, boolean or null, got ${kind}`);
  const problem = valueProblem(field.type, whereOp, operand);
  if (problem === undefined) return;
  switch (problem.kind) {
    case 'null':
      throw filterError(path, 'null works only with $eq and $ne');
    case 'pattern':
      throw filterError(path, `expected a string pattern, got ${kind}`);
    case 'comparison':
      throw filterError(path, `expected a number or an ISO date, got ${JSON.stringify(operand)}`);
    case 'value':
      throw filterError(
        path,
        `invalid value ${JSON.stringify(operand)} for ${typeName(field.type)} field ${field.label} (expected ${problem.expected})`,
      );
  }
}

function expectObject(value: unknown, path: JsonPath): Record<string, unknown> {
  if (!isRecord(value)) throw filterError(path, `expected an object, got ${kindOf(value)}`);
  return value;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * `--filter: invalid JSON at column C: <what Node says>`, with a line too for
 * multi-line text. Node's message gives the position for most errors; see
 * jsonErrorOffset for the others.
 */
function jsonSyntaxError(text: string, message: string): UsageError {
  const offset = jsonErrorOffset(text, message);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const where = text.includes('\n') ? `line ${line}, column ${column}` : `column ${column}`;
  // "Unexpected token '}', "{"a":}" is not valid JSON" and "... in JSON at position 5 (line 1 column 6)"
  // lose their quote of the input and their position, which this message gives its own way.
  const problem = message
    .replace(/ (?:in JSON )?at position \d+.*$/s, '')
    .replace(/, .* is not valid JSON$/s, '');
  return new UsageError(
    `--filter: invalid JSON at ${where}: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`,
  );
}

/**
 * The 0-based offset where JSON.parse failed, from its message: `at position N`,
 * or the end for "Unexpected end of JSON input". V8 gives no position for an
 * unexpected token; then the offset is the length of the longest prefix that is
 * only incomplete (parses, or fails at its very end): every shorter prefix is
 * too, every longer one contains the bad character, so a binary search finds it.
 */
function jsonErrorOffset(text: string, message: string): number {
  const reported = reportedOffset(text, message);
  if (reported !== undefined) return reported;
  const incomplete = (length: number): boolean => {
    const prefix = text.slice(0, length);
    try {
      JSON.parse(prefix);
      return true;
    } catch (err) {
      return reportedOffset(prefix, (err as Error).message) === length;
    }
  };
  let [lo, hi] = [0, text.length]; // incomplete(lo); not incomplete(hi), since the whole text fails earlier
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (incomplete(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The offset a JSON.parse message gives: `at position N`, or the end of `text` for its end. */
function reportedOffset(text: string, message: string): number | undefined {
  const at = / at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  return message.startsWith('Unexpected end of JSON input') ? text.length : undefined;
}

// ---------------------------------------------------------------------------
// Merging, sort, whole query

/**
 * ANDs filters together into a new one (inputs are not modified). The same
 * operator on the same field with two different values is a UsageError.
 * Returns undefined when no filter has any criterion.
 */
export function mergeFilters(...filters: (JsonFilter | undefined)[]): JsonFilter | undefined {
  const out: JsonFilter = {};
  for (const filter of filters) {
    if (!filter) continue;
    if (filter.attributes) out.attributes = mergeFields(out.attributes, filter.attributes, 'attributes');
    for (const [rel, body] of Object.entries(filter.relationships ?? {})) {
      out.relationships ??= {};
      const target = own(out.relationships, rel) ?? {};
      putOwn(out.relationships, rel, target);
      const path = `relationships.${rel}`;
      if (body.attributes)
        target.attributes = mergeFields(target.attributes, body.attributes, `${path}.attributes`);
      if (body.id) target.id = mergeOps(target.id, body.id, `${path}.id`);
    }
  }
  if (!out.attributes && !out.relationships) return undefined;
  // Attributes first whatever the input order, so the serialised filter is stable.
  return {
    ...(out.attributes && { attributes: out.attributes }),
    ...(out.relationships && { relationships: out.relationships }),
  };
}

function mergeFields(
  into: Record<string, Record<string, unknown>> | undefined,
  from: Record<string, Record<string, unknown>>,
  path: string,
): Record<string, Record<string, unknown>> {
  const out = { ...into };
  for (const [field, ops] of Object.entries(from))
    putOwn(out, field, mergeOps(own(out, field), ops, `${path}.${field}`));
  return out;
}

function mergeOps(
  into: Record<string, unknown> | undefined,
  from: Record<string, unknown>,
  path: string,
): Record<string, unknown> {
  const out = { ...into };
  for (const [op, value] of Object.entries(from)) {
    const previous = own(out, op);
    if (Object.hasOwn(out, op) && JSON.stringify(previous) !== JSON.stringify(value))
      throw new UsageError(
        `conflicting filters: ${path}.${op} is both ${JSON.stringify(previous)} and ${JSON.stringify(value)}`,
      );
    putOwn(out, op, value);
  }
  return out;
}

// Forms sort by template-dependent fields too, so only the shape is checked.
const FORM_SORT_FIELD_RE = /^[a-z_][a-z0-9_.]*$/;

/** Checks `--sort field` / `--sort -field` against the spec's sortable fields; returns it unchanged. */
export function checkSort(resource: FilterResource, sort: string): string {
  const field = sort.startsWith('-') ? sort.slice(1) : sort;
  const { sortable } = RESOURCES[resource];
  if (resource === 'forms' ? FORM_SORT_FIELD_RE.test(field) : sortable.includes(field)) return sort;
  const fields =
    resource === 'forms' ? `${sortable.join(', ')} or a form template field` : sortable.join(', ');
  throw new UsageError(`invalid --sort "${sort}" (expected one of ${fields}; prefix - for descending)`);
}

/** What a list or count command collected from its flags. */
export interface ListQueryInput<R extends FilterResource = FilterResource> {
  /** Method-1 filter flags (commander's options object is fine: other keys are ignored). */
  flags?: FilterFlagsFor<R>;
  /** `--filter` JSON text. */
  filter?: string;
  /** `--where` clauses, ANDed. */
  where?: string[];
  sort?: string;
}

/**
 * The query parameters of a list or count request, in order: method-1 params,
 * then `filter` (the JSON of `--filter` and `--where` merged, not yet
 * URL-encoded), then `sort`. Paging params are added by the paginator.
 */
export function buildListQuery<R extends FilterResource>(
  resource: R,
  input: ListQueryInput<R>,
): QueryParam[] {
  const out: QueryParam[] = [];
  if (input.flags && resource !== 'form_templates')
    out.push(
      ...filterParams(resource as 'cases' | 'case_templates' | 'forms', input.flags as FormFilterFlags),
    );
  const fromJson = input.filter === undefined ? undefined : parseFilterJson(input.filter, resource);
  const fromWhere = input.where?.length ? compileWhere(input.where, resource) : undefined;
  const filter = mergeFilters(fromJson, fromWhere);
  if (filter) out.push(['filter', JSON.stringify(filter)]);
  if (input.sort !== undefined) out.push(['sort', checkSort(resource, input.sort)]);
  return out;
}
