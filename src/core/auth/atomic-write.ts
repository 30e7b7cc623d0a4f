/**
 * Replaces a file so that a reader sees the old content or the new, never a part: write a
 * temporary file beside it, fsync it, rename it over the target, fsync the folder. The mode is
 * set when the temporary file is created, so a secret is never readable by others, not even
 * for a moment.
 */
import { basename, dirname, join } from 'node:path';

export async function writeTextFileAtomic(path: string, data: string, mode = 0o600): Promise<void> {
  // Loaded here, not with the module: every command reads the config file, few write it.
  const [{ randomBytes }, { open, rename, rm }] = await Promise.all([
    import('node:crypto'),
    import('node:fs/promises'),
  ]);
  const folder = dirname(path);
  const temporary = join(folder, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', mode);
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

/** Makes the rename itself durable; some file systems cannot fsync a folder, which is no reason to fail. */
async function syncFolder(folder: string): Promise<void> {
  const { open } = await import('node:fs/promises');
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // EISDIR/EPERM/EINVAL on platforms without folder fsync: the data itself is already synced.
  }
}
