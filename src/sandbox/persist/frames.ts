/**
 * The framing of a data directory's files: each record is its length (4 bytes, little-endian),
 * the CRC-32 of its bytes (4 bytes), then the bytes. A record cut short by a crash, or whose
 * bytes do not match their checksum, is told apart from a whole one; and a torn tail (what a crash
 * in the middle of an append leaves: no whole record after it) from damage further in (whole
 * records follow the bad one), which must not be dropped.
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
  for (let payload = wholeRecordAt(bytes, offset); payload; payload = wholeRecordAt(bytes, offset)) {
    records.push(payload);
    offset += HEADER_BYTES + payload.length;
  }
  return { records, goodBytes: offset };
}

/**
 * Whether a whole record starts anywhere after `offset` (the first bad one). An append writes one
 * record, so a crash leaves at most one torn record, last: a whole one after the bad one means the
 * file was damaged, not torn. Every offset is tried, since the bad record's length may be what
 * was damaged; most are ruled out by their length alone (record bytes are JSON text, whose four
 * bytes read as a length of over 500 MB), so this costs a pass over the rest of the file.
 */
export function wholeRecordAfter(bytes: Buffer, offset: number): boolean {
  for (let at = offset + 1; at + HEADER_BYTES < bytes.length; at++) {
    if (wholeRecordAt(bytes, at)) return true;
  }
  return false;
}

/** The payload of the whole record at `offset`, or undefined. An empty record is no commit. */
function wholeRecordAt(bytes: Buffer, offset: number): Buffer | undefined {
  if (offset + HEADER_BYTES > bytes.length) return undefined;
  const length = bytes.readUInt32LE(offset);
  const start = offset + HEADER_BYTES;
  if (length === 0 || length > MAX_RECORD_BYTES || start + length > bytes.length) return undefined;
  const payload = bytes.subarray(start, start + length);
  return crc32(payload) === bytes.readUInt32LE(offset + 4) ? payload : undefined;
}
