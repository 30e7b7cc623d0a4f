/**
 * The retry policy, as a pure function so it can be tested without a network.
 *
 * - 429: always retried, after the larger of the body's `retryAfter` and the `Retry-After`
 *   header, plus up to a second of jitter so parallel workers do not return in lockstep.
 * - 502, 503, 504 and connection errors: retried only for idempotent methods, with
 *   exponential back-off and full jitter. A POST the server may have processed is never re-sent.
 */

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRYABLE_STATUS = new Set([502, 503, 504]);
const BASE_DELAY_MS = 250;
const MAX_DELAY_MS = 8_000;

export interface RetryInput {
  method: string;
  /** a request of another method that is safe to repeat (see ApiRequest.idempotent): its 5xx answers are retried */
  idempotent?: boolean;
  /** 1 for the first retry, 2 for the second, ... */
  attempt: number;
  maxRetries: number;
  /** HTTP status when a response came back */
  status?: number;
  /** seconds the server asked us to wait (body `retryAfter` or header), when it said */
  retryAfterSeconds?: number;
  /** true when no response came back (refused, reset, timed out) */
  connectionError?: boolean;
  /** [0, 1) */
  random: () => number;
}

/** Milliseconds to wait before the next attempt, or undefined when the request must not be retried. */
export function retryDelay(input: RetryInput): number | undefined {
  if (input.attempt > input.maxRetries) return undefined;
  if (input.status === 429) {
    const serverMs = (input.retryAfterSeconds ?? 0) * 1000;
    const fallback = backoff(input.attempt, input.random);
    return Math.max(serverMs, serverMs > 0 ? 0 : fallback) + Math.floor(input.random() * 1000);
  }
  const repeatable = IDEMPOTENT.has(input.method.toUpperCase());
  const retryableStatus = input.status !== undefined && RETRYABLE_STATUS.has(input.status);
  if ((repeatable && input.connectionError) || ((repeatable || input.idempotent) && retryableStatus)) {
    const serverMs = (input.retryAfterSeconds ?? 0) * 1000;
    return Math.max(serverMs, backoff(input.attempt, input.random));
  }
  return undefined;
}

/** Exponential back-off with full jitter: uniform in [0, min(max, base * 2^(attempt-1))]. */
function backoff(attempt: number, random: () => number): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}

/** Parses a `Retry-After` header (seconds or an HTTP date) into seconds. */
export function parseRetryAfterHeader(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}
