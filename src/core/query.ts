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
import { compileWhere } from './where.js';

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
const ISO_DATE_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

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

/** True for an ISO 8601 date (`2026-01-31`) or date-time with a real calendar date and time. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE_RE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return false;
  const inRange = (part: string | undefined, max: number) => part === undefined || Number(part) <= max;
  return (
    inRange(m[4], 23) && inRange(m[5], 59) && inRange(m[6], 59) && inRange(m[7], 23) && inRange(m[8], 59)
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
 * Parses `--filter JSON` and checks its shape: only `attributes` and
 * `relationships`, operator objects with the spec's operators (plus `$extends`,
 * passed through), scalar or null values. Fields and relations are checked
 * against the resource, except for forms, whose fields depend on the template.
 */
export function parseFilterJson(text: string, resource: FilterResource): JsonFilter {
  const spec = filterableSpec(resource, '--filter');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw jsonSyntaxError(text, err);
  }
  if (!isPlainObject(raw))
    throw filterError('', `expected a JSON object with attributes and/or relationships, got ${kindOf(raw)}`);
  const out: JsonFilter = {};
  for (const [section, value] of Object.entries(raw)) {
    if (section === 'attributes')
      out.attributes = checkAttributes(value, 'attributes', spec.attributes, spec);
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

function checkAttributes(
  value: unknown,
  path: JsonPath,
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
    putOwn(out, field, checkOperators(ops, `${path}.${field}`));
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
        entry.attributes = checkAttributes(inner, `${path}.attributes`, fields ?? {}, spec);
      else if (key === 'id' && hasId) entry.id = checkOperators(inner, `${path}.id`);
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

function checkOperators(value: unknown, path: JsonPath): Record<string, unknown> {
  const obj = expectObject(value, path);
  const entries = Object.entries(obj);
  if (entries.length === 0)
    throw filterError(path, `expected at least one operator (${FILTER_OPERATORS.join(' ')})`);
  for (const [op, operand] of entries) {
    if (op === EXTENDS_OPERATOR) continue;
    if (!(FILTER_OPERATORS as readonly string[]).includes(op))
      throw filterError(path, `unknown operator "${op}" (expected ${FILTER_OPERATORS.join(' ')})`);
    checkOperand(op, operand, `${path}.${op}`);
  }
  return { ...obj };
}

/** The spec's rules: comparisons take numbers or dates, null goes with $eq/$ne only. */
function checkOperand(op: string, operand: unknown, path: JsonPath): void {
  const kind = kindOf(operand);
  if (!['string', 'number', 'boolean', 'null'].includes(kind))
    throw filterError(path, `expected a string, number, boolean or null, got ${kind}`);
  if (kind === 'null' && op !== '$eq' && op !== '$ne')
    throw filterError(path, 'null works only with $eq and $ne');
  if ((op === '$like' || op === '$ilike') && kind !== 'string')
    throw filterError(path, `expected a string pattern, got ${kind}`);
  if (['$gt', '$lt', '$ge', '$le'].includes(op) && kind !== 'number' && kind !== 'string')
    throw filterError(path, `expected a number or a date string, got ${kind}`);
}

function expectObject(value: unknown, path: JsonPath): Record<string, unknown> {
  if (!isPlainObject(value)) throw filterError(path, `expected an object, got ${kindOf(value)}`);
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * V8's JSON.parse messages give no position for some errors ("Unexpected token"),
 * so a small scanner finds where the text first stops being JSON.
 */
function jsonSyntaxError(text: string, err: unknown): UsageError {
  const found = locateJsonError(text);
  if (!found) return new UsageError(`--filter: invalid JSON: ${(err as Error).message}`);
  const before = text.slice(0, found.pos);
  const line = before.split('\n').length;
  const column = found.pos - before.lastIndexOf('\n');
  const where = text.includes('\n') ? `line ${line}, column ${column}` : `column ${column}`;
  const got = found.pos >= text.length ? 'end of input' : JSON.stringify(text[found.pos]);
  return new UsageError(`--filter: invalid JSON at ${where}: unexpected ${got} (expected ${found.expected})`);
}

interface JsonErrorSpot {
  pos: number;
  expected: string;
}

/** Offset (0-based) of the first syntax error in `text`, or undefined when it is valid JSON. */
function locateJsonError(text: string): JsonErrorSpot | undefined {
  let i = 0;
  const fail = (expected: string): never => {
    throw { pos: i, expected } satisfies JsonErrorSpot;
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      const c = text[i];
      if (c === undefined) return fail('a closing "');
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('4 hex digits after \\u');
          i += 5;
        } else if (text[i] !== undefined && '"\\/bfnrt'.includes(text[i]!)) i++;
        else fail('an escape: \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX');
      } else if (c < ' ') fail('no control character inside a string');
      else i++;
    }
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') container('}', true);
    else if (c === '[') container(']', false);
    else if (c === '"') string();
    else if (!literal()) fail('a JSON value');
  };
  const literal = (): boolean => {
    const num = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    num.lastIndex = i;
    const m = num.exec(text) ?? ['true', 'false', 'null'].find((word) => text.startsWith(word, i));
    if (m === undefined || m === null) return false;
    i += typeof m === 'string' ? m.length : m[0].length;
    return true;
  };
  const container = (close: string, isObject: boolean): void => {
    i++;
    ws();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      if (isObject) {
        ws();
        if (text[i] !== '"') fail('a property name in double quotes');
        string();
        ws();
        if (text[i] !== ':') fail('":"');
        i++;
      }
      value();
      ws();
      if (text[i] === close) {
        i++;
        return;
      }
      if (text[i] !== ',') fail(`"," or "${close}"`);
      i++;
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail('the end of the JSON');
    return undefined;
  } catch (spot) {
    return spot as JsonErrorSpot;
  }
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
