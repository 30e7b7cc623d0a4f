/** File writes that survive a crash whole: the building blocks of a data directory. */
import { open, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Files hold tokens: readable by their owner only. */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/**
 * Puts `data` at `path` so that a crash at any moment leaves either the old file or the new one,
 * whole: a temporary file beside it, flushed to disk, renamed over it, then the folder flushed
 * so the rename itself is on disk.
 * @param options.syncDir false leaves the folder unflushed: the caller must `syncDir` it before
 *   relying on the rename (one flush after several files)
 */
export async function replaceFile(
  path: string,
  data: Buffer | string,
  options: { syncDir?: boolean } = {},
): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.tmp`);
  const file = await open(temporary, 'w', FILE_MODE);
  try {
    await file.writeFile(data);
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
  if (options.syncDir !== false) await syncDir(dirname(path));
}

/** Flushes a folder's entries (files created, renamed or removed in it) to disk. */
export async function syncDir(path: string): Promise<void> {
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
