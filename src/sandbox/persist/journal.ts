/**
 * The journal of a data directory: the one place every run-time write of the stores arrives
 * (as the change log of each), and where it becomes durable.
 *
 * A write only names the record it touched. A commit takes the records touched since the last
 * one, reads their whole state at that instant (codec.ts), writes the uploads among them
 * (blobs.ts), then appends one record to the journal file and flushes it to disk. Commits run
 * one at a time; the writes that arrive while one runs share the next (a group commit), so a
 * burst of requests costs a flush per commit rather than per request.
 *
 * `durable()` resolves once every write made before it was called is on disk: the pipeline
 * waits for it before any answer leaves, so no answer acknowledges (or shows) a write a crash
 * could lose.
 *
 * Compaction: once the journal outgrows both a threshold and the snapshot, a commit writes a
 * new snapshot instead (every record touched since the seed, as it stands) and starts an empty
 * journal of the next generation; the old one is removed.
 */
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChangeLog, RecordKind } from '../changes.js';
import type { SandboxState } from '../state.js';
import type { FileBlobStore } from './blobs.js';
import { type Entry, readEntry } from './codec.js';
import { JournalFile } from './journal-file.js';
import { writeMark } from './journal-mark.js';
import { type Batch, writeSnapshot } from './snapshot.js';

/** A journal is compacted once it is larger than this and than the snapshot (default 8 MiB). */
export const DEFAULT_COMPACT_BYTES = 8 * 1024 * 1024;

/** The journal file of a generation. */
export function journalPath(dir: string, generation: number): string {
  return join(dir, `journal-${generation}`);
}

/** Records by `kind:id`, in the order they were first touched. */
export type TouchedRecords = Map<string, readonly [RecordKind, string]>;

export function touch(records: TouchedRecords, kind: RecordKind, id: string): void {
  const key = `${kind}:${id}`;
  if (!records.has(key)) records.set(key, [kind, id]);
}

export interface JournalOptions {
  readonly dir: string;
  readonly state: SandboxState;
  readonly blobs: FileBlobStore;
  readonly file: JournalFile;
  readonly generation: number;
  /** Size of the snapshot file (0 without one). */
  readonly snapshotBytes: number;
  /**
   * Every record touched since the seed, first touched first: what a snapshot holds. That
   * order is one in which each record comes after those it refers to (a record is touched
   * when it is made, after what it refers to).
   */
  readonly touched: TouchedRecords;
  readonly compactBytes: number;
}

export class Journal implements ChangeLog {
  readonly #options: JournalOptions;
  readonly #touched: TouchedRecords;
  #file: JournalFile;
  #generation: number;
  #snapshotBytes: number;
  /** Touched since the last commit took its batch. */
  #pending: TouchedRecords = new Map();
  /** The last commit queued; it rejects for good once one failed. */
  #tail: Promise<void> = Promise.resolve();
  /** A commit is queued that has not taken its batch yet: later writes join it. */
  #queued = false;

  constructor(options: JournalOptions) {
    this.#options = options;
    this.#touched = options.touched;
    this.#file = options.file;
    this.#generation = options.generation;
    this.#snapshotBytes = options.snapshotBytes;
  }

  touched(kind: RecordKind, id: string): void {
    touch(this.#pending, kind, id);
    touch(this.#touched, kind, id);
  }

  /**
   * Resolves once every write made so far is on disk.
   * @throws Error (for good) once a commit failed: the directory no longer matches the memory
   */
  durable(): Promise<void> {
    if (this.#pending.size > 0 && !this.#queued) {
      this.#queued = true;
      this.#tail = this.#tail.then(() => {
        this.#queued = false;
        return this.#commit();
      });
      // Callers see the failure; the chain itself must not count as unhandled.
      this.#tail.catch(() => {});
    }
    return this.#tail;
  }

  /** Commits what is pending, closes the file, and moves the journal's mark to what it holds. */
  async close(): Promise<void> {
    try {
      await this.durable();
    } finally {
      await this.#file.close();
    }
    await writeMark(this.#options.dir, { generation: this.#generation, records: this.#file.records });
  }

  async #commit(): Promise<void> {
    const { state, blobs, compactBytes } = this.#options;
    // Everything is read now, in one go, so the batch is one consistent state.
    // A compaction writes every record touched (the pending ones among them), else only the pending.
    const compact = this.#file.size > Math.max(compactBytes, this.#snapshotBytes);
    const ids = state.ids.position();
    const entries = [...(compact ? this.#touched : this.#pending).values()].map(([kind, id]) =>
      readEntry(kind, id, state),
    );
    this.#pending = new Map();
    // Bytes first: a journal record never names an upload that is not on disk.
    await blobs.flush();
    if (compact) await this.#compact({ ids, entries });
    else await this.#file.append(Buffer.from(JSON.stringify({ ids, entries } satisfies Batch)));
  }

  /** Replaces the snapshot with `batch` (which includes what is pending) and starts the next journal. */
  async #compact(batch: { ids: number; entries: Entry[] }): Promise<void> {
    const { dir } = this.#options;
    const generation = this.#generation + 1;
    const next = await JournalFile.create(journalPath(dir, generation), generation);
    try {
      // The rename of the snapshot is the moment the new generation takes over.
      this.#snapshotBytes = await writeSnapshot(dir, { generation, ...batch });
    } catch (error) {
      await next.close();
      throw error;
    }
    const previous = this.#file;
    this.#file = next;
    this.#generation = generation;
    await previous.close();
    await unlink(previous.path);
  }
}
