/** What the attachments verbs share: columns, the refusal to write binary to a terminal, filenames, failures. */
import { pipeline } from 'node:stream/promises';
import contentDisposition from 'content-disposition';
import type { Context } from '../../context.js';
import { UsageError, WfdError } from '../../core/errors.js';
import { writeFileAtomic } from '../../core/files.js';
import type { ApiClient } from '../../core/http.js';
import { safeFilename } from '../../core/safe-filename.js';

export const ID_HINT = 'run `wfd responses get <id>` to see the ids of its attachments';

/** `-O -` on a terminal: a file's bytes would be garbage there, and could drive the terminal. */
export function refuseTerminal(ctx: Context, example: string): void {
  if (ctx.io.isStdoutTTY()) {
    throw new UsageError('refusing to write a file to a terminal', {
      hint: `pass -O FILE, or redirect: ${example}`,
    });
  }
}

/**
 * The filename a download's `Content-Disposition` gives (RFC 6266; `filename*` of RFC 5987 for
 * non-ASCII names), made safe for the disk; `fallback` when there is none or it cannot be read.
 */
export function filenameOf(headers: Record<string, string | string[] | undefined>, fallback: string): string {
  const header = headers['content-disposition'];
  const value = Array.isArray(header) ? header[0] : header;
  let name: string | undefined;
  try {
    name = value ? contentDisposition.parse(value).parameters.filename : undefined;
  } catch {
    name = undefined;
  }
  return safeFilename(name ?? '', fallback);
}

/**
 * Some items of a run failed; each was already reported. Its exit code is theirs when they
 * share one, else 1 (as for the bulk commands).
 */
export class PartialFailure extends WfdError {
  override readonly exitCode: number;

  constructor(message: string, codes: readonly number[], options: { hint?: string } = {}) {
    super(message, options);
    const distinct = new Set(codes);
    this.exitCode = distinct.size === 1 ? [...distinct][0]! : 1;
  }
}

/**
 * A download's chunks, its network failures (a broken or stalled connection) turned into the
 * NetworkError a request throws (exit 8); what fails on the writing side keeps its own error.
 */
export async function* downloaded(
  client: ApiClient,
  body: AsyncIterable<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  try {
    yield* body;
  } catch (error) {
    throw client.bodyError(error);
  }
}

/**
 * Saves a download to `outputFile` through a temporary file renamed once complete, or streams
 * it to stdout for `-` (a terminal was refused before the request). Returns the bytes saved to
 * a file.
 */
export async function saveTo(
  ctx: Context,
  client: ApiClient,
  body: AsyncIterable<Uint8Array>,
  outputFile: string,
): Promise<number | undefined> {
  if (outputFile !== '-') return writeFileAtomic(outputFile, downloaded(client, body));
  await ctx.io.flush();
  await pipeline(downloaded(client, body), ctx.io.stdout, { end: false });
  return undefined;
}
