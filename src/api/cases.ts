/**
 * Cases and case templates (spec: "Endpoints"). Each function builds a request; the caller sends
 * it (`client.request`), prints it (`--dry-run`) or pages through it (`paginate`).
 */
import type { ApiRequest, QueryParams } from '../core/http.js';
import { type PageRequest, withPage } from './paging.js';
import { Case, CaseTemplate, Count, envelope, single } from './schemas.js';

const CasePage = envelope(Case);
const CaseTemplatePage = envelope(CaseTemplate);
const SingleCase = single(Case);

const casePath = (id: string) => `/cases/${encodeURIComponent(id)}`;

/** GET /v1/cases with the given filters and sort, one page at a time. */
export function listCases(query: QueryParams): PageRequest<Case> {
  return (page, size) => ({
    method: 'GET',
    path: '/cases',
    query: withPage(query, page, size),
    schema: CasePage,
  });
}

/** GET /v1/cases/count: the number of cases the filters match. */
export function countCases(query: QueryParams): ApiRequest<number> {
  return { method: 'GET', path: '/cases/count', query, schema: Count };
}

/** GET /v1/cases/{id}: the case with its steps. */
export function getCase(id: string): ApiRequest<Case> {
  return { method: 'GET', path: casePath(id), schema: SingleCase };
}

/** POST /v1/cases (answers 200, not 201). */
export function createCase(body: Record<string, unknown>): ApiRequest<Case> {
  return { method: 'POST', path: '/cases', body, schema: SingleCase };
}

/** POST /v1/cases/{id}/data: data fields updated in one batch. */
export function updateCaseData(id: string, fields: Record<string, unknown>): ApiRequest<Case> {
  return { method: 'POST', path: `${casePath(id)}/data`, body: fields, schema: SingleCase };
}

/** POST /v1/cases/{id} with `archived`: archive (true) or restore (false); repeating it is harmless. */
export function setCaseArchived(id: string, archived: boolean): ApiRequest<Case> {
  return { method: 'POST', path: casePath(id), body: { archived }, schema: SingleCase, idempotent: true };
}

/** GET /v1/case_templates with the given filters and sort, one page at a time. */
export function listCaseTemplates(query: QueryParams): PageRequest<CaseTemplate> {
  return (page, size) => ({
    method: 'GET',
    path: '/case_templates',
    query: withPage(query, page, size),
    schema: CaseTemplatePage,
  });
}
