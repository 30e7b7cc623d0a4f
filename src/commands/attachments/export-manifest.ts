/**
 * The manifest of an attachments export, `DIR/manifest.ndjson`: one JSON line per file on disk,
 * appended as each file completes and flushed to disk within FLUSH_SPACING_MS, so it is right
 * after a crash (a file completed in the last few milliseconds may be unlisted: fetched again). Lines:
 *
 *   {id, form_id, response_id, path, bytes, sha256, downloaded_at}       an attachment
 *   {type: "merged", form_id, ids, path, bytes, sha256, downloaded_at}   a form's merged PDF (--merge)
 *   {type: "run", started_at, completed_at, query, forms, files, bytes}   a run that exported everything:
 *     the forms it read, the files it wrote and their bytes
 *   {type: "plan", started_at, query}                                     a run begun: written before it
 *     reads a form, so a run stopped at any point is an export that `--resume` continues
 *   {type: "form", id, responses: [{id, attachments: [{id, filename, size}]}]}   a form as that run read
 *     it; `--resume` takes it from here rather than reading it again
 *
 * A `plan` line starts over the form lines before it; a `run` line ends them (the next rewrite drops
 * them): form lines stand for the reads of the run not yet complete.
 * `path` is relative to DIR, `/`-separated; `bytes` and `sha256` (hex) are of the file as written.
 * A later line about the same file replaces an earlier one; a last line cut short by a crash is
 * dropped.
 */
import { randomBytes } from 'node:crypto';
import { constants, writeSync } from 'node:fs';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as z from 'zod/mini';
import { FILE_MODE } from '../../core/files/file-modes.js';
import { safeParse } from '../../core/zod-parse.js';

export const MANIFEST_NAME = 'manifest.ndjson';

/**
 * Opened without following a link, as every file wfd keeps between runs (src/core/files/state-file.ts):
 * a link planted at the manifest's name, in a shared folder, is refused (ELOOP), never written
 * through. Windows has no O_NOFOLLOW; there the export's check of DIR for links stands alone.
 */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW;
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;
/** Reading a manifest: the same, to read. */
export const READ_MANIFEST = constants.O_RDONLY | NO_FOLLOW;

const FileEntry = z.object({
  id: z.string(),
  form_id: z.string(),
  response_id: z.string(),
  path: z.string(),
  bytes: z.int().check(z.nonnegative()),
  sha256: z.string(),
  downloaded_at: z.string(),
  /** the attachment's name (made safe) when it was cut to keep the path within Windows' limit */
  original_name: z.optional(z.string()),
});
export type FileEntry = z.infer<typeof FileEntry>;

const MergedEntry = z.object({
  type: z.literal('merged'),
  form_id: z.string(),
  ids: z.array(z.string()),
  path: z.string(),
  bytes: z.int().check(z.nonnegative()),
  sha256: z.string(),
  downloaded_at: z.string(),
});
export type MergedEntry = z.infer<typeof MergedEntry>;

const RunEntry = z.object({
  type: z.literal('run'),
  started_at: z.string(),
  completed_at: z.string(),
  /** the forms query of the run (filters, --since), as its query string without the `?` */
  query: z.string(),
  forms: z.int().check(z.nonnegative()),
  files: z.int().check(z.nonnegative()),
  bytes: z.int().check(z.nonnegative()),
});
export type RunEntry = z.infer<typeof RunEntry>;

const PlanEntry = z.object({
  type: z.literal('plan'),
  started_at: z.string(),
  /** as in a run line */
  query: z.string(),
});
export type PlanEntry = z.infer<typeof PlanEntry>;

const FormEntry = z.object({
  type: z.literal('form'),
  id: z.string(),
  responses: z.array(
    z.object({
      id: z.string(),
      attachments: z.array(
        z.object({ id: z.string(), filename: z.nullish(z.string()), size: z.nullish(z.number()) }),
      ),
    }),
  ),
});
export type FormEntry = z.infer<typeof FormEntry>;

export type ManifestEntry = FileEntry | MergedEntry | RunEntry | PlanEntry | FormEntry;

/** The lines that carry a `type`, each documented in docs/attachments.md. */
export const TYPED_ENTRIES = [RunEntry, MergedEntry, PlanEntry, FormEntry] as const;

/** What a manifest says, latest line first for each file. */
export interface Manifest {
  /** attachments by id */
  files: Map<string, FileEntry>;
  /** merged PDFs by form id */
  merged: Map<string, MergedEntry>;
  /** completed runs, oldest first */
  runs: RunEntry[];
  /** the run begun and not complete (stopped, killed, or with failures), if any */
  plan: PlanEntry | undefined;
  /** the forms that run read, by id */
  reads: Map<string, FormEntry>;
  /** lines replaced by later ones or unreadable: a rewrite would drop them */
  stale: number;
  /** lines that were not a manifest entry (not counting a torn last line) */
  unreadable: number;
  /** the length in bytes of the complete lines: what follows was cut short by a crash */
  completeBytes: number;
}

/** Reads a manifest's text. Never throws: unreadable lines are counted, and skipped. */
export function parseManifest(text: string): Manifest {
  const manifest: Manifest = {
    files: new Map(),
    merged: new Map(),
    runs: [],
    plan: undefined,
    reads: new Map(),
    stale: 0,
    unreadable: 0,
    completeBytes: 0,
  };
  const end = text.lastIndexOf('\n') + 1;
  manifest.completeBytes = Buffer.byteLength(text.slice(0, end));
  for (const line of text.slice(0, end).split('\n')) {
    if (line.trim() === '') continue;
    const entry = parseLine(line);
    if (!entry) {
      manifest.unreadable++;
      manifest.stale++;
    } else addEntry(manifest, entry);
  }
  return manifest;
}

/**
 * Takes in a line as the manifest file now reads: a later line of the same file or form replaces
 * the earlier one; a plan or run line ends the reads of the run before it.
 */
export function addEntry(manifest: Manifest, entry: ManifestEntry): void {
  if (!('type' in entry)) {
    if (manifest.files.has(entry.id)) manifest.stale++;
    manifest.files.set(entry.id, entry);
  } else if (entry.type === 'merged') {
    if (manifest.merged.has(entry.form_id)) manifest.stale++;
    manifest.merged.set(entry.form_id, entry);
  } else if (entry.type === 'form') {
    if (manifest.reads.has(entry.id)) manifest.stale++;
    manifest.reads.set(entry.id, entry);
  } else {
    if (manifest.plan) manifest.stale++;
    manifest.stale += manifest.reads.size;
    manifest.reads = new Map();
    manifest.plan = undefined;
    if (entry.type === 'plan') manifest.plan = entry;
    else manifest.runs.push(entry);
  }
}

function parseLine(line: string): ManifestEntry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  for (const schema of [...TYPED_ENTRIES, FileEntry] as const) {
    const parsed = safeParse(schema, value);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/**
 * Every entry a rewritten manifest keeps: one line per file and merged PDF, the runs, then the plan
 * and reads of a run not complete.
 */
export function currentEntries(manifest: Manifest): ManifestEntry[] {
  const unfinished = manifest.plan ? [manifest.plan, ...manifest.reads.values()] : [];
  return [...manifest.files.values(), ...manifest.merged.values(), ...manifest.runs, ...unfinished];
}

/** The least time between two flushes of the manifest to disk. */
const FLUSH_SPACING_MS = 25;

/**
 * Appends entries to a manifest: each line is written at once (so lines are in call order), and
 * `append` resolves once a flush to disk (fdatasync) has covered it. Flushes are at least
 * FLUSH_SPACING_MS apart, and each covers every line written before it starts (a group commit):
 * an export of hundreds of files makes a few dozen flushes, not one per file.
 */
export class ManifestWriter {
  /** the last flush scheduled */
  #queue: Promise<void> = Promise.resolve();
  /** the flush that covers a line written now */
  #next: Promise<void> | undefined;
  #lastFlush = 0;

  private constructor(
    private readonly path: string,
    private handle: FileHandle,
  ) {}

  /** Opens (or creates) the manifest at `path`, first cutting it to `keepBytes` (a torn last line). */
  static async open(path: string, keepBytes?: number): Promise<ManifestWriter> {
    const handle = await open(path, APPEND, FILE_MODE);
    if (keepBytes !== undefined && (await handle.stat()).size > keepBytes) {
      await handle.truncate(keepBytes);
      await handle.datasync();
    }
    return new ManifestWriter(path, handle);
  }

  append(entry: ManifestEntry): Promise<void> {
    try {
      // A few hundred bytes into the page cache: at once.
      writeSync(this.handle.fd, `${JSON.stringify(entry)}\n`);
    } catch (error) {
      return Promise.reject(error);
    }
    this.#next ??= this.#flushSoon();
    return this.#next;
  }

  #flushSoon(): Promise<void> {
    const flush = this.#queue.then(async () => {
      const wait = this.#lastFlush + FLUSH_SPACING_MS - Date.now();
      if (wait > 0) await sleep(wait);
      // Lines written from here on wait for the next flush.
      this.#next = undefined;
      this.#lastFlush = Date.now();
      await this.handle.datasync();
    });
    this.#queue = flush.catch(() => {});
    return flush;
  }

  /** Replaces the manifest with `entries` (a temporary file, flushed, then renamed over it). */
  async rewrite(entries: readonly ManifestEntry[]): Promise<void> {
    await this.#queue;
    // Hidden and ending in .part, as every temporary file of an export (files.ts), so a crash here
    // is cleaned up too; a random name, created exclusively, so never a file someone put there.
    const random = randomBytes(6).toString('hex');
    const temporary = join(dirname(this.path), `.${basename(this.path)}.${random}.part`);
    try {
      const file = await open(temporary, CREATE, FILE_MODE);
      try {
        await file.write(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
        await file.sync();
      } finally {
        await file.close();
      }
      // Windows refuses to rename over a file that is open (EPERM), so the old manifest is
      // closed first; on POSIX the order makes no difference. Reopened whatever the rename did.
      await this.handle.close();
      try {
        await rename(temporary, this.path);
      } finally {
        this.handle = await open(this.path, APPEND, FILE_MODE);
      }
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.#queue;
    await this.handle.close();
  }
}
