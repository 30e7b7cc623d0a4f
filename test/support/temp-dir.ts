/** A fresh temporary folder for each test of the calling file or `describe`, removed after it. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

export function useTempDir(prefix: string): { readonly path: string } {
  let path: string | undefined;
  beforeEach(() => {
    path = mkdtempSync(join(tmpdir(), prefix));
  });
  afterEach(() => {
    if (path) rmSync(path, { recursive: true, force: true });
    path = undefined;
  });
  return {
    get path() {
      if (!path) throw new Error('useTempDir: the folder exists only while a test runs');
      return path;
    },
  };
}
