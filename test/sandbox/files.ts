/** Test helpers for files: raw downloads, uploads (JSON and multipart), the attachment stats hook. */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { request } from '../support/http-request.js';
import type { Json, TestSandbox } from './helpers.js';

export interface Download {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** A GET (or another method without a body) whose answer is read as bytes. */
export async function download(
  t: TestSandbox,
  path: string,
  headers: Record<string, string> = {},
  options: { token?: string; method?: 'GET' | 'HEAD' } = {},
): Promise<Download> {
  const res = await request(`${t.sandbox.baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers: { authorization: `Bearer ${options.token ?? t.token}`, ...headers },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.body.bytes };
}

/** The answer's JSON, for the error bodies of a download. */
export const json = (res: Download): Json => JSON.parse(res.bytes.toString('utf8'));

export interface FilePart {
  name: string;
  type?: string;
  bytes: Uint8Array;
}

/** POST /v1/attachments as multipart, one `file` part per file. */
export async function uploadMultipart(
  t: TestSandbox,
  files: readonly FilePart[],
  token = t.token,
): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([file.bytes], { type: file.type ?? '' }), file.name);
  const res = await request(`${t.sandbox.baseUrl}/v1/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.statusCode, body: res.body.json() };
}

/** POST /v1/attachments with a raw multipart body streamed in chunks, as a client sending a large file would. */
export async function uploadStream(
  t: TestSandbox,
  parts: AsyncIterable<Buffer>,
  boundary: string,
): Promise<{ status: number; body: Json }> {
  const res = await request(`${t.sandbox.baseUrl}/v1/attachments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${t.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: Readable.from(parts),
  });
  return { status: res.statusCode, body: res.body.json() };
}

/** A JSON upload item. */
export function jsonFile(filename: string, bytes: Uint8Array, contentType?: string) {
  return {
    filename,
    ...(contentType ? { content_type: contentType } : {}),
    content: Buffer.from(bytes).toString('base64'),
  };
}

/** GET /_sandbox/attachments: what is stored and what reads have generated. */
export async function fileStats(t: TestSandbox): Promise<Json> {
  return (await t.get('/_sandbox/attachments', { token: null })).body;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The attachments of every response of the given forms, each with its form and response ids. */
export async function attachmentsOf(
  t: TestSandbox,
  forms: readonly Json[],
  token = t.token,
): Promise<Json[]> {
  const found: Json[] = [];
  for (const form of forms) {
    const detail = (await t.get(`/v1/forms/${form.id}`, { token })).body;
    for (const response of detail.responses) {
      for (const a of response.attachments) found.push({ ...a, form_id: form.id, response_id: response.id });
    }
  }
  return found;
}

/** A 16x12 JPEG (baseline, made with Chromium), for image pages. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABQODxIPDRQSEBIXFRQYHjIhHhwcHj0sLiQySUBMS0dARkVQWnNiUFVtVkVGZIhlbXd7gYKBTmCNl4x9lnN+gXz/2wBDARUXFx4aHjshITt8U0ZTfHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHz/wAARCAAMABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAwT/xAAVEAEBAAAAAAAAAAAAAAAAAAAAAv/EABQBAQAAAAAAAAAAAAAAAAAAAAT/xAAVEQEBAAAAAAAAAAAAAAAAAAAABP/aAAwDAQACEQMRAD8AgoNGoNFSmUv/2Q==',
  'base64',
);
