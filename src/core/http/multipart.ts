/**
 * A `multipart/form-data` body (RFC 7578) of a web FormData, as the HTML standard encodes it,
 * streamed: file parts are read from their Blobs (`fs.openAsBlob`: from disk) while sent, so a
 * file is never held whole in memory. Its length is known before the first byte, so the request
 * carries a Content-Length (servers and proxies may refuse a chunked upload, or check the size
 * only once all of it arrived).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { WfdError } from '../errors.js';
import { quote } from '../text/quote.js';

export interface MultipartBody {
  /** `multipart/form-data; boundary=...` */
  contentType: string;
  /** bytes in all */
  length: number;
  /** a new stream of the body each call (a retry sends it again) */
  stream(): Readable;
}

const CRLF = '\r\n';

export function encodeMultipart(form: FormData): MultipartBody {
  const boundary = `----wfd${randomBytes(16).toString('hex')}`;
  const parts = [...form.entries()].map(([name, value]) => {
    const disposition = `Content-Disposition: form-data; name="${escapeName(crlf(name))}"`;
    if (typeof value === 'string')
      return {
        head: Buffer.from(`--${boundary}${CRLF}${disposition}${CRLF}${CRLF}`),
        value: Buffer.from(crlf(value)),
      };
    const head =
      `--${boundary}${CRLF}${disposition}; filename="${escapeName(value.name)}"${CRLF}` +
      `Content-Type: ${value.type || 'application/octet-stream'}${CRLF}${CRLF}`;
    return { head: Buffer.from(head), value };
  });
  const tail = Buffer.from(`--${boundary}--${CRLF}`);
  const length =
    parts.reduce((n, part) => n + part.head.length + sizeOf(part.value) + CRLF.length, 0) + tail.length;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    stream: () =>
      Readable.from(
        (async function* () {
          for (const part of parts) {
            yield part.head;
            if (Buffer.isBuffer(part.value)) yield part.value;
            else yield* fileChunks(part.value);
            yield Buffer.from(CRLF);
          }
          yield tail;
        })(),
      ),
  };
}

/**
 * The bytes of a file part. Node's Blob of a file refuses to read it once its size or time
 * differs from when it was opened ('The blob could not be read'): said in words.
 */
async function* fileChunks(file: Blob): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of file.stream()) yield chunk;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'NotReadableError')) throw error;
    const name = (file as File).name;
    throw new WfdError(
      `${quote(name)} changed while it was being sent (it is not the size or age it was when the upload began); the upload was broken off`,
      { hint: 'upload it again once nothing writes to it', cause: error },
    );
  }
}

function sizeOf(value: Buffer | Blob): number {
  return Buffer.isBuffer(value) ? value.length : value.size;
}

/** Line breaks of a name or a text value as CRLF, as the HTML standard's encoder sends them. */
function crlf(text: string): string {
  return text.replace(/\r?\n|\r/g, CRLF);
}

/** A name or filename in a quoted header parameter, escaped as the HTML standard's encoder does. */
function escapeName(name: string): string {
  return name.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
}
