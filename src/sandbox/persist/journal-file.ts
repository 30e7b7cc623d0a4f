/**
 * A journal file: a header record, then framed records (frames.ts) appended one commit at a
 * time, each flushed to disk before the append resolves. A journal is created whole, header
 * included (a temporary file renamed), so a file without a whole first record was emptied or cut
 * by something else than a crash: refused, as it would lose acknowledged writes silently.
 * Opening it reads the whole records and cuts off a torn last record (what a crash in the middle
 * of an append leaves), so the next append follows the last whole record; damage before the end
 * is refused, untouched. (Journals written before the header existed start with a commit.)
 */
import { constants } from 'node:fs';
import { type FileHandle, open, readFile, truncate } from 'node:fs/promises';
import { DataDirError, JournalDamagedError, JournalTruncatedError } from './errors.js';
import { replaceFile } from './files.js';
import { frame, unframe, wholeRecordAfter } from './frames.js';

export interface OpenedJournal {
  readonly file: JournalFile;
  /** The payloads of its whole commits, oldest first (the header left out). */
  readonly records: Buffer[];
  /** The torn last record that was cut off: where it started and its bytes. */
  readonly dropped?: { readonly offset: number; readonly bytes: number };
}

/** What a refusal of a journal without a whole record says of the directory. */
export interface JournalContext {
  /** Upload files in the directory. */
  readonly uploads: number;
  /** What the directory starts from without the journal: the seed, or the snapshot. */
  readonly base: string;
  /** The journal's mark (journal-mark.ts), to remove with it. */
  readonly mark: string;
}

const HEADER_KEY = 'wfd_sandbox_journal';

/** The first record of the journal of `generation`, framed. */
export function journalHeader(generation: number): Buffer {
  return frame(Buffer.from(JSON.stringify({ [HEADER_KEY]: 1, generation })));
}

function isHeader(record: Buffer): boolean {
  return record.includes(HEADER_KEY) && HEADER_KEY in (JSON.parse(record.toString('utf8')) as object);
}

export class JournalFile {
  #size: number;
  #records: number;

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    size: number,
    records: number,
  ) {
    this.#size = size;
    this.#records = records;
  }

  /**
   * Opens the journal of `generation` at `path`, made (with its header) when there is none.
   * @throws JournalDamagedError when a bad record has whole ones after it; JournalTruncatedError
   *   when it has no whole record (the file is left as it is)
   */
  static async open(path: string, generation: number, context: JournalContext): Promise<OpenedJournal> {
    const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      if (error.code === 'EISDIR')
        throw new DataDirError(
          `The journal ${JSON.stringify(path)} is a folder, not a file: move it aside (it is no sandbox's); nothing was changed on disk`,
        );
      throw error;
    });
    if (bytes === undefined) return { file: await JournalFile.create(path, generation), records: [] };
    const { records, goodBytes } = unframe(bytes);
    const torn = goodBytes < bytes.length;
    if (torn && wholeRecordAfter(bytes, goodBytes)) {
      throw new JournalDamagedError(path, goodBytes, records.length + 1, context.mark);
    }
    if (records.length === 0) {
      throw new JournalTruncatedError(path, bytes.length, context);
    }
    if (isHeader(records[0]!)) records.shift();
    if (torn) await truncate(path, goodBytes);
    const handle = await open(path, constants.O_WRONLY | constants.O_APPEND);
    // The cut must be on disk before anything is appended after it.
    if (torn) await handle.sync();
    const file = new JournalFile(path, handle, goodBytes, records.length);
    return torn
      ? { file, records, dropped: { offset: goodBytes, bytes: bytes.length - goodBytes } }
      : { file, records };
  }

  /**
   * Makes the journal of `generation` at `path`, holding its header only (replacing any file
   * there), whole or not at all, and flushes its folder entry.
   */
  static async create(path: string, generation: number): Promise<JournalFile> {
    const header = journalHeader(generation);
    await replaceFile(path, header);
    const handle = await open(path, constants.O_WRONLY | constants.O_APPEND);
    return new JournalFile(path, handle, header.length, 0);
  }

  /** Bytes in the file. */
  get size(): number {
    return this.#size;
  }

  /** Whole commits in the file, its header left out. */
  get records(): number {
    return this.#records;
  }

  /** Appends one record and flushes it to disk. */
  async append(payload: Buffer): Promise<void> {
    const bytes = frame(payload);
    for (let written = 0; written < bytes.length; ) {
      written += (await this.handle.write(bytes, written)).bytesWritten;
    }
    this.#size += bytes.length;
    await this.handle.datasync();
    this.#records++;
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}
