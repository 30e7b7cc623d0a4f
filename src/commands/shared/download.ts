/** What the download verbs share: the refusal to write binary to a terminal, and saving a body. */
import { pipeline } from 'node:stream/promises';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { writeFileAtomic } from '../../core/files/files.js';
import type { ApiClient } from '../../core/http/http.js';
import { count } from '../../core/text/counts.js';

/** `-O -` on a terminal: a file's bytes would be garbage there, and could drive the terminal. */
export function refuseTerminal(ctx: Context, example: string, what = 'a file'): void {
  if (ctx.io.isStdoutTTY()) {
    throw new UsageError(`refusing to write ${what} to a terminal`, {
      hint: `pass -O FILE, or redirect: ${example}`,
    });
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
 * Saves a download to `outputFile` through a temporary file renamed once complete (saying so on
 * a terminal, with `detail`), or streams it to stdout for `-` (a terminal was refused before the
 * request).
 */
export async function saveTo(
  ctx: Context,
  client: ApiClient,
  body: AsyncIterable<Uint8Array>,
  outputFile: string,
  detail?: string,
): Promise<void> {
  if (outputFile === '-') {
    await ctx.io.flush();
    await pipeline(downloaded(client, body), ctx.io.stdout, { end: false });
    return;
  }
  const bytes = await writeFileAtomic(outputFile, downloaded(client, body), {
    notice: (line) => ctx.io.errorLine(`wfd: ${line}`),
  });
  if (ctx.io.isStderrTTY()) {
    ctx.io.errorLine(
      `✓ saved ${outputFile} (${[`${count(bytes)} bytes`, detail].filter(Boolean).join(', ')})`,
    );
  }
}
