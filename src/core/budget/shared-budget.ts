/**
 * One rate budget for every wfd process on this machine that uses a token: the log of
 * src/core/budget/budget-log.ts in a small JSON file per client (and origin), read and rewritten under
 * an O_EXCL lock file (exclusive creation on Windows too) at each request's start and answer, and overwritten in place. Files are named by a SHA-256 of the
 * origin and the client, entries tagged by a hash of the token: no file holds a token.
 *
 * Everything here is synchronous: the lock is held for one read and one write of a file of a few
 * kilobytes, so a one-shot command pays a few file-system calls and no timer. Whatever goes
 * wrong with the folder (read-only, full) leaves the process with its own limiter only; a folder
 * others may write to, or a link planted in it, is not used (src/core/files/state-file.ts), and says so.
 */
import { createHash } from 'node:crypto';
import { closeSync, lstatSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { makeStateFolder, openStateFile, readStateFile, UnsafeStateError } from '../files/state-file.js';
import { platformDirs } from '../process/platform.js';
import { processAlive } from '../process/process-alive.js';
import { formatDuration } from '../text/duration.js';
import { type BudgetLog, earliestStart, parseLog, pruneLog, releaseIn } from './budget-log.js';
import { NOTICE_AFTER_MS, type RateRule } from './limiter.js';

/** When this process began (near enough): with its pid, apart from a dead process's whose pid was reused. */
const STARTED_AT = Date.now();
/** A lock older than this was left by a process that died holding it (it is held for microseconds). */
const STALE_LOCK_MS = 5_000;
/** Give up on the shared budget (keep the process's own) after this long waiting for the lock. */
const LOCK_PATIENCE_MS = 2_000;
/** While requests in flight elsewhere fill a rule, look again this often. */
const IN_FLIGHT_POLL_MS = 50;

/**
 * The folder of the shared budgets: under WFD_CONFIG_DIR when it is set (a separate setup, and
 * what keeps tests apart), else the platform's state folder (src/core/process/platform.ts).
 */
export function budgetDir(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  if (env.WFD_CONFIG_DIR) return join(env.WFD_CONFIG_DIR, 'rate-budget');
  return join(platformDirs(env, platform).state, 'rate-budget');
}

export interface SharedBudgetOptions {
  dir: string;
  origin: string;
  token: string;
  /** the OAuth client the token belongs to; the token itself for a personal token */
  client?: string;
  rules: readonly RateRule[];
  /** how long a request can be in flight (its deadline): a reservation expires after it */
  requestTimeoutMs: number;
  /** the longest wait a server may ask for (WFD_MAX_WAIT): no pause read from the file is longer */
  maxWaitMs: number;
  /** a line for the user, given once, the first time this process must wait noticeably */
  notice?: (line: string) => void;
  /** a line for --debug */
  debug?: (line: string) => void;
  isAlive?: (pid: number) => boolean;
}

/** What the limiter asks of the shared budget. */
export interface SharedGrant {
  /** the request was answered (or failed): it now counts as an answer at `now` */
  release(now: number): void;
}

export class SharedBudget {
  readonly #file: string;
  readonly #lock: string;
  readonly #tag: string;
  readonly #options: SharedBudgetOptions;
  readonly #isAlive: (pid: number) => boolean;
  #sequence = 0;
  #noticed = false;
  #broken = false;

  constructor(options: SharedBudgetOptions) {
    this.#options = options;
    const ofToken = hash(`${options.origin}\n${options.token}`);
    // A personal token is its own client: one hash names its file and tags its entries.
    const name = (
      options.client !== undefined ? hash(`${options.origin}\n${options.client}`) : ofToken
    ).slice(0, 32);
    this.#file = join(options.dir, `${name}.json`);
    this.#lock = `${this.#file}.lock`;
    this.#tag = ofToken.slice(0, 12);
    this.#isAlive = options.isAlive ?? processAlive;
  }

  /**
   * A grant for a request starting at `now`, or the time (epoch ms) to ask again. Without a
   * usable folder, always a grant (the process's own limiter still holds).
   */
  reserve(now: number): SharedGrant | number {
    // Unique among live processes, and apart from a dead one's whose pid was reused.
    const id = `${process.pid}-${STARTED_AT}-${++this.#sequence}`;
    let wait: number | undefined;
    const granted = this.#update(now, (log) => {
      const at = earliestStart(log, this.#options.rules, this.#tag, now);
      if (at !== undefined && at <= now) {
        const until = now + this.#options.requestTimeoutMs + STALE_LOCK_MS;
        return { ...log, reserved: [...log.reserved, { id, pid: process.pid, k: this.#tag, until }] };
      }
      wait = at ?? now + IN_FLIGHT_POLL_MS;
      return undefined;
    });
    if (!granted) return { release: () => {} };
    if (wait !== undefined) {
      this.#tell(now, wait);
      return wait;
    }
    return { release: (at) => void this.#update(at, (log) => releaseIn(log, id, this.#tag, at)) };
  }

  /** A 429 said the server's budget is spent: every process holds until `until`. */
  pause(now: number, until: number): void {
    this.#update(now, (log) =>
      until > log.pausedUntil ? { ...log, pausedUntil: until, pausedAt: now } : undefined,
    );
  }

  /** One line, once per process, when the shared budget makes it wait noticeably. */
  #tell(now: number, until: number): void {
    const ms = until - now;
    this.#options.debug?.(`rate budget shared with other wfd processes: next request in ${ms}ms`);
    if (this.#noticed || ms < NOTICE_AFTER_MS) return;
    this.#noticed = true;
    const time = new Date(until).toISOString().slice(11, 19);
    this.#options.notice?.(
      `other wfd processes on this token have used its rate budget; waiting ${Math.ceil(ms / 1000)}s (until ${time} UTC)`,
    );
  }

  /**
   * Reads the log, prunes it, hands it to `change` and writes what that returns (nothing: no
   * write), all under the lock. False when the budget cannot be shared (the folder is unusable).
   */
  #update(now: number, change: (log: BudgetLog) => BudgetLog | undefined): boolean {
    if (this.#broken) return false;
    try {
      // Checked (and made) before each use: the folder may have changed since the last request.
      makeStateFolder(this.#options.dir);
      if (!this.#acquireLock()) return false;
      try {
        const found = readStateFile(this.#file);
        const text = found ?? '';
        const read = parseLog(text);
        const { rules, maxWaitMs } = this.#options;
        const log = pruneLog(read, rules, now, this.#isAlive, maxWaitMs);
        // A pause cut to WFD_MAX_WAIT is written back as cut, so that it ends.
        const cut = log.pausedUntil > 0 && log.pausedUntil < read.pausedUntil;
        if (cut) this.#tellCut(read.pausedUntil);
        const next = change(log) ?? (cut ? log : undefined);
        if (next) this.#write(JSON.stringify(next).padEnd(text.length), found === undefined);
      } finally {
        unlinkSync(this.#lock);
      }
      return true;
    } catch (error) {
      this.#broken = true;
      const why = (error as Error).message;
      // A folder others may write to, a link in it: the user's to fix, so told once; else --debug.
      if (error instanceof UnsafeStateError)
        this.#options.notice?.(`rate budget not shared with other wfd processes: ${why} (${error.hint})`);
      else this.#options.debug?.(`rate budget not shared: ${why}`);
      return false;
    }
  }

  /** One line: a pause read from the file ran past WFD_MAX_WAIT (a clock, a bug, a hand). */
  #tellCut(until: number): void {
    this.#noticed = true;
    const { maxWaitMs } = this.#options;
    // JSON reads 1e400 as Infinity, and a Date ends in the year 275760.
    const when = until < 8.64e15 ? new Date(until).toISOString() : 'a time out of range';
    this.#options.notice?.(
      `the rate budget shared with other wfd processes holds requests until ${when}, longer than the ${formatDuration(maxWaitMs)} wfd waits at most (WFD_MAX_WAIT); waiting ${formatDuration(maxWaitMs)} at most`,
    );
  }

  /**
   * Overwrites the file in place, padded with spaces (JSON allows them) to its old length: ext4
   * flushes a file replaced by a rename or truncated then written (auto_da_alloc), which costs
   * milliseconds; a plain overwrite costs a tenth of one. A write torn by a crash reads as an
   * empty log. So there is no temporary file; the file itself is opened without following a link
   * (src/core/files/state-file.ts), and one this call made is removed if it cannot be written.
   */
  #write(text: string, create: boolean): void {
    const fd = openStateFile(this.#file, create ? 'wx' : 'r+');
    try {
      writeSync(fd, text, 0);
    } catch (error) {
      if (create) unlinkSync(this.#file);
      throw error;
    } finally {
      closeSync(fd);
    }
  }

  /** Takes the lock file (O_EXCL), removing one a dead process left; false after LOCK_PATIENCE_MS. */
  #acquireLock(): boolean {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        // O_EXCL: fails on anything at that name, a planted link included, and never follows it.
        closeSync(openSync(this.#lock, 'wx', 0o600));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      try {
        if (Date.now() - lstatSync(this.#lock).mtimeMs > STALE_LOCK_MS) {
          unlinkSync(this.#lock);
          continue;
        }
      } catch {
        continue; // released meanwhile
      }
      if (Date.now() - started > LOCK_PATIENCE_MS) {
        this.#options.debug?.('rate budget lock busy; this process keeps its own budget for this request');
        return false;
      }
      // The holder is done within microseconds: a short blocking pause, no timer.
      Atomics.wait(PAUSE, 0, 0, Math.min(1 + attempt, 10));
    }
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** SHA-256 of `text` as hex: what names a budget's file and tags its entries, never the token itself. */
function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
