/**
 * The framing of a data directory's files: each record is its length (4 bytes, little-endian),
 * the CRC-32 of its bytes (4 bytes), then the bytes. A record cut short by a crash, or whose
 * bytes do not match their checksum, is told apart from a whole one, so a journal's torn tail is
 * dropped rather than read.
 */
import { crc32 } from 'node:zlib';

const HEADER_BYTES = 8;
/** One record is one commit of changes; no commit comes near this. */
export const MAX_RECORD_BYTES = 1 << 30;

/** The frame of one record. */
export function frame(payload: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(payload.length, 0);
  header.writeUInt32LE(crc32(payload), 4);
  return Buffer.concat([header, payload]);
}

/** The whole records at the start of `bytes`, and how many bytes they take. */
export interface Unframed {
  readonly records: Buffer[];
  /** Where the first torn or damaged record starts: the length of the good part. */
  readonly goodBytes: number;
}

/** Reads records until the end of `bytes`, or until one is cut short or fails its checksum. */
export function unframe(bytes: Buffer): Unframed {
  const records: Buffer[] = [];
  let offset = 0;
  while (offset + HEADER_BYTES <= bytes.length) {
    const length = bytes.readUInt32LE(offset);
    const start = offset + HEADER_BYTES;
    if (length > MAX_RECORD_BYTES || start + length > bytes.length) break;
    const payload = bytes.subarray(start, start + length);
    if (crc32(payload) !== bytes.readUInt32LE(offset + 4)) break;
    records.push(payload);
    offset = start + length;
  }
  return { records, goodBytes: offset };
}
