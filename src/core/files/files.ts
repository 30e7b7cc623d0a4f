/**
 * Downloads to disk, atomically: the bytes go to a temporary file in the target's folder, which
 * is renamed over the target once complete, so a reader never sees half a file and a failure,
 * a refusal or Ctrl-C leaves nothing behind. Shared by every command that saves API files.
 * A resumable download (an export) keeps its temporary file instead, so a later run continues it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, lstatSync } from 'node:fs';
import { lstat, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SignalledError, UsageError, WfdError } from '../errors.js';
import { onInterrupt } from '../process/interrupt.js';
import { quote } from '../text/quote.js';
import { openFile, writeChunks } from './chunk-writer.js';
import { FILE_MODE, FOLDER_MODE } from './file-modes.js';

/**
 * Checks, before any request, that `target` can be written: its folder exists and it is not
 * itself a folder. Returns the absolute path.
 */
export async function checkTarget(target: string, flag = '-O'): Promise<string> {
  const path = resolve(target);
  const folder = await stat(dirname(path)).catch(() => undefined);
  if (!folder?.isDirectory()) {
    throw new UsageError(`cannot write ${flag} ${quote(target)}: no such folder ${quote(dirname(path))}`);
  }
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isDirectory()) throw new UsageError(`cannot write ${flag} ${quote(target)}: it is a folder`);
  return path;
}

/**
 * Checks, before any request, that files can be written in folder `dir` (made when missing): a
 * byte is written to a temporary file there and removed, so a read-only file system, a full disk,
 * a quota or a permission is found before the downloads rather than by each of them. Throws a
 * UsageError naming `flag` and the reason.
 */
export async function checkWritableFolder(dir: string, flag = '--dir'): Promise<void> {
  const refuse = (error: unknown) => {
    if (!isSystemError(error)) return error;
    return new UsageError(`cannot write to ${flag} ${quote(dir)}: ${systemReason(error)}`, {
      hint: `choose another ${flag}, or make this one writable (and with room)`,
    });
  };
  await makeFolders(dir).catch((error: unknown) => {
    throw refuse(error);
  });
  const probe = join(dir, `.wfd-check.${randomBytes(6).toString('hex')}.part`);
  try {
    // Through the same writer as the downloads, so a failure there shows here first.
    await writeChunks(await openFile(probe, 'wx'), Readable.from([Buffer.from('\n')]), () => {});
  } catch (error) {
    throw refuse(error);
  } finally {
    await unlink(probe).catch(() => {});
  }
}

/**
 * Makes `dir` and its missing parents one at a time: a recursive mkdir says ENOENT where the
 * file system is read-only (EROFS), and the reason is what the user needs.
 */
async function makeFolders(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let path = resolve(dir); !(await lstat(path).catch(() => undefined)); path = dirname(path)) {
    missing.unshift(path);
    if (dirname(path) === path) break;
  }
  for (const path of missing) await mkdir(path, { mode: FOLDER_MODE });
}

/** What `writeFileAtomic` tells along the way. */
export interface AtomicWriteOptions {
  /** told each chunk as it is written (a hash) */
  onChunk?: (chunk: Uint8Array) => void;
  /** a line for the user: a temporary file of an earlier download removed, the write interrupted */
  notice?: (line: string) => void;
}

/**
 * Writes `source` to `target` through a temporary file beside it, then renames it over the
 * target. On any failure the temporary file is removed and the error rethrown (a file-system
 * error as a WfdError naming the file); on Ctrl-C or SIGTERM it is removed before the process
 * ends, said through `notice`, and the write fails with a SignalledError. The temporary files an earlier
 * download of the same target left (killed, so it could remove nothing) are removed first, and
 * told. Returns the number of bytes written.
 */
export async function writeFileAtomic(
  target: string,
  source: AsyncIterable<Uint8Array>,
  options: AtomicWriteOptions = {},
): Promise<number> {
  const path = resolve(target);
  await removeStaleParts(path, options.notice);
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.part`);
  let bytes = 0;
  const chunks = watched(source, (chunk) => {
    bytes += chunk.length;
    options.onChunk?.(chunk);
  });
  // `wx`: never through a file (or link) someone else put at the temporary name.
  const file = createWriteStream(temporary, { flags: 'wx', flush: true, mode: FILE_MODE });
  const closed = new Promise<void>((resolve) => file.once('close', () => resolve()));
  const written = pipeline(chunks, file);
  let interrupted: 'SIGINT' | 'SIGTERM' | undefined;
  // The file is removed once the stream let go of it (an unlink before its open completes would
  // leave it behind), without waiting for the source, which may be stalled.
  const release = onInterrupt(async (signal) => {
    interrupted = signal;
    file.destroy();
    await closed;
    await unlink(temporary).catch(() => {});
    // Told here: the process ends once the clean-ups are done, before the write's failure is reported.
    options.notice?.(`interrupted: ${target} was not saved (nothing of it is left)`);
  });
  try {
    await written;
    await rename(temporary, path);
    return bytes;
  } catch (error) {
    await unlink(temporary).catch(() => {});
    if (interrupted) throw new SignalledError(interrupted);
    throw writeError(target, error);
  } finally {
    release();
  }
}

/** A temporary file of a download not written to for this long is no download under way. */
const STALE_PART_MS = 10 * 60_000;

/** The temporary files (`.part`) of each folder, read once per run: a folder of thousands of downloads is listed once. */
const partsOf = new Map<string, Promise<string[]>>();

/**
 * Removes the temporary files an earlier download of `path` left (`.<name>.<12 hex>.part`, not
 * written to for STALE_PART_MS: one written to since may be another download under way) and
 * tells each.
 */
async function removeStaleParts(path: string, notice: ((line: string) => void) | undefined): Promise<void> {
  const folder = dirname(path);
  let parts = partsOf.get(folder);
  if (!parts) {
    parts = readdir(folder).then(
      (names) => names.filter(isTemporaryName),
      () => [],
    );
    partsOf.set(folder, parts);
  }
  const prefix = `.${basename(path)}.`;
  const mine = (await parts).filter(
    (name) => name.startsWith(prefix) && /^[0-9a-f]{12}\.part$/.test(name.slice(prefix.length)),
  );
  for (const name of mine) {
    const part = join(folder, name);
    const found = await lstat(part).catch(() => undefined);
    if (!found?.isFile() || Date.now() - found.mtimeMs < STALE_PART_MS) continue;
    await unlink(part).then(
      () =>
        notice?.(`removed ${part}, left by an earlier download of ${path} that was stopped before it could`),
      () => {},
    );
  }
}

/**
 * `source` as a stream whose chunks `watch` sees as they pass: a listener beside the pipe, not a
 * stream stage or a generator per chunk (hashing is most of what an export adds to a download).
 */
function watched(source: AsyncIterable<Uint8Array>, watch: (chunk: Uint8Array) => void): Readable {
  const stream = source instanceof Readable ? source : Readable.from(source);
  stream.on('data', watch);
  return stream;
}

/** Temporary files of both kinds are hidden and end in `.part`; no name made safe starts with a dot. */
export function isTemporaryName(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.part');
}

/** Where a resumable download keyed `key` (a safe name) keeps its bytes until complete. */
export function partPathOf(folder: string, key: string): string {
  return join(folder, `.${key}.part`);
}

/** What a resumable download's source sends: its bytes from `from` on, 0 for the whole file. */
export interface ResumedSource {
  from: number;
  chunks: AsyncIterable<Uint8Array>;
  /** the size of the whole file, when the source says (Content-Length, Content-Range) */
  size?: number | undefined;
  /** told the length of each chunk as it is written (a progress line) */
  onChunk?: ((bytes: number) => void) | undefined;
}

/** A resumable download that did not come to the size its source announced; its part is gone. */
export class SizeMismatchError extends WfdError {}

/** A file written whole: its size, its SHA-256 in hex, and the bytes kept from an earlier attempt. */
export interface WrittenFile {
  bytes: number;
  sha256: string;
  resumedFrom: number;
}

/**
 * Writes a download to `target` through `part`, a temporary file beside it that outlives a
 * failure, Ctrl-C or a crash: a later call asks `open` for the bytes after those already in
 * `part`, and `open` answers where its chunks start, that offset (they continue the part) or 0
 * (the whole file: the part starts over). Once complete (and of the size the source announced)
 * the part is renamed over the target, so the target is never partial. A file-system error is a WfdError naming the
 * target; a failure of the source is the caller's to report.
 */
export async function writeFileResumable(
  target: string,
  part: string,
  open: (offset: number) => Promise<ResumedSource>,
): Promise<WrittenFile> {
  const kept = await partLength(part);
  const source = await open(kept);
  const from = source.from;
  if (from !== 0 && from !== kept) throw new Error(`wfd: a download resumed at byte ${from}, not ${kept}`);
  const hash = createHash('sha256');
  if (from > 0) for await (const chunk of createReadStream(part, { end: from - 1 })) hash.update(chunk);
  // Not flushed to disk one by one, as an atomic write is: whoever continues an export checks
  // each file's size and SHA-256 against the manifest, so a file a power cut lost is fetched again.
  const fd = await openFile(part, from > 0 ? 'a' : 'w').catch((error: unknown) => {
    (source.chunks as Partial<Readable>).destroy?.();
    throw writeError(target, error);
  });
  let bytes = from;
  const written = writeChunks(fd, source.chunks, (chunk) => {
    bytes += chunk.length;
    hash.update(chunk);
    source.onChunk?.(chunk.length);
  });
  // The part stays for the next run; the transfer stops, and its file descriptor is let go.
  const release = onInterrupt(async () => {
    (source.chunks as Partial<Readable>).destroy?.();
    await written.catch(() => {});
  });
  try {
    await written;
    // A continued part that does not add up (the file changed on the server) is not kept.
    if (source.size !== undefined && bytes !== source.size) {
      await unlink(part).catch(() => {});
      throw new SizeMismatchError(
        `the download of ${quote(target)} has ${bytes} bytes, and the server announced ${source.size}`,
      );
    }
    await rename(part, target);
    return { bytes, sha256: hash.digest('hex'), resumedFrom: from };
  } catch (error) {
    // An empty part is worth nothing to the next attempt (a full disk leaves one per file).
    if (bytes === 0) await unlink(part).catch(() => {});
    throw writeError(target, error);
  } finally {
    release();
  }
}

/** A file that could not be written; `code` is the system's reason (ENOSPC, EACCES, ...). */
export class WriteError extends WfdError {
  readonly code: string | undefined;

  constructor(target: string, cause: NodeJS.ErrnoException) {
    // Whole: a path cut short would not say which file.
    super(`cannot write ${quote(target, PATH_MAX)}: ${systemReason(cause)}`, { cause });
    this.code = cause.code;
  }
}

/** The longest path Linux takes. */
const PATH_MAX = 4096;

/** Reasons after which no other file can be written either: a run stops at the first. */
const EVERY_WRITE_REFUSED = new Set(['ENOSPC', 'EROFS', 'EDQUOT']);

/** True when `error` is a write that every other write would meet too (a full disk, a read-only one). */
export function refusesEveryWrite(error: unknown): error is WriteError {
  return error instanceof WriteError && EVERY_WRITE_REFUSED.has(error.code ?? '');
}

/**
 * A file-system failure (disk full, no permission) as a WriteError named after the file; any
 * other failure, of the source (the connection broke), as it is: the caller's to report.
 */
export function writeError(target: string, error: unknown): unknown {
  return isSystemError(error) ? new WriteError(target, error) : error;
}

function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

/** `no space left on device (ENOSPC)`, from Node's `ENOSPC: no space left on device, write '/x'`. */
function systemReason(error: NodeJS.ErrnoException): string {
  const words = /^[A-Z0-9_]+: ([^,]+)/.exec(error.message)?.[1] ?? error.message;
  return error.code ? `${words} (${error.code})` : words;
}

/** The bytes already in `part`; anything there but a regular file (a link, a folder) is removed first. */
async function partLength(part: string): Promise<number> {
  // At once: most parts do not exist, and an asynchronous lstat would build an error to say so.
  const found = lstatSync(part, { throwIfNoEntry: false });
  if (!found) return 0;
  if (found.isFile()) return found.size;
  await rm(part, { recursive: true, force: true });
  return 0;
}

/** The size and SHA-256 (hex) of a file on disk, read as a stream. */
export async function hashFile(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    hash.update(chunk);
  }
  return { bytes, sha256: hash.digest('hex') };
}
