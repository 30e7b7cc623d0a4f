/** Offset paging of list endpoints: `page[number]`, `page[size]` and the paginated envelope. */
import type { ParamProblem } from './filter.js';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface Page {
  /** 1-based. */
  readonly number: number;
  readonly size: number;
}

/** The spec's paginated collection envelope. */
export interface Envelope<U> {
  meta: { total_count: number; total_pages: number; page_size: number; current_page: number };
  data: U[];
}

/** Checks a page parameter: an integer in [1, max]. */
export function parsePageParam(raw: string, max: number): number | ParamProblem {
  if (!/^[+-]?\d+$/.test(raw)) return { message: 'must be an integer', type: 'invalid_type' };
  const n = Number(raw);
  if (n < 1) return { message: 'must be at least 1', type: 'too_small' };
  if (n > max) return { message: `must be at most ${max}`, type: 'too_big' };
  return n;
}

/**
 * One page of an already filtered and sorted result. A page past the end is
 * empty; an empty result has 0 pages.
 */
export function pageOf<T, U>(items: readonly T[], page: Page, view: (item: T) => U): Envelope<U> {
  const start = (page.number - 1) * page.size;
  return {
    meta: {
      total_count: items.length,
      total_pages: Math.ceil(items.length / page.size),
      page_size: page.size,
      current_page: page.number,
    },
    data: items.slice(start, start + page.size).map(view),
  };
}
