/**
 * Request rate limits: the spec's 100 per minute per token and 1,000 per hour
 * per client, or scaled ones for tests. Sliding windows (a log of the accepted
 * requests' times), so no burst at a window boundary gets more than the limit:
 * a client that keeps under the limit in every window never sees a 429.
 *
 * This module has no fastify import, so flag parsing can use parseRateLimit cheaply.
 */

/** One limit: at most `limit` requests per `windowMs`, counted per token or per client. */
export interface RateLimitRule {
  readonly scope: 'token' | 'client';
  readonly limit: number;
  readonly windowMs: number;
}

/** The limits in force; no rules means no limit (`off`). */
export interface RateLimitConfig {
  readonly rules: readonly RateLimitRule[];
}

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Parses `--rate-limit`: `spec` (100/min per token, 1,000/h per client), `off`,
 * or `N/DURATION` such as `5/1s` or `100/1m` (DURATION in ms, s, m or h): N per
 * DURATION per token, and the per-client limit scaled alike to 10N per 60 x DURATION.
 * @throws Error with a one-line message on any other input
 */
export function parseRateLimit(spec: string): RateLimitConfig {
  if (spec === 'off') return { rules: [] };
  if (spec === 'spec') return scaled(100, 60_000);
  const m = /^(\d+)\/(\d+)(ms|s|m|h)$/.exec(spec);
  const limit = m ? Number(m[1]) : 0;
  const windowMs = m ? Number(m[2]) * UNITS[m[3]!]! : 0;
  if (!Number.isSafeInteger(limit) || limit < 1 || !Number.isSafeInteger(windowMs) || windowMs < 1) {
    throw new Error(
      `Invalid rate limit "${spec}": expected spec, off, or N/DURATION with N >= 1 and DURATION such as 500ms, 1s, 10s, 1m, 1h`,
    );
  }
  return scaled(limit, windowMs);
}

function scaled(limit: number, windowMs: number): RateLimitConfig {
  return {
    rules: [
      { scope: 'token', limit, windowMs },
      { scope: 'client', limit: limit * 10, windowMs: windowMs * 60 },
    ],
  };
}

/** Who a request counts against. */
export interface RateLimitKeys {
  readonly token: string;
  /** The client: the remote address for personal tokens. */
  readonly client: string;
}

/** Counts requests against the configured rules. */
export class RateLimiter {
  #windows = new Map<string, SlidingWindow>();

  constructor(private config: RateLimitConfig) {}

  /** Puts other limits in force, counting from now (`PUT /_sandbox/rate-limit`). */
  configure(config: RateLimitConfig): void {
    this.config = config;
    this.#windows = new Map();
  }

  /**
   * Counts one request at time `now` (ms) when every rule allows it.
   * @returns 0 when allowed; otherwise the whole seconds (>= 1) until the
   *   strictest blocking rule frees a slot. Refused requests are not counted.
   */
  hit(keys: RateLimitKeys, now: number): number {
    const windows = this.config.rules.map((rule, i) => this.#window(`${i}:${keys[rule.scope]}`, rule));
    const waitMs = Math.max(0, ...windows.map((w) => w.waitMs(now)));
    if (waitMs > 0) return Math.max(1, Math.ceil(waitMs / 1000));
    for (const w of windows) w.add(now);
    return 0;
  }

  #window(key: string, rule: RateLimitRule): SlidingWindow {
    let window = this.#windows.get(key);
    if (!window) {
      window = new SlidingWindow(rule.limit, rule.windowMs);
      this.#windows.set(key, window);
    }
    return window;
  }
}

/** The times of accepted requests within the last window, oldest first. */
class SlidingWindow {
  #times: number[] = [];
  #head = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until one more request fits; 0 when it fits now. */
  waitMs(now: number): number {
    while (this.#head < this.#times.length && this.#times[this.#head]! <= now - this.windowMs) this.#head++;
    if (this.#times.length - this.#head < this.limit) return 0;
    return this.#times[this.#head]! + this.windowMs - now;
  }

  add(now: number): void {
    this.#times.push(now);
    // Drop expired entries now and then instead of shifting on every request.
    if (this.#head > 1024 && this.#head * 2 > this.#times.length) {
      this.#times = this.#times.slice(this.#head);
      this.#head = 0;
    }
  }
}
