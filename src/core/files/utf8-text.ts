/**
 * A value read whole from stdin or a file (a request body, a field, a token): checked as it
 * arrives, so 300 MB of the wrong input is refused at its first bytes too many, not once it is
 * all in memory, and bytes that are not UTF-8 are refused rather than sent as U+FFFD.
 */
import { TextDecoder } from 'node:util';
import { UsageError } from '../errors.js';

/** The most read as one value: beyond any body the API takes (an upload of 25 MiB is 34 MiB as base64 JSON). */
export const MAX_VALUE_BYTES = 64 * 1024 * 1024;

/** All of `stream` as text; a UsageError (`it holds more than 64 MiB...`) when too large or not UTF-8. */
export async function readUtf8(stream: NodeJS.ReadableStream): Promise<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text = '';
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > MAX_VALUE_BYTES) {
      throw new UsageError(
        `it holds more than ${MAX_VALUE_BYTES / 1024 / 1024} MiB, the most wfd reads as one value`,
      );
    }
    text += decode(decoder, buffer, bytes - buffer.length);
  }
  return text + decode(decoder, undefined, bytes);
}

function decode(decoder: TextDecoder, buffer: Buffer | undefined, offset: number): string {
  try {
    return buffer ? decoder.decode(buffer, { stream: true }) : decoder.decode();
  } catch {
    throw new UsageError(
      `it is not UTF-8 text (from about byte ${offset}); convert it first (iconv -t UTF-8), as wfd never sends changed text`,
    );
  }
}
