/**
 * One rate budget for every wfd process on this machine that uses a token: the log of
 * src/core/budget/budget-log.ts in a small JSON file per client (and origin), read and rewritten under
 * an O_EXCL lock file (exclusive creation on Windows too) at each request's start and answer, and overwritten in place. Files are named by a CRC-32 of the
 * origin and the client, entries tagged by one of the token: no file holds a token.
 *
 * Everything here is synchronous: the lock is held for one read and one write of a file of a few
 * kilobytes, so a one-shot command pays a few file-system calls and no timer. Whatever goes
 * wrong with the folder (read-only, full) leaves the process with its own limiter only; a folder
 * others may write to, or a link planted in it, is not used (src/core/files/state-file.ts), and says so.
 */
import { closeSync, lstatSync, openSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import {
  makeStateFolder,
  openStateFile,
  readStateFile,
  temporaryStateFile,
  UnsafeStateError,
  writeAll,
} from '../files/state-file.js';
import { platformDirs } from '../process/platform.js';
import { processAlive } from '../process/process-alive.js';
import { formatDuration } from '../text/duration.js';
import { type BudgetLog, countedBy, earliestStart, parseLog, pruneLog, releaseIn } from './budget-log.js';
import type { Hold } from './hold.js';
import type { RateRule } from './rules.js';

/** When this process began (near enough): with its pid, apart from a dead process's whose pid was reused. */
const STARTED_AT = Date.now();
/** A lock older than this was left by a process that died holding it (it is held for microseconds). */
const STALE_LOCK_MS = 5_000;
/** Give up on the shared budget (keep the process's own) after this long waiting for the lock. */
const LOCK_PATIENCE_MS = 2_000;
/** While requests in flight elsewhere fill a rule, look again this often. */
const IN_FLIGHT_POLL_MS = 50;
/** The file grows in steps of this many bytes (padded with spaces), so that most writes are in place. */
const FILE_STEP = 4096;

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
  /** a line for the user: why the budget is not shared, or a value of the file that was bounded */
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
  #broken = false;
  /** since when requests in flight elsewhere (and nothing else) have held this process */
  #heldByFlightsSince: number | undefined;
  #ignoreFlights = false;

  constructor(options: SharedBudgetOptions) {
    this.#options = options;
    const ofToken = key(`${options.origin}\n${options.token}`);
    // A personal token is its own client: one key names its file and tags its entries.
    const name = options.client !== undefined ? key(`${options.origin}\n${options.client}`) : ofToken;
    this.#file = join(options.dir, `${name}.json`);
    this.#lock = `${this.#file}.lock`;
    this.#tag = ofToken;
    this.#isAlive = options.isAlive ?? processAlive;
  }

  /** False once the budget cannot be shared this run (the folder or the lock unusable). */
  get sharing(): boolean {
    return !this.#broken;
  }

  /** How long a request of this process may be in flight: its reservation ends then. */
  get #reservationMs(): number {
    return this.#options.requestTimeoutMs + STALE_LOCK_MS;
  }

  /**
   * A grant for a request starting at `now`, or the hold that keeps it back. Without a usable
   * folder, always a grant (the process's own limiter still holds).
   */
  reserve(now: number): SharedGrant | Hold {
    // Unique among live processes, and apart from a dead one's whose pid was reused.
    const id = `${process.pid}-${STARTED_AT}-${++this.#sequence}`;
    let hold: Hold | undefined;
    const granted = this.#update(now, (read) => {
      const { rules } = this.#options;
      const withoutFlights = { ...read, reserved: [] };
      let start = earliestStart(this.#ignoreFlights ? withoutFlights : read, rules, this.#tag, now);
      if (start.at === undefined && this.#flightsOutlasted(now))
        start = earliestStart(withoutFlights, rules, this.#tag, now);
      if (start.at !== undefined) this.#heldByFlightsSince = undefined;
      if (start.at !== undefined && start.at <= now) {
        const until = now + this.#reservationMs;
        return { ...read, reserved: [...read.reserved, { id, pid: process.pid, k: this.#tag, until }] };
      }
      const cause = (index: number) => ({ rule: rules[index]!, index });
      hold =
        start.at === undefined
          ? { until: now + IN_FLIGHT_POLL_MS, cause: cause(Number(start.by ?? 0)), shared: true }
          : { until: start.at, cause: start.by === 'pause' ? 'pause' : cause(start.by ?? 0), shared: true };
      return undefined;
    });
    if (!granted) return { release: () => {} };
    if (hold) {
      this.#options.debug?.(
        `rate budget shared with other wfd processes: next request in ${hold.until - now}ms`,
      );
      return hold;
    }
    return { release: (at) => void this.#update(at, (log) => releaseIn(log, id, this.#tag, at)) };
  }

  /**
   * True once requests in flight elsewhere (and nothing else) have held this process longer than
   * a request may last: reservations renewed by a stuck process or written by hand, no longer
   * waited on this run.
   */
  #flightsOutlasted(now: number): boolean {
    this.#heldByFlightsSince ??= now;
    const held = now - this.#heldByFlightsSince;
    if (held <= this.#reservationMs) return false;
    this.#ignoreFlights = true;
    this.#options.notice?.(
      `requests in flight in other wfd runs have held this one for ${formatDuration(held)}, longer than a request may last; no longer waiting for them`,
    );
    return true;
  }

  /** A 429 said the server's budget is spent: every process holds until `until`. */
  pause(now: number, until: number): void {
    this.#update(now, (log) =>
      until > log.pausedUntil ? { ...log, pausedUntil: until, pausedAt: now } : undefined,
    );
  }

  /** The answer times each rule counts now, requests in flight as answered at `now`; undefined when not shared. */
  spent(now: number): number[][] | undefined {
    let spent: number[][] = [];
    const read = this.#update(now, (log) => {
      spent = this.#options.rules.map((_, index) => {
        const { answered, reserved } = countedBy(log, index, this.#tag);
        return [...answered.map((entry) => entry.t), ...reserved.map(() => now)];
      });
      return undefined;
    });
    return read ? spent : undefined;
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
      if (!this.#acquireLock()) {
        this.#broken = true;
        this.#options.notice?.(
          `rate budget not shared with other wfd processes this run: its lock ${this.#lock} could not be taken within ${formatDuration(LOCK_PATIENCE_MS)} (remove it if no wfd is running)`,
        );
        return false;
      }
      try {
        const found = readStateFile(this.#file);
        const read = parseLog(found ?? '');
        const { rules, maxWaitMs } = this.#options;
        const log = pruneLog(read, rules, now, this.#isAlive, {
          maxWaitMs,
          reservationMs: this.#reservationMs,
        });
        // A pause cut to WFD_MAX_WAIT is written back as cut, so that it ends.
        const cut = log.pausedUntil > 0 && log.pausedUntil < read.pausedUntil;
        if (cut) this.#tellCut(read.pausedUntil);
        const next = change(log) ?? (cut ? log : undefined);
        if (next) this.#write(JSON.stringify(next), found);
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
    const { maxWaitMs } = this.#options;
    // JSON reads 1e400 as Infinity, and a Date ends in the year 275760.
    const when = until < 8.64e15 ? new Date(until).toISOString() : 'a time out of range';
    this.#options.notice?.(
      `the rate budget shared with other wfd processes holds requests until ${when}, longer than the ${formatDuration(maxWaitMs)} wfd waits at most (WFD_MAX_WAIT); waiting ${formatDuration(maxWaitMs)} at most`,
    );
  }

  /**
   * Writes the log so that a failed write leaves the previous one. A text that fits in the file is
   * written over it in place, padded with spaces (JSON allows them): ext4 flushes a file replaced
   * by a rename or truncated then written (auto_da_alloc), which costs milliseconds; an overwrite
   * of blocks the file already has costs a tenth of one, and needs no room on the disk. A longer
   * text (the file grows, in steps of FILE_STEP) goes to a temporary file renamed over it, so a
   * full disk fails the write and leaves the previous file whole; an overwrite that fails is undone.
   * The file is opened without following a link (src/core/files/state-file.ts).
   */
  #write(json: string, previous: string | undefined): void {
    const bytes = Buffer.byteLength(json);
    const had = previous === undefined ? -1 : Buffer.byteLength(previous);
    if (previous !== undefined && bytes <= had) {
      const fd = openStateFile(this.#file, 'r+');
      try {
        try {
          writeAll(fd, json + ' '.repeat(had - bytes));
        } catch (error) {
          writeAll(fd, previous);
          throw error;
        }
      } finally {
        closeSync(fd);
      }
      return;
    }
    const size = Math.ceil((bytes + 1) / FILE_STEP) * FILE_STEP;
    const { fd, path } = temporaryStateFile(this.#file);
    try {
      try {
        writeAll(fd, json + ' '.repeat(size - bytes));
      } finally {
        closeSync(fd);
      }
      renameSync(path, this.#file);
    } catch (error) {
      unlinkSync(path);
      throw error;
    }
  }

  /**
   * Takes the lock file (O_EXCL), removing one a dead process left; false after LOCK_PATIENCE_MS,
   * whatever stands in the way (a live holder, a lock that cannot be removed: a folder, an
   * immutable file).
   */
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
        // Released meanwhile (try again), or it cannot be removed (patience decides).
      }
      if (Date.now() - started > LOCK_PATIENCE_MS) return false;
      // The holder is done within microseconds: a short blocking pause, no timer.
      Atomics.wait(PAUSE, 0, 0, Math.min(1 + attempt, 10));
    }
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * 8 hex digits that name a budget's file or tag its entries, never the token itself: a CRC-32,
 * from node:zlib, which the code cache has loaded already. No cryptographic hash is needed: the
 * folder is the user's own and the name never leaves it, and a collision (one pair in 4 billion)
 * only has two tokens share one budget, so wfd waits more, never less. node:crypto would cost
 * every API command 1.8 MB of peak memory (docs/performance.md).
 */
function key(text: string): string {
  return crc32(text).toString(16).padStart(8, '0');
}
