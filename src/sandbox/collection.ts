/**
 * The query of a list or count endpoint: method 1 parameters, the `filter`
 * JSON, `sort` and paging, validated together and turned into a predicate, a
 * sorter and a cache key.
 */
import { PAGE_PARAMETERS } from '../resources/answers.js';
import { filterParameters } from '../resources/define.js';
import type { JsonSchema } from '../resources/schema.js';
import type { ResourceDef } from '../resources/types.js';
import { errorList, forbidden, invalid, type ValidationIssue } from './errors.js';
import {
  compileJsonFilter,
  compileSort,
  FilterError,
  type FilterSchema,
  type ParamFilter,
  type ParamProblem,
  type Predicate,
  type Sorter,
  type SortKey,
} from './filter.js';
import { DEFAULT_PAGE_SIZE, type Page } from './paging.js';
import { paramValue } from './shapes.js';
import type { WorkspaceRecord } from './store.js';

/** Query parameters as fastify parses them: repeated names become arrays. */
export type QueryParams = Readonly<Record<string, string | string[] | undefined>>;

/**
 * What a list endpoint accepts, for one resource. Which parameters, fields and sort keys there
 * are, and what values they take, is the resource's table (src/resources/); this says how each
 * selects and orders the sandbox's records.
 */
export interface CollectionDef<T extends { readonly id: string }> {
  /** Resource name, part of cache keys. */
  readonly name: string;
  /** The API's table of the resource: its parameters' shapes, method 2's fields, sort fields. */
  readonly resource: ResourceDef;
  /** Method 1 parameters by name, e.g. `owner[email]`. */
  readonly params: Readonly<Record<string, ParamFilter<T>>>;
  /**
   * Method 1 parameters that take several values, repeated (`flow[slug]=a&flow[slug]=b`) or in
   * array form (`flow[slug][]=a&flow[slug][]=b`); a record matches when any value matches.
   */
  readonly listParams?: Readonly<Record<string, ParamFilter<T>>>;
  /** Method 2 fields and relations; without it, `filter` is an unknown parameter. */
  readonly filter?: FilterSchema<T>;
  readonly sortable: Readonly<Record<string, SortKey<T>>>;
  /** Sort applied when none is given, e.g. `-created_at`. */
  readonly defaultSort: string;
}

/** A validated query. */
export interface CollectionQuery<T> {
  /** Normalised filters and sort (not page): equal keys select equal results. */
  readonly key: string;
  readonly predicate: Predicate<T>;
  readonly sort: Sorter<T>;
  readonly page: Page;
}

const RESERVED = new Set(['page[number]', 'page[size]', 'sort', 'filter']);
const ARRAY_SUFFIX = '[]';

/**
 * Validates a list or count query.
 * @throws SandboxError 400: standard shape with `errors[]` for parameters
 *   (unknown, repeated, empty or invalid values, paging, sort); error-list shape
 *   for an invalid `filter`
 */
export function parseCollectionQuery<T extends { readonly id: string }>(
  query: QueryParams,
  def: CollectionDef<T>,
): CollectionQuery<T> {
  const issues: ValidationIssue[] = [];
  const values = new Map<string, string>();
  const lists = new Map<string, string[]>();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const path = paramPath(name);
    const listName = listParamName(name, def);
    if (listName !== undefined) {
      const list = lists.get(listName) ?? [];
      list.push(...(Array.isArray(value) ? value : [value]));
      lists.set(listName, list);
    } else if (!isKnownParam(name, def)) {
      issues.push({ message: `unknown query parameter ${name}`, path, type: 'unrecognized_keys' });
    } else if (Array.isArray(value)) {
      issues.push({ message: 'must be given once', path, type: 'invalid_type' });
    } else if (value === '') {
      issues.push({ message: 'must not be empty', path, type: 'too_small' });
    } else {
      values.set(name, value);
    }
  }

  const predicates: Predicate<T>[] = [];
  // [name, value] pairs, JSON-encoded into the key: joining "name=value" with "&" would let one
  // value containing "&status=new" collide with two parameters.
  const keyParts: [string, string][] = [];
  const shapes = shapesOf(def);
  for (const [name, raw] of values) {
    if (RESERVED.has(name)) continue;
    const problem = valueProblem(shapes.get(name)!, raw);
    if (problem) {
      issues.push({ message: problem.message, path: paramPath(name), type: problem.type });
    } else {
      predicates.push(def.params[name]!(raw));
      keyParts.push([name, raw]);
    }
  }

  for (const [name, raws] of lists) {
    const result = listPredicate(def.listParams![name]!, shapes.get(name)!, raws);
    if (typeof result === 'function') {
      predicates.push(result);
      keyParts.push([name, JSON.stringify([...new Set(raws)].sort())]);
    } else {
      issues.push({ message: result.message, path: paramPath(name), type: result.type });
    }
  }

  const page = {
    number: checkPage('page[number]', values, 1, issues),
    size: checkPage('page[size]', values, DEFAULT_PAGE_SIZE, issues),
  };
  const sort = values.get('sort') ?? def.defaultSort;
  const sorter = compileSort(sort, def.sortable);
  if (typeof sorter !== 'function') {
    issues.push({ message: sorter.message, path: ['sort'], type: sorter.type });
  }

  if (issues.length > 0 || typeof sorter !== 'function') throw invalid('Invalid query parameters', issues);

  const rawFilter = values.get('filter');
  if (rawFilter !== undefined && def.filter) {
    try {
      const compiled = compileJsonFilter(rawFilter, def.filter);
      predicates.push(...compiled.predicates);
      keyParts.push(['filter', compiled.canonical]);
    } catch (error) {
      if (error instanceof FilterError) throw errorList('Invalid filter', error.details);
      throw error;
    }
  }

  keyParts.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  keyParts.push(['sort', sort]);
  return {
    key: JSON.stringify([def.name, ...keyParts]),
    predicate: (record) => predicates.every((p) => p(record)),
    sort: sorter,
    page,
  };
}

/** The records matching a query, sorted; the input is not modified. */
export function selectRecords<T>(records: readonly T[], query: CollectionQuery<T>): T[] {
  return query.sort(records.filter(query.predicate));
}

/**
 * 403 when `workspace[id]` or `workspace[slug]` names a workspace other than the
 * token's (the values were already validated by parseCollectionQuery).
 */
export function assertOwnWorkspace(query: QueryParams, workspace: WorkspaceRecord): void {
  const id = query['workspace[id]'];
  const slug = query['workspace[slug]'];
  if (typeof id === 'string' && id.toLowerCase() !== workspace.id) throw forbidden();
  if (typeof slug === 'string' && slug !== workspace.slug) throw forbidden();
}

function checkPage(
  name: keyof typeof PAGE_PARAMETERS,
  values: ReadonlyMap<string, string>,
  fallback: number,
  issues: ValidationIssue[],
): number {
  const raw = values.get(name);
  if (raw === undefined) return fallback;
  const result = paramValue(PAGE_PARAMETERS[name], raw);
  if ('value' in result) return result.value as number;
  issues.push({ message: result.message, path: paramPath(name), type: result.type });
  return fallback;
}

/** The problem with a parameter's value under its shape, if any. */
function valueProblem(shape: JsonSchema, raw: string): ParamProblem | undefined {
  const result = paramValue(shape, raw);
  return 'value' in result ? undefined : result;
}

const shapeMaps = new WeakMap<CollectionDef<never>, Map<string, JsonSchema>>();

/**
 * Each method-1 parameter's shape (of one value, for a list), from the resource's table; the
 * first use of a collection also proves that it selects by exactly those parameters.
 */
function shapesOf<T extends { readonly id: string }>(def: CollectionDef<T>): Map<string, JsonSchema> {
  let shapes = shapeMaps.get(def as CollectionDef<never>);
  if (!shapes) {
    shapes = new Map(filterParameters(def.resource).map(([name, shape]) => [name, shape.items ?? shape]));
    const own = [
      ...Object.keys(def.params),
      ...Object.keys(def.listParams ?? {}).flatMap((n) => [n, `${n}${ARRAY_SUFFIX}`]),
    ];
    const missing = [...shapes.keys()].filter((name) => !own.includes(name));
    const extra = own.filter((name) => !shapes!.has(name));
    if (missing.length > 0 || extra.length > 0)
      throw new Error(
        `${def.name}: parameters without a matcher: ${missing.join(', ')}; without a shape: ${extra.join(', ')}`,
      );
    shapeMaps.set(def as CollectionDef<never>, shapes);
  }
  return shapes;
}

function isKnownParam<T extends { readonly id: string }>(name: string, def: CollectionDef<T>): boolean {
  if (name === 'filter') return def.filter !== undefined;
  return RESERVED.has(name) || Object.hasOwn(def.params, name);
}

/** The list parameter a query parameter gives values of (`flow[slug]` or `flow[slug][]`), if any. */
function listParamName<T extends { readonly id: string }>(
  name: string,
  def: CollectionDef<T>,
): string | undefined {
  if (!def.listParams) return undefined;
  const base = name.endsWith(ARRAY_SUFFIX) ? name.slice(0, -ARRAY_SUFFIX.length) : name;
  return Object.hasOwn(def.listParams, base) ? base : undefined;
}

/** Any of the values matches; the first problem with a value is reported. */
function listPredicate<T>(
  filter: ParamFilter<T>,
  shape: JsonSchema,
  raws: readonly string[],
): Predicate<T> | ParamProblem {
  const predicates: Predicate<T>[] = [];
  for (const raw of raws) {
    const problem = valueProblem(shape, raw);
    if (problem) return problem;
    predicates.push(filter(raw));
  }
  return (record) => predicates.some((p) => p(record));
}

/** `page[size]` -> ['page', 'size']; `status` -> ['status']. */
function paramPath(name: string): string[] {
  return name.split(/[[\]]/).filter(Boolean);
}
