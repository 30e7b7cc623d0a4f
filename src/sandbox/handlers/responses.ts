/** `/v1/responses/{id}`: one response to a form. */
import { type Handler, ok } from '../context.js';
import { responseView } from '../forms/views.js';
import { findOwn } from './shared.js';

/** GET /v1/responses/{id}: the response with its answers, attachments and signatures. */
export const getResponse: Handler = (req, { forms }) => {
  const response = findOwn(
    req,
    'Response',
    (id) => forms.findResponse(id),
    (r) => r.form.workspace,
  );
  return ok(responseView(response));
};
