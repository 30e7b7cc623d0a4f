/**
 * The Data section's query: `--where` clauses and a sort, read by the same code as `wfd cases
 * list --where ...` (core/list-query), so a filter typed on the page means what it means on the
 * command line, is refused with the same message, and is shown as that command line.
 */
import { buildListQuery } from '../core/list-query/build.js';
import { shellWord } from '../core/text/shell-word.js';
import type { ResourceDef } from '../resources/types.js';

/** Rows a page of the table shows. */
export const PAGE_SIZE = 20;

export interface DataQuery {
  /** One `--where` clause each; blank lines are left out. */
  readonly where: readonly string[];
  /** `field` or `-field`; empty for the API's order. */
  readonly sort: string;
  /** From 1. */
  readonly page: number;
}

/**
 * The list request's path and query, and the wfd command line of the same filter.
 * @throws UsageError as `wfd <noun> list` would, for a clause or sort it refuses
 */
export function listRequest(resource: ResourceDef, query: DataQuery): { path: string; line: string } {
  const where = query.where.map((clause) => clause.trim()).filter(Boolean);
  const sort = query.sort === '' ? undefined : query.sort;
  const params = buildListQuery(resource, { where, sort });
  params.push(['page[number]', String(query.page)], ['page[size]', String(PAGE_SIZE)]);
  const words = ['wfd', resource.name.replace(/_/g, '-'), 'list'];
  for (const clause of where) words.push('--where', shellWord(clause));
  if (sort !== undefined) words.push('--sort', shellWord(sort));
  return { path: `/${resource.name}?${new URLSearchParams(params).toString()}`, line: words.join(' ') };
}
