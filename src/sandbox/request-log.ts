/** The log of `/v1` requests that the `/_sandbox/requests` test hook returns. */

export interface LoggedRequest {
  method: string;
  /** Path and query string, as sent. */
  url: string;
  status: number;
  /** The first 8 characters of the bearer token (`wfd_` + 4 hex), or null without one. */
  token_prefix: string | null;
}

/** Keeps the last `capacity` requests and counts all of them since the last reset. */
export class RequestLog {
  #entries: LoggedRequest[] = [];
  #count = 0;

  constructor(private readonly capacity = 10_000) {}

  add(entry: LoggedRequest): void {
    this.#count++;
    this.#entries.push(entry);
    // Trim in batches so each add stays O(1) amortised.
    if (this.#entries.length >= this.capacity * 2) this.#entries = this.#entries.slice(-this.capacity);
  }

  /** `count` is every request since the last reset; `requests` the last `capacity` of them, oldest first. */
  snapshot(): { count: number; requests: LoggedRequest[] } {
    return { count: this.#count, requests: this.#entries.slice(-this.capacity) };
  }

  reset(): void {
    this.#entries = [];
    this.#count = 0;
  }
}
