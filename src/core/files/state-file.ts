/**
 * The rules of every file wfd keeps between runs: the config file, its
 * tokens and the loopback certificate, the shared rate budget. Another user must not be able to
 * make wfd write through a link, read a file they planted, or find a temporary file left behind:
 *
 * - the folder is checked right before each read and write: a folder of the user's own (or
 *   root's), that neither group nor others may write (else they could plant or swap files); a
 *   symbolic link to one is used when the link is the user's own too (a dotfile manager's);
 * - a file is opened without following a link (O_NOFOLLOW) and read only if it is a regular file
 *   of the user's own;
 * - a file is replaced through a temporary file created exclusively (O_EXCL) under a random name,
 *   fsynced, then renamed over it (a rename replaces a link, never writes through it); the
 *   temporary file is removed on any error (a full disk, a read-only folder).
 *
 * Windows has no O_NOFOLLOW, no uid and no mode bits (Node reports 0o666 for every file there):
 * only the "not a link" checks hold, by lstat; a user's %APPDATA% and %LOCALAPPDATA% are private
 * by their ACLs, and making a symbolic link there takes a privilege other users lack.
 */
// node:fs, not node:fs/promises: every API command reads the config file, and the promise API
// costs it about 2 ms; only the write path loads that.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  type Stats,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { WfdError } from '../errors.js';
import { hasFileModes } from '../process/platform.js';

/** A folder or file that breaks the rules above; the message names it and why, the hint the fix. */
export class UnsafeStateError extends WfdError {}

const POSIX = hasFileModes();
/** 0 where the platform has no such flag (Windows): the lstat checks stand in. */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Checks `dir` before a read or write: a folder of this user's (or root's), not writable by group
 * or others. A symbolic link to one (a dotfile manager's: GNU stow, home-manager, yadm) is used
 * when the link itself is the user's (or root's): both are checked. False when it does not exist;
 * throws an UnsafeStateError otherwise.
 */
export function checkStateFolder(dir: string): boolean {
  const found = lstatSync(dir, { throwIfNoEntry: false });
  if (!found) return false;
  if (!found.isSymbolicLink()) return found.isDirectory() && checkFolder(dir, found, dir);
  checkOwner(dir, found, 'is a symbolic link of another user', 'replace it with a folder of your own');
  const target = statSync(dir, { throwIfNoEntry: false });
  if (!target?.isDirectory()) return false;
  const real = realpathSync(dir);
  return checkFolder(real, target, `${dir} (a link to ${real})`);
}

/** The checks of folder `dir`'s own stats; `shown` names it in a message. */
function checkFolder(dir: string, found: Stats, shown: string): true {
  checkOwner(shown, found, 'belongs to another user', 'use a folder of your own');
  if (POSIX && (found.mode & 0o022) !== 0)
    throw unsafe(shown, 'may be written by other users', `chmod 700 ${dir}`);
  return true;
}

/** The user's own, or root's (a file root made is no one else's to change); anyone's on Windows. */
function checkOwner(name: string, found: Stats, why: string, fix: string): void {
  if (!POSIX || !process.getuid) return;
  if (found.uid !== process.getuid() && found.uid !== 0) throw unsafe(name, `${why} (uid ${found.uid})`, fix);
}

/**
 * Makes `dir` (0700) unless it exists, then checks it. The folder above it is checked first
 * (made, with its missing parents, when it is not there): nothing is made inside a folder others
 * may write to, nor through a link that fails the checks.
 */
export function makeStateFolder(dir: string): void {
  if (checkStateFolder(dir)) return;
  const parent = dirname(dir);
  if (!checkStateFolder(parent)) {
    mkdirSync(parent, { recursive: true, mode: 0o700 });
    if (!checkStateFolder(parent)) throw notAFolder(parent);
  }
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (!checkStateFolder(dir)) throw notAFolder(dir);
}

function notAFolder(dir: string): Error {
  return Object.assign(new Error(`${dir} is not a folder`), { code: 'ENOTDIR' });
}

/**
 * Where `path` leads when it is a symbolic link of the user's own (or root's), as a dotfile
 * manager makes them: its target, which is then checked at each use as any state file is (its
 * folder, its kind, its owner); `path` itself when it is no link. A link of another user's is
 * refused.
 */
export function followOwnLink(path: string): string {
  const found = lstatSync(path, { throwIfNoEntry: false });
  if (!found?.isSymbolicLink()) return path;
  checkOwner(path, found, 'is a symbolic link of another user', 'remove it');
  try {
    return realpathSync(path);
  } catch (error) {
    // A link to a file not made yet: written, it is made there.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return resolve(dirname(path), readlinkSync(path));
    throw error;
  }
}

/**
 * Opens `path` in a checked folder without following a link: `r` to read, `r+` to write in place,
 * `wx` to create (0600). The file opened must be a regular file of this user's.
 */
export function openStateFile(path: string, flags: 'r' | 'r+' | 'wx'): number {
  checkStateFolder(dirname(path));
  if (!POSIX && lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) throw linkError(path);
  const mode = {
    r: constants.O_RDONLY,
    'r+': constants.O_RDWR,
    wx: constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
  }[flags];
  let fd: number;
  try {
    fd = openSync(path, mode | NO_FOLLOW, 0o600);
  } catch (error) {
    // ELOOP: the last part of the path is a link (O_NOFOLLOW).
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw linkError(path);
    throw error;
  }
  try {
    checkFile(path, fstatSync(fd));
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return fd;
}

/** The text of a state file; undefined when it does not exist. */
export function readStateFile(path: string): string | undefined {
  let fd: number;
  try {
    fd = openStateFile(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes all of `data` at `position` of `fd`: a write may take fewer bytes than it was given (a
 * disk filling up), so it loops until every byte is written or a write fails.
 */
export function writeAll(fd: number, data: string | Uint8Array, position = 0): void {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  let done = 0;
  while (done < bytes.length) {
    const wrote = writeSync(fd, bytes, done, bytes.length - done, position + done);
    if (wrote <= 0) throw Object.assign(new Error('no space left on the device'), { code: 'ENOSPC' });
    done += wrote;
  }
}

/**
 * A temporary file beside `path` in its checked folder, to be renamed over it: a random name,
 * created exclusively (never through a link), mode 0600. The caller removes it on error.
 */
export function temporaryStateFile(path: string): { fd: number; path: string } {
  const folder = dirname(path);
  checkStateFolder(folder);
  const temporary = join(folder, temporaryName(path));
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;
  return { fd: openSync(temporary, flags, 0o600), path: temporary };
}

/**
 * `.name.json.<16 hex digits>.tmp`: hidden, and named after the file it replaces. Math.random, not
 * node:crypto (whose load would cost a one-shot command more than its request): the name only
 * keeps writers apart; O_EXCL in a folder no one else may write keeps out anything planted.
 */
function temporaryName(path: string): string {
  const hex = () =>
    Math.floor(Math.random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  return `.${basename(path)}.${hex()}${hex()}.tmp`;
}

/**
 * Replaces a state file so that a reader sees the old content or the new, never a part: a
 * temporary file beside it (random name, created exclusively, mode 0600 from its creation, so a
 * secret is never readable by others, not even for a moment), fsynced, renamed over the target;
 * then the folder is fsynced. On any error the temporary file is removed.
 */
export async function writeStateFile(path: string, data: string): Promise<void> {
  // Loaded here, not with the module: every command reads the config file, few write it.
  const [{ randomBytes }, { open, rm, rename }] = await Promise.all([
    import('node:crypto'),
    import('node:fs/promises'),
  ]);
  const folder = dirname(path);
  checkStateFolder(folder);
  const temporary = join(folder, `.${basename(path)}.${randomBytes(8).toString('hex')}.tmp`);
  try {
    const handle = await open(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW,
      0o600,
    );
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    // Checked again: the folder could have been swapped while the file was written.
    checkStateFolder(folder);
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

function checkFile(path: string, found: Stats): void {
  // As reading a folder would fail, so that callers tell it as they tell other file-system errors.
  if (found.isDirectory())
    throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${path}'`), {
      code: 'EISDIR',
    });
  if (!found.isFile()) throw unsafe(path, 'is not a regular file', `move it aside`);
  checkOwner(path, found, 'belongs to another user', 'move it aside');
}

function linkError(path: string): UnsafeStateError {
  return unsafe(
    path,
    'is a symbolic link, which wfd does not follow',
    'replace it with the file it points to',
  );
}

function unsafe(path: string, why: string, fix: string): UnsafeStateError {
  return new UnsafeStateError(`wfd does not use ${path}: it ${why}`, { hint: fix });
}
