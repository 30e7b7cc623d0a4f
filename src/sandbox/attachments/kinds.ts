/**
 * The kinds of files the sandbox makes up (seeded attachments and those the
 * trigger hook adds): their extension, content type and size range. A record
 * names its kind and size; the bytes are made from (seed, id) only when read.
 */
import { pick, type Rng, randomInt } from '../random.js';

/** Where an attachment's bytes come from: kept from an upload, or made on read. */
export type AttachmentSource = 'upload' | GeneratedKind;

/** Documents and images of a few hundred KiB at most, and large opaque files for bulk transfers. */
export type GeneratedKind = 'pdf' | 'png' | 'text' | 'binary';

interface KindInfo {
  readonly extension: string;
  readonly contentType: string;
}

export const KINDS: Readonly<Record<GeneratedKind, KindInfo>> = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  png: { extension: 'png', contentType: 'image/png' },
  text: { extension: 'txt', contentType: 'text/plain; charset=utf-8' },
  binary: { extension: 'bin', contentType: 'application/octet-stream' },
};

/** The kinds made small enough to read whole (documents and images). */
export type SmallKind = Exclude<GeneratedKind, 'binary'>;

const KiB = 1024;
// Every generator fits its content into the smallest size of its range, then pads up to the size asked.
const SIZES: Readonly<Record<SmallKind, readonly [number, number]>> = {
  pdf: [16 * KiB, 512 * KiB],
  png: [2 * KiB, 256 * KiB],
  text: [2 * KiB, 64 * KiB],
};

/** The size of a large (`binary`) file when no other is configured: several MiB. */
export const DEFAULT_LARGE_BYTES = 8 * KiB * KiB;

// Half documents, a quarter images, a quarter text files.
const SMALL_KINDS: readonly SmallKind[] = ['pdf', 'pdf', 'png', 'text'];

/** A kind of small file. */
export function pickSmallKind(rng: Rng): SmallKind {
  return pick(rng, SMALL_KINDS);
}

/** A size for a small file of `kind`, within its range. */
export function randomSize(kind: SmallKind, rng: Rng): number {
  const [min, max] = SIZES[kind];
  return randomInt(rng, min, max);
}
