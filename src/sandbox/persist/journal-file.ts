/**
 * A journal file: framed records (frames.ts) appended one commit at a time, each flushed to
 * disk before the append resolves. Opening it reads the whole records and cuts off a torn last
 * record (what a crash in the middle of an append leaves), so the next append follows the last
 * whole record; damage before the end is refused, untouched.
 */
import { constants } from 'node:fs';
import { type FileHandle, open, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { JournalDamagedError } from './errors.js';
import { FILE_MODE, syncDir } from './files.js';
import { frame, unframe, wholeRecordAfter } from './frames.js';

export interface OpenedJournal {
  readonly file: JournalFile;
  /** The payloads of its whole records, oldest first. */
  readonly records: Buffer[];
  /** The torn last record that was cut off: where it started and its bytes. */
  readonly dropped?: { readonly offset: number; readonly bytes: number };
}

export class JournalFile {
  #size: number;

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    size: number,
  ) {
    this.#size = size;
  }

  /**
   * Opens the journal at `path`, made empty when there is none.
   * @throws JournalDamagedError when a bad record has whole ones after it (the file is left as it is)
   */
  static async open(path: string): Promise<OpenedJournal> {
    const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (bytes === undefined) return { file: await JournalFile.create(path), records: [] };
    const { records, goodBytes } = unframe(bytes);
    const torn = goodBytes < bytes.length;
    if (torn && wholeRecordAfter(bytes, goodBytes)) {
      throw new JournalDamagedError(path, goodBytes, records.length + 1);
    }
    if (torn) await truncate(path, goodBytes);
    const handle = await open(path, constants.O_WRONLY | constants.O_APPEND);
    // The cut must be on disk before anything is appended after it.
    if (torn) await handle.sync();
    const file = new JournalFile(path, handle, goodBytes);
    return torn
      ? { file, records, dropped: { offset: goodBytes, bytes: bytes.length - goodBytes } }
      : { file, records };
  }

  /** Makes an empty journal at `path` (replacing any file there) and flushes its folder entry. */
  static async create(path: string): Promise<JournalFile> {
    const handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC, FILE_MODE);
    await handle.sync();
    await syncDir(dirname(path));
    return new JournalFile(path, handle, 0);
  }

  /** Bytes in the file. */
  get size(): number {
    return this.#size;
  }

  /** Appends one record and flushes it to disk. */
  async append(payload: Buffer): Promise<void> {
    const bytes = frame(payload);
    for (let written = 0; written < bytes.length; ) {
      written += (await this.handle.write(bytes, written)).bytesWritten;
    }
    this.#size += bytes.length;
    await this.handle.datasync();
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
