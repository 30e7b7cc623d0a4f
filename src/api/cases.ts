/**
 * Cases (spec: "Endpoints"). Each function builds a request; the caller sends it
 * (`client.request`) or prints it (`--dry-run`). Lists and counts: src/api/list.ts.
 */
import type { ApiRequest } from '../core/http/request.js';
import { once } from '../core/once.js';
import { Case, single } from './schemas.js';

const SingleCase = once(() => single(Case()));

const casePath = (id: string) => `/cases/${encodeURIComponent(id)}`;

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
