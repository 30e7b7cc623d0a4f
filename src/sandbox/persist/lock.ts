/**
 * The lock of a data directory: a file `lock` naming the process that runs a sandbox on it.
 * It comes into being whole (written beside it, then hard-linked into place, which fails when a
 * lock is there), so nobody ever reads a half-written one. A lock whose process is gone (a
 * kill -9) is taken over, so a crash never leaves a directory that cannot be started again.
 * Two starts taking over the same stale lock at the same instant could both win: the lock
 * guards against a sandbox left running, not against that race.
 */
import { randomBytes } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataDirError } from './errors.js';
import { FILE_MODE } from './files.js';

const LOCK_FILE = 'lock';

/** A process holds the lock: a sandbox is running on the directory. */
export class LockedError extends DataDirError {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`A sandbox (process ${pid}) is running on the data directory ${JSON.stringify(dir)}`);
  }
}

/** The lock this process holds on a directory. */
export interface DirLock {
  /** Removes the lock file, when it is still this one. */
  release(): Promise<void>;
}

/**
 * Takes the directory's lock for this process.
 * @throws LockedError when a live process holds it
 */
export async function acquireLock(dir: string): Promise<DirLock> {
  const path = join(dir, LOCK_FILE);
  const content = `${JSON.stringify({ pid: process.pid })}\n`;
  const draft = join(dir, `.lock-${process.pid}-${randomBytes(4).toString('hex')}`);
  await writeFile(draft, content, { mode: FILE_MODE });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(draft, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = await lockHolder(dir);
        if (holder !== undefined) throw new LockedError(dir, holder);
        // Gone since we looked, or stale: a second try settles it.
        if (attempt > 0) {
          throw new DataDirError(`Could not take the lock of the data directory ${JSON.stringify(dir)}`);
        }
        await unlink(path).catch(ignoreMissing);
      }
    }
  } finally {
    await unlink(draft).catch(ignoreMissing);
  }
  return {
    async release() {
      const now = await readFile(path, 'utf8').catch(() => undefined);
      if (now === content) await unlink(path).catch(ignoreMissing);
    },
  };
}

/** The process holding the directory's lock while it lives; undefined when there is none (or it died). */
async function lockHolder(dir: string): Promise<number | undefined> {
  const text = await readFile(join(dir, LOCK_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  let pid: unknown;
  try {
    pid = (JSON.parse(text) as { pid?: unknown }).pid;
  } catch {
    return undefined;
  }
  // pid 0 and negative ones would name process groups.
  return Number.isSafeInteger(pid) && (pid as number) > 0 && isAlive(pid as number)
    ? (pid as number)
    : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
