/**
 * What `webhooks listen --forms` registered, kept on disk until it is confirmed removed, so that
 * a run killed before its clean-up (SIGKILL, a power cut, a clean-up the API did not answer) is
 * cleaned up by a later run: `webhooks-listen.json` in the config folder, mode 0600, changed as
 * the config file is (lock, re-read, modify, temporary file, fsync, rename).
 *
 * An entry names the run's owner (the profile, or a hash of WFD_TOKEN: never the token), the
 * API's origin, the form, the URL and the run's pid and start time (so a pid reused by another
 * process does not keep a dead run's entries). It is written before the PATCH that adds the
 * URL and dropped once the URL is confirmed gone, so a registration is never made unrecorded.
 * A later run of the same owner on the same API takes up the entries of runs no longer alive.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describeFsError, prepareConfigDir } from '../../core/auth/config-file.js';
import { configDir } from '../../core/auth/config-paths.js';
import { withFileLock } from '../../core/auth/lock.js';
import { WfdError } from '../../core/errors.js';
import { readStateFile, writeStateFile } from '../../core/files/state-file.js';
import { isRecord } from '../../core/guards.js';
import { processAlive } from '../../core/process/process-alive.js';
import { processStart } from '../../core/process/process-start.js';

const LISTENER_RECORD_FILE = 'webhooks-listen.json';

/** One URL put on one form by one run. */
export interface RecordedRegistration {
  /** `profile:NAME`, or `token:HASH` for a WFD_TOKEN run */
  owner: string;
  /** the API's origin */
  api: string;
  form_id: string;
  url: string;
  pid: number;
  /** when the run's process started (src/core/process/process-start.ts), where the system tells it */
  started?: string;
  added_at: string;
}

/** The entries of one owner on one API: those left by runs gone, and those of runs still going. */
export interface RecordSurvey {
  left: RecordedRegistration[];
  running: RecordedRegistration[];
}

/** The part of the credentials that names a run's owner. */
export interface RecordOwner {
  profileName: string | undefined;
  source: 'env' | 'profile' | 'none';
  token: string | undefined;
}

export function ownerOf(credentials: RecordOwner, origin: string): string {
  if (credentials.source === 'profile' && credentials.profileName)
    return `profile:${credentials.profileName}`;
  return `token:${createHash('sha256')
    .update(`${origin}\n${credentials.token ?? ''}`)
    .digest('hex')
    .slice(0, 16)}`;
}

export class ListenerRecord {
  readonly path: string;

  constructor(
    private readonly dir: string,
    private readonly owner: string,
    private readonly api: string,
    private readonly now: () => Date,
  ) {
    this.path = join(dir, LISTENER_RECORD_FILE);
  }

  static forContext(env: NodeJS.ProcessEnv, owner: string, api: string, now: () => Date): ListenerRecord {
    return new ListenerRecord(configDir(env), owner, api, now);
  }

  /** Records that this run is about to put `url` on `formId`. */
  async add(formId: string, url: string): Promise<void> {
    const started = processStart(process.pid);
    const entry: RecordedRegistration = {
      owner: this.owner,
      api: this.api,
      form_id: formId,
      url,
      pid: process.pid,
      ...(started ? { started } : {}),
      added_at: this.now().toISOString(),
    };
    await this.#change((entries) => [...entries.filter((e) => !same(e, entry)), entry]);
  }

  /** Forgets an entry: its URL is confirmed gone from its form. */
  async drop(entry: Pick<RecordedRegistration, 'form_id' | 'url' | 'pid'>): Promise<void> {
    const full = { ...entry, owner: this.owner, api: this.api };
    await this.#change((entries) => entries.filter((e) => !same(e, full)));
  }

  /** Forgets what this run recorded for `url` on `formId`. */
  dropOwn(formId: string, url: string): Promise<void> {
    return this.drop({ form_id: formId, url, pid: process.pid });
  }

  /**
   * The entries of this owner on this API, split: left by runs no longer alive (their pid gone,
   * or given since to another process, which started at another time; or this process's own pid:
   * this run has recorded nothing yet when it asks), and those of runs still going.
   */
  async survey(): Promise<RecordSurvey> {
    const mine = (await this.#read()).filter((e) => e.owner === this.owner && e.api === this.api);
    const running = (e: RecordedRegistration) =>
      e.pid !== process.pid &&
      processAlive(e.pid) &&
      (e.started === undefined || processStart(e.pid) === e.started);
    return { left: mine.filter((e) => !running(e)), running: mine.filter(running) };
  }

  async #read(): Promise<RecordedRegistration[]> {
    let text: string | undefined;
    try {
      text = readStateFile(this.path);
    } catch (error) {
      throw describeFsError(error, this.path, 'read');
    }
    if (text === undefined) return [];
    let list: unknown;
    try {
      list = (JSON.parse(text) as { registrations?: unknown }).registrations;
    } catch {
      list = undefined;
    }
    if (!Array.isArray(list) || !list.every(isEntry)) {
      throw new WfdError(`${this.path} is not a record of wfd webhooks listen (no "registrations" list)`, {
        hint: `move it aside (mv ${this.path} ${this.path}.bak); the URLs it names may still be on their forms`,
      });
    }
    return list;
  }

  async #change(change: (entries: RecordedRegistration[]) => RecordedRegistration[]): Promise<void> {
    await prepareConfigDir(this.dir);
    await withFileLock(this.path, async (lock) => {
      const registrations = change(await this.#read());
      lock.assertHeld();
      await writeStateFile(this.path, `${JSON.stringify({ registrations }, null, 2)}\n`).catch(
        (error: unknown) => {
          throw describeFsError(error, this.path, 'write');
        },
      );
    });
  }
}

function same(a: RecordedRegistration, b: Omit<RecordedRegistration, 'added_at'>): boolean {
  return (
    a.owner === b.owner && a.api === b.api && a.form_id === b.form_id && a.url === b.url && a.pid === b.pid
  );
}

function isEntry(value: unknown): value is RecordedRegistration {
  return (
    isRecord(value) &&
    typeof value.owner === 'string' &&
    typeof value.api === 'string' &&
    typeof value.form_id === 'string' &&
    typeof value.url === 'string' &&
    Number.isSafeInteger(value.pid) &&
    (value.pid as number) > 0 &&
    (value.started === undefined || typeof value.started === 'string') &&
    typeof value.added_at === 'string'
  );
}
