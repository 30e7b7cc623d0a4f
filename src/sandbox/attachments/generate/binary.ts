/**
 * Large opaque files, streamed and never held whole: an AES-128-CTR keystream
 * keyed by (seed, id). Counter mode lets a range start anywhere without making
 * the bytes before it, and native AES makes a gigabyte in about a second.
 */
import { createCipheriv, createHash } from 'node:crypto';
import { Readable } from 'node:stream';

const BLOCK = 16;
const CHUNK = 64 * 1024;

/**
 * Bytes `start` to `end` (inclusive) of the file named by `key`, in chunks of 64 KiB.
 * @param onChunk told the size of each chunk as it is made
 */
export function binaryStream(
  key: string,
  start: number,
  end: number,
  onChunk: (bytes: number) => void,
): Readable {
  const digest = createHash('sha256').update(key).digest();
  const firstBlock = Math.floor(start / BLOCK);
  const cipher = createCipheriv(
    'aes-128-ctr',
    digest.subarray(0, 16),
    counterAt(digest.subarray(16), firstBlock),
  );
  const zeros = Buffer.alloc(CHUNK);
  let at = firstBlock * BLOCK;
  let skip = start - at;
  return new Readable({
    read() {
      if (at > end) {
        this.push(null);
        return;
      }
      const length = Math.min(CHUNK, end + 1 - at);
      let chunk = cipher.update(zeros.subarray(0, length));
      at += length;
      if (skip > 0) {
        chunk = chunk.subarray(skip);
        skip = 0;
      }
      onChunk(chunk.length);
      this.push(chunk);
    },
  });
}

/** The initial counter block plus `blocks`, as a 128-bit big-endian number. */
function counterAt(iv: Buffer, blocks: number): Buffer {
  const counter = Buffer.from(iv);
  let carry = BigInt(blocks);
  for (let i = BLOCK - 1; i >= 0 && carry > 0n; i--) {
    const sum = BigInt(counter[i]!) + (carry & 0xffn);
    counter[i] = Number(sum & 0xffn);
    carry = (carry >> 8n) + (sum >> 8n);
  }
  return counter;
}
