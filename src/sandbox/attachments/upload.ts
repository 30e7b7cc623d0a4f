/**
 * POST /v1/attachments, free of fastify: files from a JSON body (base64) or
 * from multipart parts as they arrive, written to the blob store as they come
 * (never gathered in memory), checked against the size limit of the request,
 * then stored together, or not at all.
 */
import { createHash } from 'node:crypto';
import type * as z from 'zod';
import { FileUpload, FileUploads, MAX_UPLOAD_FILES } from '../../resources/attachments.js';
import type { Reply, RequestContext, Services } from '../context.js';
import { invalid, standardError } from '../errors.js';
import { zodOf } from '../shapes.js';
import { parseShape } from '../validation.js';
import type { BlobWriter } from './blobs.js';
import type { UploadedFile } from './files.js';
import { attachmentView } from './views.js';

/** Files one request may upload. */
export const MAX_FILES = MAX_UPLOAD_FILES;
/** The default size limit of the files of one request: 25 MiB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

// A multipart part's name and type, checked as a JSON upload's fields are.
const filename = zodOf(FileUpload.properties!.filename!) as z.ZodType<string>;
const contentType = zodOf(FileUpload.properties!.content_type!);

/** A file part of a multipart body as it arrives, or a field part (which is refused). */
export type IncomingPart =
  | {
      readonly filename: string | undefined;
      readonly contentType: string;
      readonly content: AsyncIterable<Buffer>;
    }
  | { readonly field: string };

/** Where the bytes of each file go: a writer of the blob store per file. */
export type ReceiveBlob = () => BlobWriter;

/**
 * The files of a JSON body: one object or an array of them, their sizes checked together before
 * any is decoded.
 * @throws SandboxError 400 for an invalid body, 413 for files over `maxBytes` together
 */
export async function jsonFiles(
  body: unknown,
  maxBytes: number,
  receive: ReceiveBlob,
): Promise<{ files: UploadedFile[]; several: boolean }> {
  const several = Array.isArray(body);
  const items = several ? parseShape(FileUploads, body) : [parseShape(FileUpload, body)];
  let total = 0;
  for (const item of items) {
    const padding = item.content.endsWith('==') ? 2 : item.content.endsWith('=') ? 1 : 0;
    total += (item.content.length / 4) * 3 - padding;
    if (total > maxBytes) throw tooLarge(item.filename, maxBytes);
  }
  const files: UploadedFile[] = [];
  try {
    for (const item of items) {
      const bytes = Buffer.from(item.content, 'base64');
      const blob = receive();
      files.push({
        filename: item.filename,
        contentType: item.content_type ?? DEFAULT_CONTENT_TYPE,
        size: bytes.length,
        sha256: sha256(bytes),
        blob,
      });
      await blob.write(bytes);
    }
  } catch (error) {
    await discardAll(files);
    throw error;
  }
  return { files, several };
}

/**
 * Reads multipart parts as they arrive, each file's bytes written to the blob
 * store chunk by chunk. The bytes of all files are counted together: the first
 * chunk over `maxBytes` ends the upload with a 413 before anything more is read.
 * @throws SandboxError 400 for a field part, a part without a filename, a bad
 *   content type, no file or too many; 413 for files over `maxBytes` together
 */
export async function multipartFiles(
  parts: AsyncIterable<IncomingPart>,
  maxBytes: number,
  receive: ReceiveBlob,
): Promise<UploadedFile[]> {
  const files: UploadedFile[] = [];
  try {
    await readParts(parts, maxBytes, receive, files);
  } catch (error) {
    await discardAll(files);
    throw error;
  }
  return files;
}

/** Reads the parts into `files`, each entered as soon as its writer exists (so a failure can discard it). */
async function readParts(
  parts: AsyncIterable<IncomingPart>,
  maxBytes: number,
  receive: ReceiveBlob,
  files: UploadedFile[],
): Promise<void> {
  let total = 0;
  for await (const part of parts) {
    if ('field' in part)
      throw partError(files.length, `unexpected field ${part.field}: send file parts only`);
    if (files.length === MAX_FILES) {
      throw invalid('Invalid request body', [
        { message: `at most ${MAX_FILES} files per request`, path: [], type: 'too_big' },
      ]);
    }
    const name = filename.safeParse(part.filename);
    if (!name.success) throw partError(files.length, 'a file part needs a filename (1 to 512 characters)');
    if (!contentType.safeParse(part.contentType).success) {
      throw partError(files.length, 'its Content-Type must be a media type such as application/pdf');
    }
    const hash = createHash('sha256');
    const blob = receive();
    const file = { filename: name.data, contentType: part.contentType, size: 0, sha256: '', blob };
    files.push(file);
    for await (const chunk of part.content) {
      total += chunk.length;
      if (total > maxBytes) throw tooLarge(name.data, maxBytes);
      hash.update(chunk);
      file.size += chunk.length;
      await blob.write(chunk);
    }
    file.sha256 = hash.digest('hex');
  }
  if (files.length === 0)
    throw invalid('Invalid request body', [
      { message: 'send at least one file part', path: [], type: 'too_small' },
    ]);
}

async function discardAll(files: readonly UploadedFile[]): Promise<void> {
  await Promise.all(files.map((file) => file.blob.discard()));
}

/**
 * Stores the files and answers 201: the attachment for a JSON object, `{data:
 * [...]}` in order for a JSON array or a multipart body.
 */
export function storeUploads(
  req: RequestContext,
  services: Services,
  files: readonly UploadedFile[],
  several: boolean,
): Reply {
  const records = services.attachments.add(req.auth.workspace, files, services.clock.now(), services.newId);
  const views = records.map(attachmentView);
  return { status: 201, body: several ? { data: views } : views[0] };
}

function tooLarge(name: string, maxBytes: number) {
  return standardError(
    413,
    `The files of the request are larger than the upload limit of ${maxBytes} bytes (over it at ${JSON.stringify(name)})`,
  );
}

function partError(index: number, message: string) {
  return invalid('Invalid multipart body', [{ message, path: [index], type: 'invalid_value' }]);
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
