/**
 * Attachments (spec: "POST /attachments", "GET /attachments/{id}", "GET /attachments?ids=...").
 * Each function builds a request; the caller sends it (`client.request` for uploads,
 * `client.stream` for downloads, whose bodies go to disk) or prints it (`--dry-run`). The
 * bodies are wfd's reading where the spec says "not shown": one file part per file,
 * or JSON `{filename, content_type, content}` with the content in base64.
 */
import type { ApiRequest } from '../core/http/request.js';
import { once } from '../core/once.js';
import { type Attachment, FormFiles, single, UploadedAttachments } from './schemas.js';

const attachmentPath = (id: string) => `/attachments/${encodeURIComponent(id)}`;

/** One file of a JSON upload. */
export interface JsonUpload {
  filename: string;
  content_type: string;
  /** the bytes in base64 */
  content: string;
}

/** POST /v1/attachments with a multipart body (file parts streamed from disk); the created attachments in order. */
export function uploadMultipart(form: FormData): ApiRequest<Attachment[]> {
  return { method: 'POST', path: '/attachments', multipart: form, schema: UploadedAttachments };
}

/** POST /v1/attachments with one file as JSON; the created attachment (as a list of one). */
export function uploadJson(file: JsonUpload): ApiRequest<Attachment[]> {
  return { method: 'POST', path: '/attachments', body: file, schema: UploadedAttachments };
}

/**
 * GET /v1/attachments/{id}: the file's bytes. `from` > 0 asks for the rest of a file whose first
 * `from` bytes are already on disk (`Range: bytes=from-`); a server may answer the whole file.
 */
export function downloadAttachment(id: string, from = 0): Omit<ApiRequest, 'schema'> {
  return {
    method: 'GET',
    path: attachmentPath(id),
    headers: { accept: '*/*', ...(from > 0 ? { range: `bytes=${from}-` } : {}) },
  };
}

/** GET /v1/attachments?ids=a,b,...: the attachments merged into one PDF, in the order given. */
export function mergeAttachments(ids: readonly string[]): Omit<ApiRequest, 'schema'> {
  return {
    method: 'GET',
    path: '/attachments',
    query: [['ids', ids.join(',')]],
    headers: { accept: 'application/pdf' },
  };
}

const SingleFormFiles = once(() => single(FormFiles()));

/** GET /v1/forms/{id}, read for its responses' attachments (what an export needs of a form). */
export function getFormFiles(id: string): ApiRequest<FormFiles> {
  return { method: 'GET', path: `/forms/${encodeURIComponent(id)}`, schema: SingleFormFiles };
}
