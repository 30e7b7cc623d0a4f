/**
 * The client-side rate limiter: keeps one process under the API's
 * limits, 100 requests per minute per token and 1,000 per hour per client, so bulk work does not
 * meet 429 at all. Shared by every request of a run.
 *
 * It is a sliding log: a request may start at time t only if fewer than N requests were counted
 * in (t - window, t] for every rule. That never exceeds a limit under a server that counts in
 * fixed windows aligned anywhere or in sliding ones, and still uses the whole burst (even pacing
 * would make 130 requests take 78 s instead of about one minute). The server counts a request
 * somewhere between its start here and its answer, so the log holds answer times, and requests
 * still in flight count as inside every window: the log can only err on the safe side, whatever
 * the network delays.
 *
 * Processes sharing a token share one budget through `shared` (src/core/budget/shared-budget.ts): a
 * request starts once this process's log and the machine's both allow it.
 */

import { formatDuration } from '../text/duration.js';
import { describeHold, type Hold, HoldTooLongError } from './hold.js';
import type { RateLimits, RateRule } from './rules.js';

/** The budget shared with other processes (src/core/budget/shared-budget.ts). */
export interface SharedRateBudget {
  /** a grant for a request starting at `now`, or the hold that keeps it back */
  reserve(now: number): { release(now: number): void } | Hold;
  /** every process holds until `until` */
  pause(now: number, until: number): void;
  /**
   * The answer times each rule counts now, one ascending list per rule (requests in flight as
   * answers at `now`); undefined while the budget is not shared.
   */
  spent(now: number): readonly (readonly number[])[] | undefined;
  /** false once the budget cannot be shared (its folder or lock unusable): this process's own log holds */
  readonly sharing: boolean;
}

export interface RateLimiterOptions {
  /** epoch milliseconds; injected by tests */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** receives a line when the limits hold requests back noticeably (a minute after 100 requests) */
  notice?: (line: string) => void;
  shared?: SharedRateBudget;
  /**
   * WFD_MAX_WAIT, when set: the longest hold waited for; a longer one fails every waiting request
   * at once (exit 7). Unset: DEFAULT_MAX_WAIT_MS, or a whole window for bulk runs (`waitOutWindows`).
   */
  maxWaitMs?: number;
}

/** The longest wait wfd accepts by default, a server's Retry-After or a client-side hold (WFD_MAX_WAIT). */
export const DEFAULT_MAX_WAIT_MS = 15 * 60_000;
/** Pauses less than this apart are one burst of 429s: one notice. */
const PAUSE_BURST_GAP_MS = 5_000;
/** A wait this long is worth a line on stderr, so a run does not look hung (every waiter's rule). */
export const NOTICE_AFTER_MS = 2_000;

/** A granted request: call `release` once its answer (or failure) is back. */
export interface Permit {
  release(): void;
}

interface Waiter {
  grant(shared?: { release(now: number): void }): void;
  fail(error: Error): void;
}

export class RateLimiter {
  /** the limits this limiter keeps, as given (doctor describes them) */
  readonly limits: RateLimits;
  readonly #rules: readonly RateRule[];
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #notice: ((line: string) => void) | undefined;
  readonly #shared: SharedRateBudget | undefined;
  readonly #maxWaitSet: boolean;
  #maxWaitMs: number;
  /** when granted requests were answered, ascending: the server counted each one before that */
  #answered: number[] = [];
  #inFlight = 0;
  // No pause yet: the first one is always told.
  #pausedUntil = Number.NEGATIVE_INFINITY;
  /** when the last pause began */
  #pausedAt = Number.NEGATIVE_INFINITY;
  readonly #waiting: Waiter[] = [];
  /** the end of the last hold told, so each is told once however often the pump wakes */
  #toldUntil = 0;
  /** while the machine's budget (other processes) holds the next request: until when */
  #sharedUntil = Number.NEGATIVE_INFINITY;
  #pumping = false;
  /** the holds waited out so far (ms), and when the one under way began */
  #heldMs = 0;
  #holdingSince: number | undefined;

  constructor(limits: RateLimits, options: RateLimiterOptions = {}) {
    this.limits = limits;
    this.#rules = limits.rules;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#notice = options.notice;
    this.#shared = this.#rules.length > 0 ? options.shared : undefined;
    this.#maxWaitSet = options.maxWaitMs !== undefined;
    this.#maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  }

  /**
   * For bulk runs (an export in CI, an archive of thousands of ids), which cannot finish without
   * meeting the hourly budget: unless WFD_MAX_WAIT says otherwise, a hold as long as the longest
   * window is waited out, not failed. Returns the longest hold now waited for.
   */
  waitOutWindows(): number {
    if (!this.#maxWaitSet)
      this.#maxWaitMs = Math.max(this.#maxWaitMs, ...this.#rules.map((rule) => rule.windowMs));
    return this.#maxWaitMs;
  }

  /**
   * Milliseconds so far in which waiting requests were held back (by the limits, a 429 pause or
   * the machine's shared budget), the hold under way included: a pace measured without them is
   * the pace of the work itself.
   */
  heldMs(): number {
    const since = this.#holdingSince;
    return this.#heldMs + (since === undefined ? 0 : Math.max(0, this.#now() - since));
  }

  /** Waits until one more request may start (first come, first served) and counts it. */
  acquire(): Promise<Permit> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({
        grant: (shared) => {
          this.#inFlight++;
          let released = false;
          resolve({
            release: () => {
              if (released) return;
              released = true;
              this.#inFlight--;
              const now = this.#now();
              shared?.release(now);
              this.#record(now);
              void this.#pump();
            },
          });
        },
        fail: reject,
      });
      void this.#pump();
    });
  }

  /**
   * Holds every request for `ms` (a 429 said the server's budget is spent). True when this
   * starts a new burst of pauses, so that only its caller tells the user; false when one was
   * running or had just ended (a server still counting the old window answers 429 again).
   */
  pause(ms: number): boolean {
    const now = this.#now();
    const fresh = this.#pausedUntil + PAUSE_BURST_GAP_MS <= now;
    this.#pausedUntil = Math.max(this.#pausedUntil, now + ms);
    this.#pausedAt = now;
    this.#shared?.pause(now, now + ms);
    return fresh;
  }

  /**
   * Milliseconds, from now, until `requests` more requests could all have started (answers taken
   * as instant): after every hold under way, a 429 pause and what the machine's other runs have
   * spent of the shared budget included.
   */
  eta(requests: number): number {
    if (requests <= 0) return 0;
    const now = this.#now();
    const spent = this.#shared?.spent(now);
    const logs = this.#rules.map((_, index) => [...(spent?.[index] ?? this.#answered)]);
    let last = Math.max(now, this.#pausedUntil, this.#sharedUntil);
    for (let i = 0; i < requests; i++) {
      last = Math.max(last, this.#earliest(logs, 0, last) ?? last);
      for (const log of logs) log.push(last);
    }
    return Math.max(0, last - now);
  }

  /** Grants waiting requests in order while the rules allow; sleeps until the next one may go. */
  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#waiting.length > 0) {
        const now = this.#now();
        this.#forgetFuture(now);
        const earliest = this.#earliest(this.#ownLogs(), this.#inFlight, now) ?? Infinity;
        const at = Math.max(this.#pausedUntil, earliest);
        // Blocked on requests still in flight: their release pumps again.
        if (at === Infinity) return;
        if (at > now) {
          // A 429 pause is told by the client; the limits' own holds are told here.
          const own = earliest > this.#pausedUntil;
          if (own && !this.#hold({ until: at, cause: this.#cause(at), shared: this.#sharing() }, now)) return;
          await this.#waitOut(at - now, now);
          continue;
        }
        // This process may go; the machine's budget (other processes on the token) too?
        const shared = this.#shared?.reserve(now);
        if (shared && 'until' in shared) {
          this.#sharedUntil = shared.until;
          if (!this.#hold(shared, now)) return;
          await this.#waitOut(Math.max(1, shared.until - now), now);
          continue;
        }
        this.#sharedUntil = Number.NEGATIVE_INFINITY;
        this.#waiting.shift()!.grant(shared);
      }
    } finally {
      this.#pumping = false;
    }
  }

  /** Sleeps through a hold, counting its length for `heldMs`. */
  async #waitOut(ms: number, now: number): Promise<void> {
    this.#holdingSince = now;
    try {
      await this.#sleep(ms);
    } finally {
      this.#heldMs += Math.max(0, this.#now() - now);
      this.#holdingSince = undefined;
    }
  }

  /**
   * A hold about to be waited out: told once when it is noticeable; false (every waiting request
   * failed) when it is longer than wfd waits.
   */
  #hold(hold: Hold, now: number): boolean {
    if (hold.until - now > this.#maxWaitMs) {
      const error = new HoldTooLongError(hold, now, this.#maxWaitMs);
      for (const waiter of this.#waiting.splice(0)) waiter.fail(error);
      return false;
    }
    if (hold.until > this.#toldUntil && hold.until - now >= NOTICE_AFTER_MS) {
      this.#toldUntil = hold.until;
      // Past the default bound, only a bulk run waits: say that it does, and what would stop it.
      const long =
        hold.until - now > DEFAULT_MAX_WAIT_MS && !this.#maxWaitSet
          ? `; a bulk run waits for it (up to ${formatDuration(this.#maxWaitMs)}; WFD_MAX_WAIT sets another bound)`
          : '';
      this.#notice?.(`${describeHold(hold, now)}${long}`);
    }
    return true;
  }

  #sharing(): boolean {
    return this.#shared?.sharing ?? false;
  }

  /** The rule whose window holds a request until `at` (the first one whose window alone would). */
  #cause(at: number): Hold['cause'] {
    const index = this.#rules.findIndex(({ limit, windowMs }) => {
      const oldest = this.#answered.length - (limit - this.#inFlight);
      return limit <= this.#inFlight || (oldest >= 0 && this.#answered[oldest]! + windowMs >= at);
    });
    const found = Math.max(0, index);
    return { rule: this.#rules[found]!, index: found };
  }

  /** This process's log, as the list each rule counts. */
  #ownLogs(): readonly (readonly number[])[] {
    return this.#rules.map(() => this.#answered);
  }

  /**
   * The earliest time at or after `from` a request may start, given the answer times each rule
   * counts, or undefined when requests in flight alone fill a rule (the server may count them at
   * any moment until they are answered).
   */
  #earliest(logs: readonly (readonly number[])[], inFlight: number, from: number): number | undefined {
    let t = from;
    for (const [index, { limit, windowMs }] of this.#rules.entries()) {
      const room = limit - inFlight;
      if (room <= 0) return undefined;
      // The room-th most recent answer must have left the window (t - windowMs, t].
      const answered = logs[index]!;
      const oldest = answered.length - room;
      if (oldest >= 0) t = Math.max(t, answered[oldest]! + windowMs);
    }
    return t;
  }

  /**
   * Forgets answers and a pause from the future: the clock stepped back (NTP, by hand) since they
   * were recorded, and they would hold the run for as long as it stepped.
   */
  #forgetFuture(now: number): void {
    while (this.#answered.length > 0 && this.#answered.at(-1)! > now) this.#answered.pop();
    if (this.#pausedAt > now) this.#pausedUntil = this.#pausedAt = Number.NEGATIVE_INFINITY;
  }

  /** Keeps the answer times sorted and no older than the longest window. */
  #record(time: number): void {
    let i = this.#answered.length;
    while (i > 0 && this.#answered[i - 1]! > time) i--;
    this.#answered.splice(i, 0, time);
    const longest = Math.max(0, ...this.#rules.map((r) => r.windowMs));
    let stale = 0;
    while (stale < this.#answered.length && this.#answered[stale]! <= time - longest) stale++;
    if (stale > 0) this.#answered.splice(0, stale);
  }
}
