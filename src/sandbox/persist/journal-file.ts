/**
 * A journal file: framed records (frames.ts) appended one commit at a time, each flushed to
 * disk before the append resolves. Opening it reads the whole records and cuts off a torn or
 * damaged tail (what a crash in the middle of an append leaves), so the next append follows
 * the last whole record.
 */
import { constants } from 'node:fs';
import { type FileHandle, open, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { FILE_MODE, syncDir } from './files.js';
import { frame, unframe } from './frames.js';

export interface OpenedJournal {
  readonly file: JournalFile;
  /** The payloads of its whole records, oldest first. */
  readonly records: Buffer[];
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

  /** Opens the journal at `path`, made empty when there is none. */
  static async open(path: string): Promise<OpenedJournal> {
    const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (bytes === undefined) return { file: await JournalFile.create(path), records: [] };
    const { records, goodBytes } = unframe(bytes);
    if (goodBytes < bytes.length) await truncate(path, goodBytes);
    const handle = await open(path, constants.O_WRONLY | constants.O_APPEND);
    // The cut must be on disk before anything is appended after it.
    if (goodBytes < bytes.length) await handle.sync();
    return { file: new JournalFile(path, handle, goodBytes), records };
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
