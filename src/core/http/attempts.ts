/**
 * The attempt loop every request goes through: send it; when the answer or the failure is one the
 * retry policy (retry.ts) retries, wait and send it again; after a 401, refresh the token once and
 * send it again. Each attempt waits for a permit of the rate limiter, runs under one deadline and
 * is traced for `--debug`.
 */
import { NOTICE_AFTER_MS, type Permit, type RateLimiter } from '../budget/limiter.js';
import { retryAfterOf, toApiError, waitTooLong } from './api-error.js';
import { Deadline } from './deadline.js';
import { firstHeader } from './headers.js';
import { parseJson, readBoundedText } from './json-answer.js';
import {
  errorCode,
  isLoopback,
  isPlainHttpAnswer,
  isTimeout,
  NETWORK_CODES,
  networkError,
  notHttpError,
} from './network-error.js';
import type { ResponseBody, Transport, TransportResponse } from './node-transport.js';
import { retryDelay } from './retry.js';
import { certificateFailure } from './tls-failure.js';

/**
 * What happens to a final answer's body:
 * - 'read': read inside the loop, so a connection lost half-way through an answer is retried like
 *   one lost before it (for the methods the policy retries);
 * - 'streamed': handed back unread, for a download of a gigabyte that may take longer than any
 *   one time-out: the deadline ends with the headers, then each wait for more bytes is bounded
 *   by the same time (the transport's idle `bodyTimeout`);
 * - 'unread': handed back unread, still under the one deadline of the whole exchange.
 */
export type BodyHandling = 'read' | 'streamed' | 'unread';

/** A final answer; `text` is set when the body was already read (an error the policy looked at). */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: ResponseBody;
  text?: string;
}

/** A request as each attempt sends it. */
export interface Outgoing {
  method: string;
  /** the request target: path prefix, path and query */
  target: string;
  /** the path as a notice shows it: `/v1/cases`, without the query */
  shownPath: string;
  payload: string | FormData | undefined;
  /** a 502, 503 or 504 is retried whatever the method (ApiRequest.idempotent) */
  idempotent: boolean;
  /** the headers of an attempt that carries `token` */
  headers(token: string | undefined): Record<string, string>;
}

/** What the loop needs of its client: the same for every request. */
export interface AttemptSettings {
  origin: string;
  transport: Transport;
  retries: number;
  timeoutMs: number;
  /** the longest wait a server may ask for (Retry-After); a longer one fails at once */
  maxWaitMs: number;
  limiter: RateLimiter | undefined;
  /** a new token after the server refused `stale` (TokenSource.refresh) */
  refresh: ((stale: string) => Promise<string | undefined>) | undefined;
  wait(ms: number): Promise<void>;
  random(): number;
  now(): Date;
  /** a line of the `--debug` trace */
  trace(line: string): void;
  /** a line that tells the user of a noticeable wait */
  notice: ((line: string) => void) | undefined;
}

/** Statuses the retry policy may retry; every other answer is final at once. */
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

export class Attempts {
  /** numbers the attempts of a client in its `--debug` trace */
  #sequence = 0;

  constructor(private readonly settings: AttemptSettings) {}

  /** Sends `request` (with `token`, when it carries one) until an answer is final. */
  async send(request: Outgoing, token: string | undefined, body: BodyHandling): Promise<Answer> {
    const { trace, refresh } = this.settings;
    let refreshed = false;
    for (let attempt = 1; ; attempt++) {
      const permit = await this.settings.limiter?.acquire();
      const id = ++this.#sequence;
      const started = process.hrtime.bigint();
      trace(`#${id} → ${request.method} ${this.settings.origin}${request.target}`);
      const deadline = new Deadline(this.settings.timeoutMs);
      try {
        const response = await this.#exchange(request, token, body, deadline, permit);
        const requestId = firstHeader(response.headers, 'x-request-id');
        trace(
          `#${id} ← ${response.statusCode} (${msSince(started)}ms)${requestId ? ` request-id ${requestId}` : ''}`,
        );
        if (response.statusCode === 401 && token && !refreshed && refresh) {
          refreshed = true;
          const fresh = await refresh(token);
          if (fresh && fresh !== token) {
            await response.body.dump();
            trace(`#${id} token refreshed; sending again`);
            token = fresh;
            attempt--;
            continue;
          }
        }
        const answer = { status: response.statusCode, headers: response.headers, body: response.body };
        if (!RETRY_STATUSES.has(response.statusCode))
          return body === 'read'
            ? { ...answer, text: await readBoundedText(response.body, response.headers) }
            : answer;
        // Retry candidates are error answers: small bodies, read here for `retryAfter`.
        const text = await readBoundedText(response.body, response.headers);
        const retryAfter = this.#retryAfter(response, text);
        const delay = retryDelay({
          method: request.method,
          ...(request.idempotent ? { idempotent: true } : {}),
          attempt,
          maxRetries: this.settings.retries,
          status: response.statusCode,
          retryAfterSeconds: retryAfter,
          random: this.settings.random,
        });
        if (delay === undefined) return { ...answer, text };
        this.#traceRetry(id, delay, attempt);
        await this.#waitToRetry(response.statusCode, retryAfter, delay, attempt);
      } catch (error) {
        await this.settings.wait(this.#delayAfterFailure(request, error, attempt, id, started));
      } finally {
        // An unread body is still bounded by the deadline; otherwise its timer is done with.
        if (body !== 'unread') deadline.clear();
      }
    }
  }

  /** One request on the wire, up to its answer's headers. */
  #exchange(
    request: Outgoing,
    token: string | undefined,
    body: BodyHandling,
    deadline: Deadline,
    permit: Permit | undefined,
  ): Promise<TransportResponse> {
    const streamed = body === 'streamed';
    return (
      this.settings.transport
        .request({
          path: request.target,
          method: request.method,
          headers: request.headers(token),
          body: request.payload,
          // One deadline for the exchange, from connecting to the last byte of the answer.
          signal: deadline.signal,
          ...(streamed ? { bodyTimeout: this.settings.timeoutMs } : {}),
        })
        // The server has counted the request once its answer is here (or it failed).
        .finally(() => {
          permit?.release();
          if (streamed) deadline.clear();
        })
    );
  }

  /** The wait a retried answer asks for, in seconds; one longer than the client waits fails now. */
  #retryAfter(response: TransportResponse, text: string): number | undefined {
    const { statusCode, headers } = response;
    const retryAfter = retryAfterOf(statusCode, headers, text, this.settings.now());
    const { maxWaitMs } = this.settings;
    // A wait of days (or past a timer's 2^31 ms) is no retry: say what the server asked.
    if (retryAfter !== undefined && retryAfter * 1000 > maxWaitMs)
      throw waitTooLong(
        toApiError(statusCode, headers, parseJson(text, statusCode), this.settings.now()),
        retryAfter,
        maxWaitMs,
      );
    return retryAfter;
  }

  /**
   * The wait before the next attempt after a request that got no answer; throws the failure when
   * it is final: a server that will not speak TLS or whose certificate is refused, anything that
   * is not a connection's failure, a refusal on this machine, or one the policy does not retry.
   */
  #delayAfterFailure(
    request: Outgoing,
    error: unknown,
    attempt: number,
    id: number,
    started: bigint,
  ): number {
    const { origin, timeoutMs, retries } = this.settings;
    const code = errorCode(error);
    // An http:// server behind an https:// base URL: no retry will make it speak TLS.
    if (isPlainHttpAnswer(error)) throw networkError(code ?? 'EPROTO', origin, timeoutMs, error);
    const refused = certificateFailure(error, origin) ?? notHttpError(error, origin);
    if (refused) throw refused;
    if (!code || !NETWORK_CODES.has(code)) throw error;
    this.settings.trace(`#${id} ✗ ${code} after ${msSince(started)}ms`);
    // Nothing listens on this machine's port: waiting will not start it. (A remote host may
    // refuse for a moment while it restarts, so there a refusal is retried.)
    if (code === 'ECONNREFUSED' && isLoopback(origin)) throw networkError(code, origin, timeoutMs, error);
    const delay = retryDelay({
      method: request.method,
      attempt,
      maxRetries: retries,
      connectionError: true,
      random: this.settings.random,
    });
    if (delay === undefined) throw networkError(code, origin, timeoutMs, error, request);
    // A stalled server costs a whole time-out per attempt: say so, or the run looks hung.
    if (isTimeout(code))
      this.settings.notice?.(
        `${request.method} ${request.shownPath} timed out after ${timeoutMs / 1000}s; retry ${attempt} of ${retries}`,
      );
    this.#traceRetry(id, delay, attempt);
    return delay;
  }

  #traceRetry(id: number, delay: number, attempt: number): void {
    this.settings.trace(
      `#${id} retrying in ${(delay / 1000).toFixed(1)}s (attempt ${attempt} of ${this.settings.retries})`,
    );
  }

  /**
   * A 429 pauses every request of the run through the limiter, with one notice for the pause
   * rather than one per worker; other retries wait on their own.
   */
  async #waitToRetry(
    status: number,
    retryAfter: number | undefined,
    delay: number,
    attempt: number,
  ): Promise<void> {
    const { limiter } = this.settings;
    const fresh = status === 429 && limiter ? limiter.pause(delay) : true;
    if (fresh && delay >= NOTICE_AFTER_MS) {
      const asked = retryAfter !== undefined ? ` (retryAfter ${retryAfter}s)` : '';
      const who = status === 429 && limiter ? 'pausing all requests' : 'waiting';
      this.settings.notice?.(
        `HTTP ${status} from the API${asked}; ${who} ${Math.round(delay / 1000)}s before retry ${attempt} of ${this.settings.retries}`,
      );
    }
    // With a limiter, the next acquire() waits out the pause.
    if (!(status === 429 && limiter)) await this.settings.wait(delay);
  }
}

/** Whole ms since `start` (process.hrtime): the first use of `performance` loads perf_hooks, ~1.5 ms. */
function msSince(start: bigint): number {
  return Math.round(Number(process.hrtime.bigint() - start) / 1e6);
}
