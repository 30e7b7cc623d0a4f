/**
 * The journal's high-water mark: how many commits the journal of a generation held when the
 * sandbox last started on the directory or last stopped, in a small file beside it. A crash
 * tears the last record at most, so a journal never legitimately holds fewer whole commits than
 * its mark says; one cut at a record boundary (a copy, a restore, a hand) does, and the start is
 * refused rather than serving an older state without a word. A mark of a generation older than
 * the snapshot's is a compaction's, which a crash interrupted before the mark moved on: ignored.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataDirError, JournalShortError } from './errors.js';
import { replaceFile } from './files.js';

export const MARK_FILE = 'journal-mark';

export interface JournalMark {
  readonly generation: number;
  /** Whole commits in the journal of that generation, its header left out. */
  readonly records: number;
}

/**
 * Checks the journal of `generation`, holding `records` whole commits (undefined: there is no
 * journal file), against the mark.
 * @throws JournalShortError when it holds fewer than the mark says; DataDirError when the mark
 *   names a later generation than the snapshot's (the snapshot is older than the journals were)
 */
export async function checkMark(
  dir: string,
  journal: string,
  generation: number,
  records: number | undefined,
): Promise<void> {
  const mark = await readMark(dir);
  if (!mark || mark.generation < generation) return;
  const path = join(dir, MARK_FILE);
  if (mark.generation > generation) {
    throw new DataDirError(
      `The data directory ${JSON.stringify(dir)} last ran on its journal of generation ${mark.generation} (${MARK_FILE}), but its ${generation === 0 ? 'snapshot is missing' : `snapshot is of generation ${generation}`}: the changes since are not in it; nothing was changed on disk`,
    );
  }
  if ((records ?? 0) < mark.records) throw new JournalShortError(journal, records, mark.records, path);
}

/** Records that the journal of `generation` holds `records` whole commits (at a start, at a clean stop). */
export async function writeMark(dir: string, mark: JournalMark): Promise<void> {
  await replaceFile(join(dir, MARK_FILE), `${JSON.stringify(mark)}\n`);
}

async function readMark(dir: string): Promise<JournalMark | undefined> {
  const path = join(dir, MARK_FILE);
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new DataDirError(`Cannot read ${JSON.stringify(path)}: ${error.message}`);
  });
  if (text === undefined) return undefined;
  try {
    const { generation, records } = JSON.parse(text) as Partial<JournalMark>;
    if (Number.isSafeInteger(generation) && Number.isSafeInteger(records))
      return { generation: generation!, records: records! };
  } catch {
    // told below
  }
  throw new DataDirError(
    `${JSON.stringify(path)} is not the journal's mark ({"generation": N, "records": N}); nothing was changed on disk`,
  );
}
