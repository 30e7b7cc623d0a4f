/** `GET /v1/attachments/{id}` (one file, whole or a range) and `GET /v1/attachments?ids=...` (merged PDF). */
import type { QueryParams } from '../collection.js';
import type { Handler } from '../context.js';
import { forbidden, invalid, standardError, type ValidationIssue } from '../errors.js';
import { checkParams, findOwn } from '../handlers/shared.js';
import { UUID_RE } from '../text.js';
import { contentDisposition } from './disposition.js';
import { mergePdf } from './merge-pdf.js';
import { parseRange } from './range.js';

/** Attachments one merge may name. */
export const MAX_MERGED = 100;

/**
 * GET /v1/attachments/{id}: the bytes, streamed, with their content type,
 * length and filename; one range with `Range: bytes=...` (206, or 416 past the
 * end). `If-Range` with the ETag sent keeps the range; anything else sends the
 * whole file.
 */
export const downloadAttachment: Handler = (req, { forms, attachments }) => {
  const record = findOwn(
    req,
    'Attachment',
    (id) => forms.findAttachment(id),
    (a) => a.workspace,
  );
  checkParams(req.query, []);
  const etag = attachments.etag(record);
  const ifRange = req.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? parseRange(req.headers.range, record.size) : undefined;
  if (range?.kind === 'unsatisfiable') {
    throw standardError(416, `Range not satisfiable: the file has ${record.size} bytes`, undefined, {
      'content-range': `bytes */${record.size}`,
      'accept-ranges': 'bytes',
    });
  }
  const [start, end] = range?.kind === 'partial' ? [range.start, range.end] : [0, record.size - 1];
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    etag,
    'content-length': String(end - start + 1),
    'content-disposition': contentDisposition(record.filename),
  };
  if (range?.kind === 'partial') headers['content-range'] = `bytes ${start}-${end}/${record.size}`;
  return {
    status: range?.kind === 'partial' ? 206 : 200,
    body: attachments.open(record, start, end),
    contentType: record.contentType,
    headers,
  };
};

/**
 * GET /v1/attachments?ids=a,b,...: one PDF of the attachments in the order
 * given (merge-pdf.ts). Check order: the parameters (400), then each id
 * unknown (404), then another workspace's (403).
 */
export const mergeAttachments: Handler = async (req, { forms, attachments }) => {
  checkParams(req.query, ['ids']);
  const ids = parseIds(req.query.ids);
  const records = ids.map((id) => {
    const record = forms.findAttachment(id);
    if (!record) throw standardError(404, `Attachment ${id} not found`);
    return record;
  });
  if (records.some((record) => record.workspace !== req.auth.workspace)) throw forbidden();
  return {
    status: 200,
    body: await mergePdf(records, attachments),
    contentType: 'application/pdf',
    headers: { 'content-disposition': 'attachment; filename="attachments.pdf"' },
  };
};

/**
 * `ids`: 1 to 100 UUIDs separated by commas (a UUID may repeat).
 * @throws SandboxError 400 naming each problem
 */
function parseIds(value: QueryParams[string]): string[] {
  if (typeof value !== 'string' || value === '') {
    const message =
      value === undefined
        ? 'required: attachment ids separated by commas'
        : value === ''
          ? 'must not be empty'
          : 'must be given once';
    throw invalid('Invalid query parameters', [{ message, path: ['ids'], type: 'invalid_type' }]);
  }
  const ids = value.split(',');
  const issues: ValidationIssue[] = ids.flatMap((id, i) =>
    UUID_RE.test(id) ? [] : [{ message: 'must be a UUID', path: ['ids', i], type: 'invalid_format' }],
  );
  if (ids.length > MAX_MERGED) {
    issues.push({ message: `at most ${MAX_MERGED} ids`, path: ['ids'], type: 'too_big' });
  }
  if (issues.length > 0) throw invalid('Invalid query parameters', issues);
  return ids;
}
