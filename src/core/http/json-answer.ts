/**
 * Bounds on a JSON answer, so no server can exhaust the client: its size is checked against
 * `content-length` before any byte is read and counted while it streams in; its depth is
 * checked by a scan of the text before it is parsed (a 10,000-level nesting overflows the
 * stack of every recursive reader after JSON.parse: the schemas, the renderers, JSON.stringify).
 */
import type { Readable } from 'node:stream';
import { WfdError } from '../errors.js';
import { firstHeader } from './headers.js';

/** The largest JSON answer read: a page of 100 large records is a few megabytes. */
export const MAX_JSON_BYTES = 32 * 1024 * 1024;
/** The deepest nesting of a JSON answer: the spec's records nest a handful of levels. */
export const MAX_JSON_DEPTH = 256;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function tooLarge(what: string): WfdError {
  return new WfdError(`${what} is larger than ${MAX_JSON_BYTES / 1024 / 1024} MiB, the most wfd reads`, {
    hint: 'ask for less at a time (a smaller --page-size, a narrower filter)',
  });
}

/**
 * The body as text, at most MAX_JSON_BYTES of it: a larger `content-length`, or more bytes than
 * that, is an error before the rest is read (the connection is dropped). Read with listeners, not
 * `for await`: Node's async iterator of a stream costs a one-shot command's single answer 1-2 ms.
 * It fails as the iterator does: with the stream's error, else, when the stream closes before
 * its end, with Node's premature close.
 */
export function readBoundedText(
  body: Readable,
  headers: Record<string, string | string[] | undefined>,
  what = 'the answer of the API',
): Promise<string> {
  const declared = Number(firstHeader(headers, 'content-length'));
  if (Number.isFinite(declared) && declared > MAX_JSON_BYTES) {
    body.destroy();
    return Promise.reject(tooLarge(what));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    body.on('data', (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += buffer.length;
      if (bytes > MAX_JSON_BYTES) {
        body.destroy();
        reject(tooLarge(what));
        return;
      }
      chunks.push(buffer);
    });
    body.once('end', () => resolve(Buffer.concat(chunks, bytes).toString('utf8')));
    body.once('error', reject);
    body.once('close', () => {
      if (!body.readableEnded) reject(prematureClose());
    });
  });
}

/** The error Node's stream helpers give a stream that closed before its end. */
function prematureClose(): NodeJS.ErrnoException {
  return Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}

/** Throws when `text` nests arrays and objects deeper than MAX_JSON_DEPTH (strings skipped). */
export function checkJsonDepth(text: string, what = 'the answer of the API'): void {
  // No deeper than it has openers: a record or a short page is not scanned. The scan, a loop over
  // every character, is what V8 optimised in a one-shot command (Node 24 paged in its optimising
  // compilers for it, some 2 to 6 MiB of peak RSS); a long list's pages are scanned.
  if (openersAtMost(text, MAX_JSON_DEPTH)) return;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // Skip the string, escapes included.
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > MAX_JSON_DEPTH)
        throw new WfdError(`${what} nests deeper than ${MAX_JSON_DEPTH} levels, the most wfd reads`);
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) depth--;
  }
}

/** Whether `text` has no more than `limit` of `[` and `{` together (the count stops past it). */
function openersAtMost(text: string, limit: number): boolean {
  let count = 0;
  for (const opener of ['[', '{']) {
    for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 1)) {
      if (++count > limit) return false;
    }
  }
  return true;
}

/**
 * An answer's body parsed, its depth checked first. An error answer's body that is not JSON is
 * undefined (the error then says the status); a success's is an error of its own.
 */
export function parseJson(text: string, status: number): unknown {
  checkJsonDepth(text);
  try {
    return JSON.parse(text);
  } catch {
    if (status >= 400) return undefined;
    throw new WfdError(`the API answered ${status} with a body that is not JSON`);
  }
}
