/**
 * A data directory: where `startSandbox({dataDir})` keeps what changed since the seed.
 *
 *   sandbox.json     the seed parameters (the seeded data is made again from them, never stored)
 *   snapshot         every record changed up to a compaction (snapshot.ts), when there was one
 *   journal-<n>      the commits since that snapshot (journal.ts)
 *   journal-mark     how many commits it held at the last start or clean stop (journal-mark.ts)
 *   blobs/<id>       the bytes of uploads
 *   lock             the process running a sandbox on it (lock.ts)
 *
 * Start-up: seed from sandbox.json, apply the snapshot, then the journal, in order.
 */
import { mkdir, readdir, readFile, rm, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ChangeLog } from '../changes.js';
import type { OAuthClient } from '../oauth/clients.js';
import { type SandboxState, type SeedParameters, seedParameters } from '../state.js';
import { FileBlobStore } from './blobs.js';
import { EntryApplier } from './codec.js';
import { DataDirError, SeedMismatchError } from './errors.js';
import { DIR_MODE, replaceFile, syncDir } from './files.js';
import { DEFAULT_COMPACT_BYTES, Journal, journalPath, type TouchedRecords, touch } from './journal.js';
import { JournalFile, journalHeader } from './journal-file.js';
import { checkMark, MARK_FILE, writeMark } from './journal-mark.js';
import { acquireLock, type DirLock } from './lock.js';
import { type Batch, readSnapshot, SNAPSHOT_FILE } from './snapshot.js';

const PARAMETERS_FILE = 'sandbox.json';
const BLOBS_DIR = 'blobs';
const FORMAT = 1;
const JOURNAL_RE = /^journal-\d+$/;

/** The seed parameters as sandbox.json names them. */
const PARAMETER_KEYS = {
  seed: 'seed',
  cases: 'cases',
  forms: 'forms',
  attachments: 'attachments',
  largeAttachmentBytes: 'large_attachment_bytes',
} as const satisfies Record<keyof SeedParameters, string>;

export interface LoadOptions {
  /** OAuth clients given to this start, kept with the directory's. */
  readonly clients: readonly OAuthClient[];
  /** See DEFAULT_COMPACT_BYTES. */
  readonly compactBytes?: number;
  /** Remove the upload files no record names (else they are kept, and counted in a notice). */
  readonly pruneUploads?: boolean;
}

/** A loaded directory: its journal, and what the start found worth saying (one line each). */
export interface Loaded {
  readonly journal: Journal;
  readonly notices: string[];
}

/** A data directory this process holds the lock of. */
export class DataDir {
  #journal: Journal | undefined;

  private constructor(
    /** Absolute. */
    readonly path: string,
    /** Those of sandbox.json, which the state must be seeded with. */
    readonly params: SeedParameters,
    /** Where the state keeps uploaded bytes. */
    readonly blobs: FileBlobStore,
    private readonly lock: DirLock,
    /** The first folder this open made (the directory, or a parent of it); undefined when it existed. */
    private readonly made: string | undefined,
  ) {}

  /**
   * Takes the directory (made when missing) for this process, and reads its seed parameters:
   * a new or empty directory takes `requested`, completed by the defaults.
   * @throws LockedError when a sandbox runs on it; SeedMismatchError when `requested` names a
   *   parameter it was seeded otherwise; DataDirError when it is not a sandbox's directory
   */
  static async open(path: string, requested: Partial<SeedParameters>): Promise<DataDir> {
    const dir = resolve(path);
    const made = await mkdir(dir, { recursive: true, mode: DIR_MODE }).catch((error: Error) => {
      throw new DataDirError(`Cannot use ${JSON.stringify(dir)} as a data directory: ${error.message}`);
    });
    const lock = await acquireLock(dir).catch(async (error: unknown) => {
      if (made) await rm(made, { recursive: true, force: true });
      throw error;
    });
    try {
      let params = await readParameters(dir);
      if (params) {
        for (const [option, value] of Object.entries(requested) as [keyof SeedParameters, number][]) {
          if (value !== undefined && value !== params[option]) {
            throw new SeedMismatchError(dir, option, params[option], value);
          }
        }
      } else {
        await checkEmpty(dir);
        params = seedParameters(requested);
        await writeParameters(dir, params);
      }
      await mkdir(join(dir, BLOBS_DIR), { recursive: true, mode: DIR_MODE });
      return new DataDir(dir, params, new FileBlobStore(join(dir, BLOBS_DIR)), lock, made);
    } catch (error) {
      await lock.release();
      if (made) await rm(made, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * Applies the snapshot and the journal to the seeded `state`, provisions the given OAuth
   * clients, and from then on logs every write of the state's stores to the journal. A torn last
   * record of the journal is cut off (a notice says so); nothing else is ever dropped.
   * @throws JournalDamagedError when the journal is damaged before its end; DataDirError when the
   *   directory's records do not fit the state (another version), or it holds a journal of a
   *   generation no crash leaves
   */
  async load(state: SandboxState, options: LoadOptions): Promise<Loaded> {
    const dir = this.path;
    const notices: string[] = [];
    const read = await readSnapshot(dir);
    const generation = read?.snapshot.generation ?? 0;
    const path = journalPath(dir, generation);
    const others = await otherGenerations(dir, generation);
    // A journal that is not there must not be made before the mark says none was lost.
    if (!(await exists(path))) await checkMark(dir, path, generation, undefined);
    const { file, records, dropped } = await JournalFile.open(path, generation, {
      uploads: (await readdir(this.blobs.path)).filter((name) => !name.startsWith('.')).length,
      base: read ? `the snapshot (generation ${generation})` : 'the seed',
      mark: join(dir, MARK_FILE),
    });
    let touched: TouchedRecords;
    let storedClients: Set<string>;
    try {
      await checkMark(dir, path, generation, records.length);
      ({ touched, storedClients } = replay(state, read?.snapshot, records));
      // From now on a journal cut below what it holds is refused (journal-mark.ts).
      await writeMark(dir, { generation, records: records.length });
    } catch (error) {
      await file.close();
      throw error;
    }
    // Only now that this generation is read whole: the ones a compaction left behind.
    for (const other of others) await unlink(other);
    if (dropped) {
      const kept = records.length === 1 ? '1 whole commit' : `${records.length} whole commits`;
      notices.push(
        `Dropped the torn last record of the journal ${JSON.stringify(path)} (${dropped.bytes} bytes at byte ${dropped.offset}, after ${kept}, kept): what a crash in the middle of a write leaves, and such a record was never acknowledged; a file cut by other means loses what followed it too`,
      );
    }
    const stray = this.blobs.sortOut(
      (id) => state.forms.findAttachment(id)?.source === 'upload',
      options.pruneUploads === true,
    );
    if (stray > 0) notices.push(strayUploadsNotice(stray, this.blobs.path, options.pruneUploads === true));
    const journal = new Journal({
      dir,
      state,
      blobs: this.blobs,
      file,
      generation,
      snapshotBytes: read?.bytes ?? 0,
      touched,
      compactBytes: options.compactBytes ?? DEFAULT_COMPACT_BYTES,
    });
    this.#journal = journal;
    provisionClients(state, options.clients, storedClients, journal);
    for (const store of [state.store, state.forms, state.docintel, state.grants]) store.logChangesTo(journal);
    return { journal, notices };
  }

  /**
   * After a start that failed (a port in use, a refused option): releases the directory, and
   * removes it when this start made it, so a failed start leaves no folder behind.
   */
  async discard(): Promise<void> {
    await this.close();
    if (this.made) await rm(this.made, { recursive: true, force: true });
  }

  /** Commits what is pending, closes the journal and releases the lock. */
  async close(): Promise<void> {
    try {
      await this.#journal?.close();
    } finally {
      await this.lock.release();
    }
  }
}

/**
 * The journals of other generations than `generation`, each one a compaction that a crash
 * interrupted leaves, which holds nothing the directory needs: the one before (the new snapshot
 * holds all of it) and an empty one after (created before the snapshot it would continue).
 * @throws DataDirError for any other: it may hold changes the snapshot lacks
 */
async function otherGenerations(dir: string, generation: number): Promise<string[]> {
  const others: string[] = [];
  for (const name of await readdir(dir)) {
    if (!JOURNAL_RE.test(name) || name === `journal-${generation}`) continue;
    const path = join(dir, name);
    const other = Number(name.slice('journal-'.length));
    // The next one holds its header at most (or nothing: made before journals had one).
    const size = (await stat(path)).size;
    const unused = size === 0 || size === journalHeader(other).length;
    if (other === generation - 1 || (other === generation + 1 && unused)) {
      others.push(path);
      continue;
    }
    throw new DataDirError(
      `The data directory ${JSON.stringify(dir)} holds ${name}, which ${continuedBy(generation)} does not continue: it may hold changes the directory would lose; nothing was changed on disk`,
    );
  }
  return others;
}

function continuedBy(generation: number): string {
  return generation === 0 ? 'the seed (there is no snapshot)' : `the snapshot (generation ${generation})`;
}

function strayUploadsNotice(count: number, blobs: string, pruned: boolean): string {
  const files = count === 1 ? '1 upload file' : `${count} upload files`;
  if (pruned) return `Removed ${files} in ${JSON.stringify(blobs)} that no record names (pruneUploads)`;
  return `${files} in ${JSON.stringify(blobs)} ${count === 1 ? 'is' : 'are'} named by no record (left by a crash before their record was written, or by a journal cut by hand); kept: start with pruneUploads (wfd sandbox start --prune-uploads) to remove such files`;
}

/**
 * Applies the snapshot, then the journal's records, in order; the ids PRNG resumes where the
 * last of them left it. Returns the records they touched, first touched first, and the OAuth
 * clients among them.
 */
function replay(
  state: SandboxState,
  snapshot: Batch | undefined,
  records: readonly Buffer[],
): { touched: TouchedRecords; storedClients: Set<string> } {
  const batches: Batch[] = records.map((record) => JSON.parse(record.toString('utf8')) as Batch);
  if (snapshot) batches.unshift(snapshot);
  const applier = new EntryApplier(state);
  const touched: TouchedRecords = new Map();
  const storedClients = new Set<string>();
  for (const batch of batches) {
    for (const entry of batch.entries) {
      applier.apply(entry);
      touch(touched, entry[0], entry[1]);
      if (entry[0] === 'client') storedClients.add(entry[1]);
    }
    state.ids.resume(batch.ids);
  }
  return { touched, storedClients };
}

/**
 * Back to the seed: removes the snapshot, the journals and the uploads, and keeps the seed
 * parameters. Returns them.
 * @throws DataDirError when `path` is not a data directory; LockedError while a sandbox runs on it
 */
export async function resetDataDir(path: string): Promise<SeedParameters> {
  const dir = resolve(path);
  const params = await readParameters(dir);
  if (!params) {
    throw new DataDirError(
      `${JSON.stringify(dir)} is not a sandbox data directory (it has no ${PARAMETERS_FILE})`,
    );
  }
  const lock = await acquireLock(dir);
  try {
    for (const name of await readdir(dir)) {
      const state = name === SNAPSHOT_FILE || name === MARK_FILE || JOURNAL_RE.test(name);
      if (state || name === BLOBS_DIR || name.endsWith('.tmp')) {
        await rm(join(dir, name), { recursive: true, force: true });
      }
    }
    await syncDir(dir);
  } finally {
    await lock.release();
  }
  return params;
}

/**
 * Clients a directory holds are provisioned already (by the replay); given again they must be
 * the same. A new one is provisioned and logged, so the directory keeps it.
 */
function provisionClients(
  state: SandboxState,
  given: readonly OAuthClient[],
  stored: ReadonlySet<string>,
  changes: ChangeLog,
): void {
  for (const client of given) {
    const id = client.client_id;
    if (stored.has(id)) {
      if (sameClient(state.clients.find(id)!, client)) continue;
      throw new DataDirError(
        `The OAuth client ${JSON.stringify(id)} differs from the one the data directory holds: give it as it was, or use another directory`,
      );
    }
    state.clients.provision(client);
    changes.touched('client', id);
  }
}

function sameClient(a: OAuthClient, b: OAuthClient): boolean {
  return (
    a.client_secret === b.client_secret &&
    a.redirect_uris.length === b.redirect_uris.length &&
    a.redirect_uris.every((uri, i) => uri === b.redirect_uris[i])
  );
}

async function readParameters(dir: string): Promise<SeedParameters | undefined> {
  const text = await readFile(join(dir, PARAMETERS_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new DataDirError(`${join(dir, PARAMETERS_FILE)} is not JSON`);
  }
  if (stored.format !== FORMAT) {
    throw new DataDirError(
      `The data directory ${JSON.stringify(dir)} was written by another version of the sandbox (format ${JSON.stringify(stored.format)})`,
    );
  }
  const params: Partial<Record<keyof SeedParameters, number>> = {};
  for (const [option, key] of Object.entries(PARAMETER_KEYS) as [keyof SeedParameters, string][]) {
    const value = stored[key];
    if (!Number.isSafeInteger(value))
      throw new DataDirError(`${join(dir, PARAMETERS_FILE)} has no valid ${key}`);
    params[option] = value as number;
  }
  return params as SeedParameters;
}

async function writeParameters(dir: string, params: SeedParameters): Promise<void> {
  const stored: Record<string, number> = { format: FORMAT };
  for (const [option, key] of Object.entries(PARAMETER_KEYS) as [keyof SeedParameters, string][]) {
    stored[key] = params[option];
  }
  await replaceFile(join(dir, PARAMETERS_FILE), `${JSON.stringify(stored, null, 2)}\n`);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}

/** A directory without sandbox.json is taken only when empty: it might hold someone's files. */
async function checkEmpty(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((name) => name !== 'lock' && !name.startsWith('.lock-'));
  if (names.length > 0) {
    throw new DataDirError(
      `${JSON.stringify(dir)} is not a sandbox data directory and not empty: give a new or empty directory`,
    );
  }
}
