/**
 * `wfd signatures download <id> -O FILE|-`: the signed file, streamed to disk through a
 * temporary file renamed on success (src/core/files/files.ts), or to stdout when it is not a terminal.
 * A 404, a 403, a broken connection or Ctrl-C leaves no file behind.
 */
import type * as z from 'zod/mini';
import { downloadSignature } from '../../api/signatures.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { WfdError } from '../../core/errors.js';
import { checkTarget } from '../../core/files/files.js';
import type { ApiClient, StreamedResponse } from '../../core/http/http.js';
import { refuseTerminal, saveTo } from '../shared/download.js';
import { explainNotFound } from '../shared/not-found.js';
import { assertWholeId } from '../shared/resolve-id.js';
import { DOWNLOAD_SIGNATURE } from './flags.js';

const ID_HINT = 'run `wfd responses get <id>` to see the ids of its signatures';

export const DownloadSignatureOptions = verbSchema(DOWNLOAD_SIGNATURE);
export type DownloadSignatureOptions = z.output<typeof DownloadSignatureOptions>;

export async function runDownloadSignature(options: DownloadSignatureOptions, ctx: Context): Promise<void> {
  assertWholeId(options.id, 'signature', ID_HINT);
  const toStdout = options.outputFile === '-';
  if (toStdout) refuseTerminal(ctx, '-O - > signed.pdf', 'a PDF');
  else await checkTarget(options.outputFile);
  const client = await ctx.api();
  const file = await explainNotFound(signedFile(client, options.id), `signature ${options.id}`, ID_HINT);
  await saveTo(ctx, client, file.body, options.outputFile);
}

/**
 * The signed file: asked for with `Accept: application/pdf`, then with `?download=true` when
 * the API answered JSON (its metadata) instead. Both JSON is an error: the API kept the file.
 */
async function signedFile(client: ApiClient, id: string): Promise<StreamedResponse> {
  for (const fallback of [false, true]) {
    const answer = await client.stream(downloadSignature(id, fallback));
    if (!isJson(answer)) return answer;
    // Read to the end (not destroyed), so the connection stays reusable.
    for await (const _chunk of answer.body) {
    }
  }
  throw new WfdError(`the API answered signature ${id}'s metadata, not its file, to both ways of asking`, {
    hint: 'run `wfd signatures get <id>` for the metadata; the file may not be available yet',
  });
}

function isJson(answer: StreamedResponse): boolean {
  const type = answer.headers['content-type'];
  return /[/+]json\b/i.test(Array.isArray(type) ? type.join(',') : (type ?? ''));
}

export const verb = defineVerb(DOWNLOAD_SIGNATURE, DownloadSignatureOptions, runDownloadSignature);
