/**
 * The answer of `GET /v1/{cases,forms}/count?group_by=a,b`, whose shape the spec does not show, read
 * into one form: the total and one `{values, count}` per group. The sandbox answers `{count,
 * groups: [{a: value, b: value, count}]}` (dotted field names as keys); other plausible answers
 * are read too:
 *
 * - the groups as a list at the top, under `data`, or under `data.groups`;
 * - a group's values under the field names (`flow.slug`), nested (`{flow: {slug}}`), under
 *   `values`/`group`/`key` (an object, or a list in the order of the fields), or as `key`/`value`
 *   when one field is grouped; its count as `count`, `total` or `total_count`;
 * - a map of groups (`{sent: 3}`, `{sent: {count: 3}}`, one level per field); map keys
 *   `true`, `false` and `null` are read as those JSON values, the rest stay strings;
 * - the total as `count`, `total`, `total_count`, `meta.total_count` or `data.count`, else the
 *   sum of the groups; an answer with a total and no groups is a count the API did not group.
 */
import * as z from 'zod/mini';
import { isRecord } from '../core/guards.js';
import type { ApiRequest, QueryParams } from '../core/http/request.js';

/**
 * GET `path` (`/cases/count`, `/forms/count`) with `group_by=a,b` (the spec does not show the
 * grouping parameter; this is wfd's reading): the count per combination of the fields' values.
 */
export function countGroups(
  path: string,
  query: QueryParams,
  fields: readonly string[],
): ApiRequest<GroupedCount> {
  const schema = () =>
    z.pipe(
      z.unknown(),
      z.transform((body, ctx) => {
        const parsed = parseGroupedCount(body, fields);
        if (typeof parsed !== 'string') return parsed;
        ctx.issues.push({ code: 'custom', message: parsed, input: body });
        return z.NEVER;
      }),
    );
  return { method: 'GET', path, query: [...query, ['group_by', fields.join(',')]], schema };
}

/** One group: the grouped fields' values, in the order they were asked for, and its count. */
export interface CountGroup {
  values: unknown[];
  count: number;
}

export interface GroupedCount {
  /** every record the filters match */
  total: number;
  /** undefined when the answer had no groups (the API ignored the grouping) */
  groups: CountGroup[] | undefined;
}

/** The grouped count in `body`, or a sentence saying why it is not one. */
export function parseGroupedCount(body: unknown, fields: readonly string[]): GroupedCount | string {
  const data = isRecord(body) ? body.data : undefined;
  const node = Array.isArray(body)
    ? body
    : isRecord(body)
      ? (body.groups ?? (isRecord(data) ? data.groups : Array.isArray(data) ? data : undefined))
      : undefined;
  const total = totalOf(body);
  if (node === undefined || node === null) {
    return total === undefined ? 'expected a count, or groups with counts' : { total, groups: undefined };
  }
  const groups = Array.isArray(node) ? listGroups(node, fields) : mapGroups(node, fields.length, []);
  if (typeof groups === 'string') return groups;
  return { total: total ?? groups.reduce((sum, group) => sum + group.count, 0), groups };
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

function totalOf(body: unknown): number | undefined {
  if (typeof body === 'number') return count(body);
  if (!isRecord(body)) return undefined;
  const meta = isRecord(body.meta) ? body.meta : {};
  const data = isRecord(body.data) ? body.data : {};
  return (
    count(body.count) ??
    count(body.total) ??
    count(body.total_count) ??
    count(meta.total_count) ??
    count(data.count)
  );
}

function countOf(group: Record<string, unknown>): number | undefined {
  return count(group.count) ?? count(group.total) ?? count(group.total_count);
}

function listGroups(items: readonly unknown[], fields: readonly string[]): CountGroup[] | string {
  const groups: CountGroup[] = [];
  for (const [index, item] of items.entries()) {
    const n = isRecord(item) ? countOf(item) : undefined;
    if (!isRecord(item) || n === undefined) return `group ${index + 1} has no count`;
    groups.push({ values: fields.map((field, i) => fieldValue(item, field, i, fields.length)), count: n });
  }
  return groups;
}

/** A field's value in a listed group, wherever a plausible answer puts it; null when nowhere. */
function fieldValue(group: Record<string, unknown>, field: string, index: number, width: number): unknown {
  for (const holder of [group, group.values, group.group, group.key]) {
    if (isRecord(holder)) {
      const found = lookup(holder, field);
      if (found !== undefined) return found;
    }
    if (holder !== group && Array.isArray(holder) && holder.length === width) return holder[index];
  }
  if (width === 1) {
    for (const key of ['key', 'value'] as const) {
      const scalar = group[key];
      if (Object.hasOwn(group, key) && !isRecord(scalar) && !Array.isArray(scalar)) return scalar;
    }
  }
  return null;
}

/** `flow.slug` as a key of its own, else as a path of nested objects (own keys only). */
function lookup(record: Record<string, unknown>, field: string): unknown {
  if (Object.hasOwn(record, field)) return record[field];
  let current: unknown = record;
  for (const segment of field.split('.')) {
    if (!isRecord(current) || !Object.hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

/** A map of groups, one level per field: leaves are counts or `{count}` objects. */
function mapGroups(node: unknown, depth: number, above: readonly unknown[]): CountGroup[] | string {
  if (!isRecord(node)) return 'expected groups as a list or a map';
  const groups: CountGroup[] = [];
  for (const [key, child] of Object.entries(node)) {
    const values = [...above, keyValue(key)];
    const leaf = count(child) ?? (isRecord(child) ? countOf(child) : undefined);
    if (leaf !== undefined && (values.length >= depth || count(child) !== undefined)) {
      groups.push({
        values: [...values, ...Array(Math.max(0, depth - values.length)).fill(null)],
        count: leaf,
      });
      continue;
    }
    if (values.length >= depth) return `group ${values.map(String).join(', ')} has no count`;
    const nested = mapGroups(child, depth, values);
    if (typeof nested === 'string') return nested;
    groups.push(...nested);
  }
  return groups;
}

function keyValue(key: string): unknown {
  if (key === 'true') return true;
  if (key === 'false') return false;
  if (key === 'null') return null;
  return key;
}
