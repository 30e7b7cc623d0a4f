/**
 * Forms and their responses (spec: "Endpoints"). Each function builds a request; the caller
 * sends it (`client.request`) or prints it (`--dry-run`). Lists and counts: src/api/list.ts.
 */
import type { ApiRequest } from '../core/http/request.js';
import { once } from '../core/once.js';
import { Form, FormResponse, single } from './schemas.js';

const SingleForm = once(() => single(Form()));
const SingleResponse = once(() => single(FormResponse()));

const formPath = (id: string) => `/forms/${encodeURIComponent(id)}`;

/** GET /v1/forms/{id}: the form with its responses. */
export function getForm(id: string): ApiRequest<Form> {
  return { method: 'GET', path: formPath(id), schema: SingleForm };
}

/** POST /v1/forms: `{flow: {slug}, user: {email, given_name, family_name}, webhooks?}`. */
export function createForm(body: Record<string, unknown>): ApiRequest<Form> {
  return { method: 'POST', path: '/forms', body, schema: SingleForm };
}

/** PATCH /v1/forms/{id} with only the fields being changed (`webhooks` whole). */
export function updateForm(id: string, changes: Record<string, unknown>): ApiRequest<Form> {
  return { method: 'PATCH', path: formPath(id), body: changes, schema: SingleForm };
}

/** PATCH /v1/forms/{id} with `archived`: archive (true) or restore (false); repeating it is harmless. */
export function setFormArchived(id: string, archived: boolean): ApiRequest<Form> {
  return { ...updateForm(id, { archived }), idempotent: true };
}

/** GET /v1/responses/{id}: a response with its answers, attachments and signatures. */
export function getResponse(id: string): ApiRequest<FormResponse> {
  return { method: 'GET', path: `/responses/${encodeURIComponent(id)}`, schema: SingleResponse };
}
