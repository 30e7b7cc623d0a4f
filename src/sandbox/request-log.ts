/** Logs of requests for the test hooks: `/v1` requests (`/_sandbox/requests`), and others. */
import type { FaultName } from './faults/config.js';
import { Waiters } from './long-poll.js';

export interface LoggedRequest {
  /** When the request arrived, ISO 8601 by the sandbox's clock. */
  time: string;
  method: string;
  /** Path and query string, as sent. */
  url: string;
  /** The normalised path (request-target.ts): what auth, the router and filters judge. */
  path: string;
  status: number;
  /** From arrival until the answer was sent, in ms to a tenth; null when the HTTP parser refused the request. */
  duration_ms: number | null;
  /** The first 8 characters of the bearer token (`wfd_` + 4 hex), or null without one. */
  token_prefix: string | null;
  /** The slug of the token's workspace when the token was accepted, else null. */
  workspace: string | null;
  /** The fault injected into it (`--faults`), or null. */
  fault: FaultName | null;
}

/**
 * Keeps the last `capacity` requests and counts all of them since the last reset. Each entry
 * has a number, 1 for the first since the sandbox started, which a reset does not restart: a
 * reader that asks for what came after the last number it saw never misses or repeats one.
 */
export class RequestLog<Entry = LoggedRequest> {
  #entries: Entry[] = [];
  #count = 0;
  /** Entries added since the sandbox started: the number of the latest. */
  #added = 0;
  readonly #waiters = new Waiters();

  constructor(private readonly capacity = 10_000) {}

  add(entry: Entry): void {
    this.#count++;
    this.#added++;
    this.#entries.push(entry);
    // Trim in batches so each add stays O(1) amortised.
    if (this.#entries.length >= this.capacity * 2) this.#entries = this.#entries.slice(-this.capacity);
    this.#waiters.notify();
  }

  /** `count` is every request since the last reset; `requests` the last `capacity` of them, oldest first. */
  snapshot(): { count: number; requests: Entry[] } {
    return { count: this.#count, requests: this.#entries.slice(-this.capacity) };
  }

  /** Every request since the last reset. */
  get count(): number {
    return this.#count;
  }

  /** The number of the latest entry; 0 before the first. */
  get latest(): number {
    return this.#added;
  }

  /** The kept entries numbered after `since` (all kept ones without it), oldest first, at most `limit`. */
  after(since: number | undefined, limit: number): Array<{ seq: number; entry: Entry }> {
    const kept = this.#entries.slice(-this.capacity);
    const firstSeq = this.#added - kept.length + 1;
    const start = since === undefined ? 0 : Math.max(0, since + 1 - firstSeq);
    return kept.slice(start, start + limit).map((entry, i) => ({ seq: firstSeq + start + i, entry }));
  }

  /** Resolves once an entry numbered after `since` is added (at once when there is one), or after `ms`. */
  async waitAfter(since: number | undefined, ms: number): Promise<void> {
    if (this.after(since, 1).length === 0) await this.#waiters.wait(ms);
  }

  /** Ends every wait: the sandbox is closing. */
  releaseWaiters(): void {
    this.#waiters.releaseAll();
  }

  reset(): void {
    this.#entries = [];
    this.#count = 0;
  }
}
