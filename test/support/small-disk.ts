/**
 * A tiny file system of its own (tmpfs, 16 KiB) to fill up or make read-only, for tests of what
 * a full disk or a read-only folder leaves behind. Only root can mount one: `mount` is undefined
 * elsewhere (or where mounting fails), and tests skip.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  path: string;
  /** fills every free byte (a file `filler`) */
  fill(): void;
  readOnly(): void;
  remove(): void;
}

export function mountSmallDisk(): SmallDisk | undefined {
  const path = mkdtempSync(join(tmpdir(), 'wfd-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k,mode=0700', 'tmpfs', path], { stdio: 'ignore' });
  } catch {
    rmSync(path, { recursive: true, force: true });
    return undefined;
  }
  return {
    path,
    fill() {
      try {
        writeFileSync(join(path, 'filler'), Buffer.alloc(64 * 1024));
      } catch {
        // ENOSPC, as meant: the file holds what fitted.
      }
    },
    readOnly() {
      execFileSync('mount', ['-o', 'remount,ro', path], { stdio: 'ignore' });
    },
    remove() {
      execFileSync('umount', [path], { stdio: 'ignore' });
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Whether this process may mount one (checked once, by mounting one). */
export const canMountSmallDisk = (() => {
  const disk = mountSmallDisk();
  disk?.remove();
  return disk !== undefined;
})();
