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

import { count } from '../text/counts.js';
import { formatDuration, UNIT_MS } from '../text/duration.js';

export interface RateRule {
  readonly limit: number;
  readonly windowMs: number;
}

/** The rules in force; none means no limit (`off`). */
export interface RateLimits {
  readonly rules: readonly RateRule[];
}

/** The spec's limit per access token ("Limits"); messages that name the limit read it here. */
export const SPEC_PER_TOKEN: RateRule = { limit: 100, windowMs: 60_000 };
/** The spec's limit per client ("Limits"). */
const SPEC_PER_CLIENT: RateRule = { limit: 1_000, windowMs: 3_600_000 };

/** The API's limits: per token, then per client. */
export const SPEC_LIMITS: RateLimits = { rules: [SPEC_PER_TOKEN, SPEC_PER_CLIENT] };

const WINDOW_NAMES = new Map([
  [1_000, 'second'],
  [60_000, 'minute'],
  [3_600_000, 'hour'],
]);

/** Rules in words, for messages: `100 requests per minute and 1,000 per hour`, `20 requests per 10s`. */
export function describeRules(rules: readonly RateRule[]): string {
  if (rules.length === 0) return 'no limit';
  return rules
    .map(({ limit, windowMs }, index) => {
      const what = index === 0 ? ' requests' : '';
      return `${count(limit)}${what} per ${WINDOW_NAMES.get(windowMs) ?? formatDuration(windowMs)}`;
    })
    .join(' and ');
}

const RULE_RE = /^(\d+)\/(\d+)?(ms|s|m|h)$/;

/**
 * `spec`, `off`, `N/DURATION` or `N/DURATION,M/DURATION` (DURATION like `1m`, `10s`, `2h`; the
 * number may be left out: `100/m`). A rule given is the limit wfd keeps, and no other: `4/1s` is
 * 4 requests a second, 240 a minute. (A sandbox's `--rate-limit N/D` also scales the API's hourly
 * limit, to 10N per 60 x D: `N/D,10N/60D` mirrors it.) Throws an Error with a one-line message
 * otherwise.
 */
export function parseRateLimits(text: string): RateLimits {
  const spec = text.trim();
  if (spec === 'spec') return SPEC_LIMITS;
  if (spec === 'off') return { rules: [] };
  const rules = spec.split(',').map((part) => {
    const m = RULE_RE.exec(part.trim());
    const limit = m ? Number(m[1]) : 0;
    const windowMs = m ? Number(m[2] ?? 1) * UNIT_MS[m[3]!]! : 0;
    if (limit < 1 || windowMs < 1 || !Number.isSafeInteger(limit) || !Number.isSafeInteger(windowMs))
      throw new Error('expected spec, off, or N/DURATION[,M/DURATION] such as 100/1m or 20/2s,200/2m');
    return { limit, windowMs };
  });
  if (rules.length > 2) throw new Error('at most two limits: per token, then per client');
  return { rules };
}

/** The budget shared with other processes (src/core/budget/shared-budget.ts). */
export interface SharedRateBudget {
  /** a grant for a request starting at `now`, or when (epoch ms) to ask again */
  reserve(now: number): { release(now: number): void } | number;
  /** every process holds until `until` */
  pause(now: number, until: number): void;
}

export interface RateLimiterOptions {
  /** epoch milliseconds; injected by tests */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** receives a line when the limits hold requests back noticeably (a minute after 100 requests) */
  notice?: (line: string) => void;
  shared?: SharedRateBudget;
}

/** Pauses less than this apart are one burst of 429s: one notice. */
const PAUSE_BURST_GAP_MS = 5_000;
/** A wait this long is worth a line on stderr, so a run does not look hung (every waiter's rule). */
export const NOTICE_AFTER_MS = 2_000;

/** A granted request: call `release` once its answer (or failure) is back. */
export interface Permit {
  release(): void;
}

export class RateLimiter {
  readonly #rules: readonly RateRule[];
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #notice: ((line: string) => void) | undefined;
  readonly #shared: SharedRateBudget | undefined;
  /** when granted requests were answered, ascending: the server counted each one before that */
  #answered: number[] = [];
  #inFlight = 0;
  // No pause yet: the first one is always told.
  #pausedUntil = Number.NEGATIVE_INFINITY;
  /** when the last pause began */
  #pausedAt = Number.NEGATIVE_INFINITY;
  readonly #waiting: ((shared?: { release(now: number): void }) => void)[] = [];
  /** the end of the last wait told, so each is told once however often the pump wakes */
  #toldUntil = 0;
  /** while the machine's budget (other processes) holds the next request: until when */
  #sharedUntil = Number.NEGATIVE_INFINITY;
  #pumping = false;

  constructor(limits: RateLimits, options: RateLimiterOptions = {}) {
    this.#rules = limits.rules;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.#notice = options.notice;
    this.#shared = this.#rules.length > 0 ? options.shared : undefined;
  }

  /** Waits until one more request may start (first come, first served) and counts it. */
  acquire(): Promise<Permit> {
    return new Promise((resolve) => {
      this.#waiting.push((shared) => {
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
   * as instant): after every hold under way, a 429 pause and the machine's shared budget included.
   */
  eta(requests: number): number {
    const answered = [...this.#answered];
    const now = this.#now();
    if (requests <= 0) return 0;
    let last = Math.max(now, this.#pausedUntil, this.#sharedUntil);
    for (let i = 0; i < requests; i++) {
      last = Math.max(last, this.#earliest(answered, 0, last) ?? last);
      answered.push(last);
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
        const earliest = this.#earliest(this.#answered, this.#inFlight, now) ?? Infinity;
        const at = Math.max(this.#pausedUntil, earliest);
        // Blocked on requests still in flight: their release pumps again.
        if (at === Infinity) return;
        if (at > now) {
          // A 429 pause is told by the client; the limits' own waits are told here.
          if (earliest > this.#pausedUntil && at > this.#toldUntil && at - now >= NOTICE_AFTER_MS) {
            this.#toldUntil = at;
            this.#tellWait(at - now);
          }
          await this.#sleep(at - now);
          continue;
        }
        // This process may go; the machine's budget (other processes on the token) too?
        const shared = this.#shared?.reserve(now);
        if (typeof shared === 'number') {
          this.#sharedUntil = shared;
          await this.#sleep(Math.max(1, shared - now));
          continue;
        }
        this.#sharedUntil = Number.NEGATIVE_INFINITY;
        this.#waiting.shift()!(shared);
      }
    } finally {
      this.#pumping = false;
    }
  }

  /** One line for a wait of the limits: which rule holds the run, and how long. */
  #tellWait(ms: number): void {
    const now = this.#now();
    // The rule whose window is full: the one that alone would hold the request this long.
    const rule =
      this.#rules.find(({ limit, windowMs }) => {
        const index = this.#answered.length - (limit - this.#inFlight);
        return limit <= this.#inFlight || (index >= 0 && this.#answered[index]! + windowMs >= now + ms);
      }) ?? this.#rules[0];
    const limit = rule ? ` of ${describeRules([rule])}` : '';
    this.#notice?.(`client-side rate limit${limit} reached; waiting ${formatDuration(ms)}`);
  }

  /**
   * The earliest time at or after `from` a request may start, or undefined when requests in
   * flight alone fill a rule (the server may count them at any moment until they are answered).
   */
  #earliest(answered: readonly number[], inFlight: number, from: number): number | undefined {
    let t = from;
    for (const { limit, windowMs } of this.#rules) {
      const room = limit - inFlight;
      if (room <= 0) return undefined;
      // The room-th most recent answer must have left the window (t - windowMs, t].
      const index = answered.length - room;
      if (index >= 0) t = Math.max(t, answered[index]! + windowMs);
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
