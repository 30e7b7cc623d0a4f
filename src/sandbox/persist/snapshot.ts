/**
 * The snapshot of a data directory: the state of every record changed since the seed, as one
 * framed record, and the generation of the journal that continues it. It is only ever replaced
 * whole (replaceFile), so it is never torn; a damaged one is refused rather than guessed at.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Entry } from './codec.js';
import { DataDirError } from './errors.js';
import { replaceFile } from './files.js';
import { frame, unframe } from './frames.js';

export const SNAPSHOT_FILE = 'snapshot';

/** A commit of the journal, or the whole of a snapshot: entries, and where the id PRNG stood. */
export interface Batch {
  /** The position of the PRNG of run-time ids after these entries. */
  readonly ids: number;
  readonly entries: readonly Entry[];
}

export interface Snapshot extends Batch {
  /** The journal `journal-<generation>` holds the changes made after this snapshot. */
  readonly generation: number;
}

/**
 * The directory's snapshot; undefined when it has none yet.
 * @throws DataDirError when the file is damaged
 */
export async function readSnapshot(dir: string): Promise<{ snapshot: Snapshot; bytes: number } | undefined> {
  const bytes = await readFile(join(dir, SNAPSHOT_FILE)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (bytes === undefined) return undefined;
  const { records, goodBytes } = unframe(bytes);
  if (records.length !== 1 || goodBytes !== bytes.length) {
    throw new DataDirError(
      `The snapshot of the data directory ${JSON.stringify(dir)} is damaged (its checksum does not match)`,
    );
  }
  return { snapshot: JSON.parse(records[0]!.toString('utf8')) as Snapshot, bytes: bytes.length };
}

/** Replaces the directory's snapshot; returns its size in bytes. */
export async function writeSnapshot(dir: string, snapshot: Snapshot): Promise<number> {
  const bytes = frame(Buffer.from(JSON.stringify(snapshot)));
  await replaceFile(join(dir, SNAPSHOT_FILE), bytes);
  return bytes.length;
}
