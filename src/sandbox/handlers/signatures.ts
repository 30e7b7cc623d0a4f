/** `/v1/signatures/{id}`: a signature's metadata, or its signed PDF. */
import { type Handler, ok, type RequestContext } from '../context.js';
import { signaturePdf } from '../forms/signature-pdf.js';
import { signatureFilename, signatureView } from '../forms/views.js';
import { checkParams, findOwn } from './shared.js';

/**
 * GET /v1/signatures/{id}: JSON metadata by default; the signed PDF when the
 * request asks for it with `Accept: application/pdf` or `?download=true`.
 */
export const getSignature: Handler = async (req, { forms }) => {
  const signature = findOwn(
    req,
    'Signature',
    (id) => forms.findSignature(id),
    (s) => s.response.form.workspace,
  );
  if (!wantsFile(req)) return ok(signatureView(signature));
  const pdf = await signaturePdf(signature);
  return {
    status: 200,
    body: pdf,
    contentType: 'application/pdf',
    headers: { 'content-disposition': `attachment; filename="${signatureFilename(signature)}"` },
  };
};

/**
 * Whether the file is asked for. `download` must be `true` or `false`, and is
 * the only query parameter; an Accept header naming application/pdf (any
 * quality above 0) asks for it too.
 * @throws SandboxError 400 for other parameters or values
 */
function wantsFile(req: RequestContext): boolean {
  checkParams(req.query, ['download'], (_name, value) =>
    value === 'true' || value === 'false'
      ? undefined
      : { message: 'must be true or false', path: ['download'], type: 'invalid_value' },
  );
  return req.query.download === 'true' || acceptsPdf(req.headers.accept);
}

function acceptsPdf(accept: string | string[] | undefined): boolean {
  const header = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  return header.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    return type === 'application/pdf' && (q === undefined || Number(q.slice(2)) > 0);
  });
}
