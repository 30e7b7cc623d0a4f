/**
 * Runs once before the suite: every wfd the tests start keeps its per-user cache (the compile
 * cache of bin/wfd.js) in a folder of this run, never in the user's home. Child processes
 * inherit WFD_CACHE_DIR; harness.baseEnv passes it on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'wfd-test-cache-'));
  process.env.WFD_CACHE_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
