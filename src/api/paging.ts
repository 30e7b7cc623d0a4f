import type { ApiRequest, QueryParams } from '../core/http.js';
import type { Page } from '../core/paginate.js';

/** A list endpoint's request for one page, as paginate() asks for it. */
export type PageRequest<T> = (page: number, size: number) => ApiRequest<Page<T>>;

/** The query with `page[number]` and `page[size]` appended. */
export function withPage(query: QueryParams, page: number, size: number): QueryParams {
  return [...query, ['page[number]', String(page)], ['page[size]', String(size)]];
}
