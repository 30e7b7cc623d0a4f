/**
 * The sandbox's reading of `GET /v1/{cases,forms}/count?group_by=a,b`, which the spec does not
 * show: `{count, groups: [{a: value, b: value, count}]}`, one group per combination of values
 * present, ordered by the values (false before true, strings by code unit, null last).
 */
import type { QueryParams } from './collection.js';
import { ok, type Reply, type RequestContext } from './context.js';
import { invalid } from './errors.js';

type GroupValue = string | boolean | null;

/** What `group_by` may name on a collection, and how to read it from a record. */
export type Groupable<R> = Readonly<Record<string, (record: R) => GroupValue>>;

/**
 * A count handler's answer: the records `query` selects (the request's query without
 * `group_by`), counted, and grouped when `group_by` names fields of `groupable`.
 */
export function groupedCount<R>(
  req: RequestContext,
  groupable: Groupable<R>,
  select: (query: QueryParams) => readonly R[],
): Reply {
  const { group_by: groupBy, ...query } = req.query;
  const fields = parseGroupBy(groupBy, groupable);
  const results = select(query);
  if (!fields) return ok({ count: results.length });
  return ok({ count: results.length, groups: groupCounts(results, fields, groupable) });
}

function parseGroupBy<R>(raw: string | string[] | undefined, groupable: Groupable<R>): string[] | undefined {
  if (raw === undefined) return undefined;
  const problem = (message: string, type: string) =>
    invalid('Invalid query parameters', [{ message, path: ['group_by'], type }]);
  if (Array.isArray(raw)) throw problem('must be given once; separate fields with commas', 'invalid_type');
  const fields = raw.split(',');
  for (const field of fields) {
    if (!Object.hasOwn(groupable, field)) {
      throw problem(
        `cannot group by "${field}"; groupable fields: ${Object.keys(groupable).join(', ')}`,
        'invalid_value',
      );
    }
  }
  if (new Set(fields).size !== fields.length) throw problem('names a field twice', 'invalid_value');
  return fields;
}

function groupCounts<R>(records: readonly R[], fields: readonly string[], groupable: Groupable<R>) {
  const groups = new Map<string, { values: GroupValue[]; count: number }>();
  for (const record of records) {
    const values = fields.map((field) => groupable[field]!(record));
    const key = JSON.stringify(values);
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { values, count: 1 });
  }
  return [...groups.values()]
    .sort((a, b) => compareValues(a.values, b.values))
    .map(({ values, count }) => ({ ...Object.fromEntries(fields.map((f, i) => [f, values[i]])), count }));
}

function compareValues(a: readonly GroupValue[], b: readonly GroupValue[]): number {
  for (const [i, x] of a.entries()) {
    const y = b[i]!;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  }
  return 0;
}
