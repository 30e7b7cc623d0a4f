/**
 * `wfd attachments upload <file...> [--encoding multipart|json]`: POST /v1/attachments, printing
 * the created ids in the order of the files (`-o json`: the attachments).
 *
 * multipart (the default) streams each file from disk, never holding it whole, and sends all the
 * files in one request (up to 100 a request): the fewest requests. json sends one file a request,
 * in base64 (a JSON body is read whole on both sides, so one file at a time bounds the memory).
 * Every file is checked (exists, readable, not a folder) before any request: exit 2 otherwise.
 */
import { readFile } from 'node:fs/promises';
import type * as z from 'zod/mini';
import { uploadJson, uploadMultipart } from '../../api/attachments.js';
import type { Attachment } from '../../api/schemas.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import { type Context, DEFAULT_CONCURRENCY } from '../../context.js';
import { mapOrdered } from '../../core/concurrency.js';
import { ApiError, WfdError } from '../../core/errors.js';
import { checkUploadFile, multipartOf, type UploadFile } from '../../core/files/upload-file.js';
import type { ApiClient } from '../../core/http/http.js';
import type { ApiRequest } from '../../core/http/request.js';
import { count } from '../../core/text/counts.js';
import { quote } from '../../core/text/quote.js';
import { createRowSink, readerOf } from '../../output/render.js';
import { ATTACHMENT_COLUMNS, ATTACHMENT_FIELDS } from '../../resources/attachments.js';
import { mutationClient, printDryRun } from '../shared/mutation.js';
import { renderOptions } from '../shared/output.js';
import { PartialFailure } from '../shared/partial-failure.js';
import { UPLOAD } from './flags.js';

export const UploadAttachmentsOptions = verbSchema(UPLOAD);
export type UploadAttachmentsOptions = z.output<typeof UploadAttachmentsOptions>;

/** Files one multipart request carries at most: a body of thousands of parts is one long bet. */
const FILES_PER_REQUEST = 100;

/** One request and the files it carries; `dryRun` leaves the bytes on disk (a dry run shows their size). */
interface Batch {
  files: UploadFile[];
  request: (dryRun?: boolean) => Promise<ApiRequest<Attachment[]>>;
}

export async function runUploadAttachments(options: UploadAttachmentsOptions, ctx: Context): Promise<void> {
  const files = await Promise.all(options.files.map(checkUploadFile));
  const batches = options.encoding === 'json' ? files.map(jsonBatch) : multipartBatches(files);
  const client = await mutationClient(ctx, options.dryRun);
  if (options.dryRun) {
    await printDryRun(
      ctx,
      await Promise.all(batches.map(async (b) => client.prepare(await b.request(true)))),
    );
    return;
  }
  // Every outcome is awaited, so an id created beside a failure is still printed.
  const outcomes = mapOrdered(batches, ctx.globals.concurrency ?? DEFAULT_CONCURRENCY, (batch) =>
    send(client, batch),
  );
  const created: Attachment[] = [];
  const failures: { files: UploadFile[]; error: WfdError }[] = [];
  for await (const outcome of outcomes) {
    if ('error' in outcome) failures.push(outcome);
    else created.push(...outcome.attachments);
  }
  await printCreated(ctx, created);
  if (failures.length === 0) return;
  const [first] = failures;
  if (failures.length === 1 && first!.files.length === files.length) throw first!.error;
  for (const failure of failures) ctx.io.errorLine(`error: ${failure.error.message}`);
  const failed = failures.reduce((n, failure) => n + failure.files.length, 0);
  throw new PartialFailure(
    `uploaded ${files.length - failed} of ${files.length} files; ${failed} failed`,
    failures.map((failure) => failure.error.exitCode),
  );
}

/** The ids, one a line, for people (a terminal or a pipe) and -q; the attachments for a program. */
async function printCreated(ctx: Context, created: Attachment[]): Promise<void> {
  const options = renderOptions(ctx, { columns: ATTACHMENT_COLUMNS });
  if (readerOf(options) !== 'records') {
    await ctx.io.write(created.map((attachment) => `${attachment.id}\n`).join(''));
    return;
  }
  const sink = await createRowSink(ctx.io, options);
  for (const attachment of created) await sink.write(attachment);
  await sink.end();
}

async function send(
  client: ApiClient,
  batch: Batch,
): Promise<{ attachments: Attachment[] } | { files: UploadFile[]; error: WfdError }> {
  try {
    return { attachments: await client.request(await batch.request()) };
  } catch (error) {
    if (!(error instanceof WfdError)) throw error;
    return {
      files: batch.files,
      error: error instanceof ApiError ? explainRefusal(error, batch.files) : error,
    };
  }
}

/** A 413 names the file that is too large: the one the API's message quotes, else the largest. */
function explainRefusal(error: ApiError, files: readonly UploadFile[]): ApiError {
  if (error.status !== 413) return error;
  const named = files.find((file) => error.message.includes(`"${file.name}"`));
  const file = named ?? [...files].sort((a, b) => b.size - a.size)[0]!;
  const which =
    named || files.length === 1
      ? quote(file.path)
      : `one of ${files.length} files (the largest: ${quote(file.path)})`;
  return new ApiError(`${which} exceeds the API's size limit: ${error.message}`, {
    status: 413,
    details: error.details,
    hint: "the spec does not show the API's size limit (the sandbox's is --max-upload-bytes)",
  });
}

/** Multipart: up to FILES_PER_REQUEST files a request, each part a Blob streamed from disk. */
function multipartBatches(files: readonly UploadFile[]): Batch[] {
  const batches: Batch[] = [];
  for (let start = 0; start < files.length; start += FILES_PER_REQUEST) {
    const chunk = files.slice(start, start + FILES_PER_REQUEST);
    batches.push({
      files: chunk,
      request: async () => uploadMultipart(await multipartOf(chunk)),
    });
  }
  return batches;
}

/** JSON: one file, read whole and sent in base64. */
function jsonBatch(file: UploadFile): Batch {
  return {
    files: [file],
    request: async (dryRun) =>
      uploadJson({
        filename: file.name,
        content_type: file.type,
        content: dryRun
          ? `<${count(file.size)} bytes of ${file.path} in base64>`
          : (await readFile(file.path)).toString('base64'),
      }),
  };
}

export const verb = defineVerb(UPLOAD, UploadAttachmentsOptions, runUploadAttachments, {
  fields: ATTACHMENT_FIELDS,
});
