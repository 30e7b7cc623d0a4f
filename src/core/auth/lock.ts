/**
 * The lock that serialises every change of the config file between processes (and within one):
 * a `<file>.lock` folder made by proper-lockfile, kept fresh while held, taken over once its
 * holder stopped refreshing it (a crashed process). The same lock serialises OAuth refreshes, so
 * two cron jobs on one profile never refresh at the same moment. A folder made with mkdir is
 * atomic on Windows too, so the lock works the same there.
 */
import { dirname } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { WfdError } from '../errors.js';
import { describeFsError } from './config-file.js';

export interface LockOptions {
  /** how long to wait for another holder before giving up (an OAuth refresh may hold it for a request) */
  waitMs?: number;
  /** injected in tests */
  sleep?: (ms: number) => Promise<void>;
}

/** Passed to the locked work: `assertHeld` before the write that the lock protects. */
export interface HeldLock {
  assertHeld(): void;
}

const DEFAULT_WAIT_MS = 90_000;
/** A holder refreshes the lock's time every STALE_MS / 2; a lock older than this was abandoned. */
const STALE_MS = 10_000;

/** Runs `work` while holding the lock of `file` (which need not exist). */
export async function withFileLock<T>(
  file: string,
  work: (lock: HeldLock) => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  const { default: lockfile } = await import('proper-lockfile');
  const lockPath = `${file}.lock`;
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  let compromised: Error | undefined;
  const started = Date.now();
  let release: () => Promise<void>;
  for (;;) {
    try {
      release = await lockfile.lock(file, {
        realpath: false,
        lockfilePath: lockPath,
        stale: STALE_MS,
        // Without a handler proper-lockfile throws from a timer, which would crash the process.
        onCompromised: (error) => {
          compromised = error;
        },
      });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw await lockFailure(error, file, lockPath);
      if (Date.now() - started >= waitMs) {
        throw new WfdError(`the config file is locked by another wfd process (${lockPath})`, {
          hint: `wait for it to finish; if no wfd is running, remove the folder ${lockPath}`,
        });
      }
      // Spread the retries of many waiting processes.
      await sleep(20 + Math.floor(Math.random() * 80));
    }
  }
  const held: HeldLock = {
    assertHeld() {
      if (compromised) {
        throw new WfdError(`lost the lock of the config file (${compromised.message}); nothing was written`, {
          hint: 'run the command again',
        });
      }
    },
  };
  try {
    return await work(held);
  } finally {
    await release().catch(() => {});
  }
}

/**
 * Why the lock could not be made: a file (not the folder wfd makes) in the way of it, which no
 * wfd leaves, is named as such; any other error is the config folder's.
 */
async function lockFailure(error: unknown, file: string, lockPath: string): Promise<unknown> {
  const { lstat } = await import('node:fs/promises');
  const found = await lstat(lockPath).catch(() => undefined);
  if (found && !found.isDirectory()) {
    return new WfdError(
      `${lockPath} is in the way of the config file's lock: wfd makes a folder there, and found a file`,
      {
        hint: `remove it if no wfd is running: rm ${lockPath}`,
      },
    );
  }
  return describeFsError(error, dirname(file), 'write');
}
