/**
 * Page planning and the ordered, concurrent iterator over a paginated collection.
 *
 * `--limit N` and `--all` read pages of (up to) 100, the spec's maximum, and make no more
 * requests than the rows need; `--page/--page-size` is one raw request. After page 1 tells
 * how many pages exist, later pages are fetched concurrently while rows are emitted in page
 * order, holding at most `concurrency` pages in memory. The pager is handed a plain request,
 * the first page's without page params, and adds `page[number]` and `page[size]` itself.
 */
import { DEFAULT_LIMIT, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resources/paging.js';
import { mapOrdered, range } from './concurrency.js';
import { UsageError, WfdError } from './errors.js';
import type { ApiRequest } from './http/request.js';
import { quote } from './text/quote.js';

/** The `meta` of the spec's paginated envelope; every list answer is checked for it (src/api/schemas.ts). */
export interface PageMeta {
  total_count: number;
  total_pages: number;
  page_size: number;
  current_page: number;
  [key: string]: unknown;
}

export interface Page<T> {
  meta: PageMeta;
  data: T[];
}

export interface PagePlan {
  /** the `page[size]` sent */
  pageSize: number;
  /** the first `page[number]` requested */
  firstPage: number;
  /** stop after this many rows (undefined: all of them) */
  maxRows: number | undefined;
  /** one raw request and nothing more (`--page`/`--page-size`) */
  single: boolean;
}

export interface PagingFlags {
  limit?: number;
  all?: boolean;
  page?: number;
  pageSize?: number;
}

/** Turns the paging flags into a plan. Conflicting flags are usage errors. */
export function planPages(flags: PagingFlags): PagePlan {
  const raw = flags.page !== undefined || flags.pageSize !== undefined;
  if (flags.all && flags.limit !== undefined)
    throw new UsageError('--all and --limit cannot be used together');
  if (raw && (flags.all || flags.limit !== undefined)) {
    throw new UsageError('--page/--page-size cannot be combined with --limit or --all');
  }
  if (raw) {
    const pageSize = flags.pageSize ?? DEFAULT_PAGE_SIZE;
    checkInteger('--page', flags.page ?? 1, 1);
    checkInteger('--page-size', pageSize, 1, MAX_PAGE_SIZE);
    return { pageSize, firstPage: flags.page ?? 1, maxRows: pageSize, single: true };
  }
  if (flags.all) return { pageSize: MAX_PAGE_SIZE, firstPage: 1, maxRows: undefined, single: false };
  const limit = flags.limit ?? DEFAULT_LIMIT;
  checkInteger('--limit', limit, 1);
  return { pageSize: Math.min(limit, MAX_PAGE_SIZE), firstPage: 1, maxRows: limit, single: false };
}

/** The last page number to request, given what page 1 said about the collection. */
export function lastPageToFetch(plan: PagePlan, totalPages: number): number {
  if (plan.single) return plan.firstPage;
  const needed = plan.maxRows === undefined ? totalPages : Math.ceil(plan.maxRows / plan.pageSize);
  return Math.min(totalPages, plan.firstPage + needed - 1);
}

export interface PaginateOptions<T> {
  plan: PagePlan;
  /** the collection's request without page params: `GET /cases?filter=...` */
  request: ApiRequest<Page<T>>;
  /** sends one page's request (`client.request`) */
  send: (request: ApiRequest<Page<T>>) => Promise<Page<T>>;
  /** pages in flight at once after page 1 */
  concurrency: number;
  /** called once with page 1's meta, before the first row */
  onMeta?: (meta: PageMeta) => void;
}

/** `request` for one page: its query with `page[number]` and `page[size]` appended. */
export function pageRequest<T>(request: ApiRequest<T>, page: number, size: number): ApiRequest<T> {
  const query = [
    ...(request.query ?? []),
    ['page[number]', String(page)],
    ['page[size]', String(size)],
  ] as const;
  return { ...request, query };
}

/**
 * How many pages beyond page 1's count inserts during a run may add before the growth means a
 * server in a cycle rather than a busy collection.
 */
function pageMargin(firstCount: number): number {
  return Math.max(10, Math.ceil(firstCount / 4));
}

/**
 * Yields the rows of the planned pages in order. A row whose `id` was already emitted is
 * dropped: offset paging can shift under concurrent writes and repeat a row. A server that
 * pages in a cycle cannot keep the run going: a page of rows that adds no new id, or more pages
 * than page 1 announced plus a margin, ends it with an error.
 */
export async function* paginate<T extends { id?: unknown }>(options: PaginateOptions<T>): AsyncGenerator<T> {
  const { plan, request, send } = options;
  const fetchPage = (page: number) => send(pageRequest(request, page, plan.pageSize));
  const first = await fetchPage(plan.firstPage);
  options.onMeta?.(first.meta);
  const seen = new Set<unknown>();
  let emitted = 0;
  let pagesRead = 1;
  const emit = function* (rows: T[], page: number): Generator<T> {
    let fresh = 0;
    let withId = 0;
    for (const row of rows) {
      if (plan.maxRows !== undefined && emitted >= plan.maxRows) return;
      if (row.id !== undefined) {
        withId++;
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        fresh++;
      }
      emitted++;
      yield row;
    }
    if (rows.length > 0 && withId === rows.length && fresh === 0)
      throw new WfdError(
        `page ${page} adds no new row: the API repeats pages (a page cycle); stopped after ${pagesRead} pages`,
      );
  };
  yield* emit(first.data, plan.firstPage);

  // Rows inserted during the run push others onto pages past the count page 1 gave; every
  // page reports the current count, so keep going until no page says there are more.
  const firstCount = first.meta.total_pages;
  const ceiling = plan.firstPage + firstCount - 1 + pageMargin(firstCount);
  let knownPages = firstCount;
  let next = plan.firstPage + 1;
  let last = lastPageToFetch(plan, knownPages);
  while (next <= last) {
    const pages = mapOrdered(range(next, last), options.concurrency, fetchPage);
    let number = next;
    for await (const page of pages) {
      if (plan.maxRows !== undefined && emitted >= plan.maxRows) return;
      pagesRead++;
      knownPages = Math.max(knownPages, page.meta.total_pages);
      yield* emit(page.data, number++);
      // An empty page means the collection shrank under us: nothing follows it.
      if (page.data.length === 0) return;
    }
    next = last + 1;
    last = lastPageToFetch(plan, knownPages);
    if (last > ceiling)
      throw new WfdError(
        `the API announced ${knownPages} pages after page 1 announced ${firstCount}: more than inserts during the run explain; stopped after ${pagesRead} pages`,
      );
  }
}

function checkInteger(flag: string, value: number, min: number, max?: number): void {
  if (!Number.isInteger(value) || value < min || (max !== undefined && value > max)) {
    const range = max === undefined ? `an integer of at least ${min}` : `an integer from ${min} to ${max}`;
    throw new UsageError(`invalid ${flag} ${quote(String(value))}: expected ${range}`);
  }
}
