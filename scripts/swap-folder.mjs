// Puts a folder in place of another by renaming, for `npm run build` (scripts/build.mjs): a reader
// of `target` (a linked `wfd` starting during a build) finds the whole old folder or the whole
// new one, never one being emptied or filled. Node has no call that exchanges two names at once,
// so between the two renames `target` is missing for some microseconds; bin/wfd.js tries again
// once when its program is missing.
import { renameSync, rmSync } from 'node:fs';

/** Replaces `target` (which may not exist) with `next`, on the same file system; the old one is deleted. */
export function swapFolder(next, target) {
  const old = `${next}.old`;
  let moved = true;
  try {
    renameSync(target, old);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    moved = false;
  }
  renameSync(next, target);
  if (moved) rmSync(old, { recursive: true, force: true });
}
