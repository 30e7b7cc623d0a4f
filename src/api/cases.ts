/** Typed calls for cases and case templates (spec: "Endpoints"). */
import type { ApiClient, QueryParams, RequestOptions } from '../core/http.js';
import type { Page } from '../core/paginate.js';
import { Case, CaseTemplate, Count, envelope, single } from './schemas.js';

const CasePage = envelope(Case);
const CaseTemplatePage = envelope(CaseTemplate);
const SingleCase = single(Case);

function withPage(query: QueryParams, page: number, size: number): QueryParams {
  return [...query, ['page[number]', String(page)], ['page[size]', String(size)]];
}

/** A page fetcher for GET /v1/cases with the given filters and sort. */
export function casePages(client: ApiClient, query: QueryParams) {
  return (page: number, size: number): Promise<Page<Case>> =>
    client.request({ method: 'GET', path: '/cases', query: withPage(query, page, size), schema: CasePage });
}

export function caseTemplatePages(client: ApiClient, query: QueryParams) {
  return (page: number, size: number): Promise<Page<CaseTemplate>> =>
    client.request({
      method: 'GET',
      path: '/case_templates',
      query: withPage(query, page, size),
      schema: CaseTemplatePage,
    });
}

export function countCases(client: ApiClient, query: QueryParams): Promise<number> {
  return client.request({ method: 'GET', path: '/cases/count', query, schema: Count });
}

export function getCase(client: ApiClient, id: string): Promise<Case> {
  return client.request({ method: 'GET', path: `/cases/${encodeURIComponent(id)}`, schema: SingleCase });
}

/** POST /v1/cases (answers 200, not 201). */
export function createCaseRequest(body: Record<string, unknown>): RequestOptions<Case> {
  return { method: 'POST', path: '/cases', body, schema: SingleCase };
}

/** POST /v1/cases/{id}/data: data fields updated in one batch. */
export function updateCaseDataRequest(id: string, fields: Record<string, unknown>): RequestOptions<Case> {
  return { method: 'POST', path: `/cases/${encodeURIComponent(id)}/data`, body: fields, schema: SingleCase };
}

/** POST /v1/cases/{id} with `archived`: archive (true) or restore (false). */
export function setArchivedRequest(id: string, archived: boolean): RequestOptions<Case> {
  return { method: 'POST', path: `/cases/${encodeURIComponent(id)}`, body: { archived }, schema: SingleCase };
}
