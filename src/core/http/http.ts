/**
 * The one HTTP client of wfd: every API call goes through `ApiClient.request` (JSON answers) or
 * `ApiClient.stream` (downloads).
 *
 * It owns the base URL (host root + `/v1`, or the root for OAuth), the exact
 * `Authorization: Bearer <token>` header and one refresh of it after a 401, `User-Agent`,
 * time-outs, JSON, form-encoded and multipart bodies, retries (src/core/http/retry.ts), the
 * client-side rate limiter (src/core/budget/limiter.ts), the `--debug` trace, and the translation of
 * the spec's error bodies into typed errors (src/core/errors.ts).
 */
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type * as z from 'zod/mini';
import { NOTICE_AFTER_MS, type RateLimiter } from '../budget/limiter.js';
import { ApiError, type ApiErrorDetail, NetworkError, UsageError, WfdError } from '../errors.js';
import { isRecord } from '../guards.js';
import { count } from '../text/counts.js';
import { formatDuration } from '../text/duration.js';
import { safeParse } from '../zod-parse.js';
import { parseBaseUrl } from './base-url.js';
import { checkDownloadStatus, redirectedError } from './download-status.js';
import { firstHeader } from './headers.js';
import { checkJsonDepth, readBoundedText } from './json-answer.js';
import {
  BODY_TIMEOUT,
  NodeHttpTransport,
  type NodeHttpTransportOptions,
  type ResponseBody,
  type Transport,
} from './node-transport.js';
import { type RetrySetting, rateLimitedHint } from './rate-limited-hint.js';
import { redactSecrets, redactToken } from './redact.js';
import { parseRetryAfterHeader, retryDelay } from './retry.js';
import { certificateFailure } from './tls-failure.js';
import { withMinimumRate } from './transfer-rate.js';

export type QueryParams = ReadonlyArray<readonly [string, string]>;

/**
 * Where the bearer token comes from. A static token never changes; an OAuth credential can
 * `refresh` once the server refused a token (the client retries that request once), and is
 * responsible for sharing one refresh between concurrent callers.
 */
export interface TokenSource {
  token(): Promise<string | undefined>;
  /** a new token after the server answered 401 to `stale`; undefined when it cannot refresh */
  refresh?(stale: string): Promise<string | undefined>;
  /** the hint of a 401 that stands: where this token comes from and how to replace it */
  readonly refusedHint?: string;
}

export interface ApiClientOptions {
  /** host root, e.g. https://api.example.com (a trailing `/v1` is tolerated and dropped) */
  baseUrl: string;
  /** a fixed token, or `auth` for one that can be refreshed */
  token?: string;
  auth?: TokenSource;
  userAgent: string;
  timeoutMs?: number;
  /** a download slower than this many bytes a second over a `timeoutMs` window fails (transfer-rate.ts); 0: none */
  minDownloadRate?: number;
  retries?: number;
  /** the longest wait a server may ask for (Retry-After); a longer one fails the request at once */
  maxWaitMs?: number;
  /** receives one line per request and response when --debug is on */
  debug?: (line: string) => void;
  /** receives a line when a retry makes the user wait noticeably (a 429 asking for 60 s) */
  notice?: (line: string) => void;
  /** the run tests' seam: opens each connection (to their fake server) instead of one to the origin's host */
  connect?: NodeHttpTransportOptions['connect'];
  /** where the proxy variables are read (HTTPS_PROXY, NO_PROXY...); without it, requests go directly */
  env?: NodeJS.ProcessEnv;
  /** the client-side rate limiter shared by every request of the run */
  limiter?: RateLimiter;
  /** injected for tests: wait and jitter */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => Date;
}

/**
 * One API call, as the typed calls of src/api build it: what `request` and `stream` send, what
 * `--dry-run` and `--debug` show, and what `wfd api` builds from its flags.
 */
export interface ApiRequest<T = unknown> {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** path under /v1 (`/cases`), or from the host root when `root` is set (`/token`) */
  path: string;
  query?: QueryParams;
  /** a JSON body */
  body?: unknown;
  /** an `application/x-www-form-urlencoded` body */
  form?: Readonly<Record<string, string>>;
  /** a multipart body; file parts stream from disk when they are Blobs from `fs.openAsBlob` */
  multipart?: FormData;
  /** extra headers, such as `accept: application/pdf` */
  headers?: Readonly<Record<string, string>>;
  /**
   * the schema that validates the JSON answer (unknown fields pass through: schemas are lenient),
   * made when the request has gone out: a zod schema takes a millisecond or two to build, which
   * the wait for the server then hides
   */
  schema?: () => z.ZodMiniType<T>;
  root?: boolean;
  /**
   * Sending it twice leaves the same state (archive by the spec's state machine): a 502, 503 or
   * 504 is retried as for a GET. A broken connection is still not re-sent; the caller reads back.
   */
  idempotent?: boolean;
}

/** A request as it would be sent, for `--dry-run` and the debug trace; secrets redacted. */
export interface PreparedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** An answer whose body has not been read: downloads stream it to disk. */
export interface StreamedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/** 1 KiB a second: 30 KiB over the default time-out. */
const DEFAULT_MIN_DOWNLOAD_RATE = 1024;
/** Longer URLs meet 414 or 431 at common servers and proxies (8 KiB request lines). */
const MAX_URL_LENGTH = 8000;
const DEFAULT_RETRIES = 5;
/** The longest wait a server may ask for by default (WFD_MAX_WAIT). */
export const DEFAULT_MAX_WAIT_MS = 15 * 60_000;
/** Connections per origin: above any --concurrency a command uses. */
const MAX_CONNECTIONS = 16;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  BODY_TIMEOUT,
]);

export class ApiClient {
  readonly origin: string;
  /** path prefix of the API, `/v1` below whatever path the base URL has */
  private readonly apiPrefix: string;
  private readonly rootPrefix: string;
  private readonly transport: Transport;
  private readonly auth: TokenSource;
  private sequence = 0;

  constructor(private readonly options: ApiClientOptions) {
    const base = parseBaseUrl(options.baseUrl);
    this.origin = base.origin;
    this.rootPrefix = base.prefix;
    this.apiPrefix = `${base.prefix}/v1`;
    this.transport = new NodeHttpTransport(base.origin, {
      connections: MAX_CONNECTIONS,
      ...(options.connect ? { connect: options.connect } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(options.debug ? { debug: options.debug } : {}),
    });
    this.auth = options.auth ?? { token: async () => options.token };
  }

  /** The rate limiter of this client, for commands that show an ETA. */
  get limiter(): RateLimiter | undefined {
    return this.options.limiter;
  }

  /** The absolute URL of an API path with its query string. */
  url(path: string, query?: QueryParams, root = false): string {
    return `${this.origin}${this.target(path, query, root)}`;
  }

  /**
   * How many characters the URL of `path` with `query` may still grow by before servers and
   * proxies refuse it (MAX_URL_LENGTH); negative when it is too long already.
   */
  urlRoom(path: string, query?: QueryParams, root = false): number {
    return MAX_URL_LENGTH - this.target(path, query, root).length;
  }

  /** The path of a request as a person reads it in a notice: `/v1/cases`, without the query. */
  private apiPath(request: Omit<ApiRequest, 'schema'>): string {
    return `${request.root ? this.rootPrefix : this.apiPrefix}${request.path}`;
  }

  /** The request target as sent (prefix, path, query): what MAX_URL_LENGTH bounds. */
  private target(path: string, query: QueryParams | undefined, root: boolean): string {
    return `${root ? this.rootPrefix : this.apiPrefix}${path}${encodeQuery(query)}`;
  }

  /** What `request` would send, with the token and secret fields redacted: for `--dry-run`. */
  async prepare(request: Omit<ApiRequest, 'schema'>): Promise<PreparedRequest> {
    const token = request.root ? undefined : await this.auth.token();
    const headers = this.headers(request, token && `Bearer ${redactToken(token)}`);
    const body =
      request.body !== undefined
        ? redactSecrets(request.body)
        : request.form
          ? new URLSearchParams(redactSecrets(request.form) as Record<string, string>).toString()
          : request.multipart
            ? describeMultipart(request.multipart)
            : undefined;
    return {
      method: request.method,
      url: this.url(request.path, request.query, request.root),
      headers,
      ...(body !== undefined ? { body } : {}),
    };
  }

  /** Sends a request, retrying per the policy, and returns the validated JSON body. */
  async request<T = unknown>(request: ApiRequest<T>): Promise<T> {
    return (await this.requestWithHeaders(request)).value;
  }

  /** As `request`, with the answer's headers (a `Date` tells the server's clock). */
  async requestWithHeaders<T = unknown>(
    request: ApiRequest<T>,
  ): Promise<{ value: T; headers: Record<string, string | string[] | undefined> }> {
    const sent = this.send(request, 'read');
    // Handled now, awaited below: a failure while the schema is made is not an unhandled rejection.
    sent.catch(() => {});
    // A turn of the event loop sends the request (the socket connects and writes it); the schema
    // is made after it, while the server works.
    const schema = request.schema && (await afterSending(request.schema));
    const answer = await sent;
    // A redirect's body is a page for browsers, not the API's answer (wfd follows none).
    if (answer.status >= 300 && answer.status < 400) {
      const url = `${this.origin}${this.target(request.path, request.query, request.root === true)}`;
      throw redirectedError(answer.status, answer.headers, `${request.method} ${url}`);
    }
    const text = answer.text ?? '';
    const json = text.length > 0 ? parseJson(text, answer.status) : undefined;
    if (answer.status >= 400) throw this.error(answer.status, answer.headers, json);
    if (!schema) return { value: json as T, headers: answer.headers };
    const parsed = safeParse(schema, json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      throw new WfdError(
        `unexpected answer from ${request.method} ${request.path}: ${where}${issue?.message}`,
      );
    }
    return { value: parsed.data, headers: answer.headers };
  }

  /**
   * Sends a request and hands back the file, a 200 (or a 206 to a `Range`), with its body unread
   * (a download streams it to disk); another status below 400 is not the file (download-status.ts),
   * and an error status becomes the same typed error `request` throws.
   */
  async stream(request: Omit<ApiRequest, 'schema'>): Promise<StreamedResponse> {
    const answer = await this.send(request, 'streamed');
    if (answer.text === undefined && answer.status < 400) {
      try {
        checkDownloadStatus(
          answer.status,
          answer.headers,
          lowerCaseKeys(request.headers).range !== undefined,
        );
      } catch (error) {
        await answer.body.dump().catch(() => {});
        throw error;
      }
      const body = withMinimumRate(answer.body, {
        bytesPerSecond: this.options.minDownloadRate ?? DEFAULT_MIN_DOWNLOAD_RATE,
        windowMs: this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        origin: this.origin,
      });
      return { status: answer.status, headers: answer.headers, body };
    }
    const text = answer.text ?? (await readBoundedText(answer.body, answer.headers));
    const json = text.length > 0 ? parseJson(text, answer.status) : undefined;
    throw this.error(answer.status, answer.headers, json);
  }

  /** The typed error of an answer; a 401 hints at how to replace this client's token. */
  private error(status: number, headers: StreamedResponse['headers'], json: unknown): ApiError {
    const { retries } = this.options;
    const setting = { retries: retries ?? DEFAULT_RETRIES, given: retries !== undefined };
    const error = toApiError(status, headers, json, this.now(), setting);
    const hint = status === 401 ? this.auth.refusedHint : undefined;
    if (!hint) return error;
    const { details, requestId, retryAfter } = error;
    return new ApiError(error.message, {
      status,
      details,
      hint,
      ...(requestId ? { requestId } : {}),
      ...(retryAfter !== undefined ? { retryAfter } : {}),
    });
  }

  /**
   * Sends a request (retries, rate limit and refresh as always) and hands back the final answer
   * whatever its status, body unread: `wfd api` prints error bodies as it prints the others.
   */
  async exchange(request: Omit<ApiRequest, 'schema'>): Promise<StreamedResponse> {
    const answer = await this.send(request);
    const body = answer.text === undefined ? answer.body : Readable.from([answer.text]);
    return { status: answer.status, headers: answer.headers, body };
  }

  /**
   * An error met while reading a streamed body (`stream`) as the one the request would have
   * thrown: a broken or stalled connection is a NetworkError (exit 8); anything else is returned
   * as it is (a file-system error of the caller, say).
   */
  bodyError(error: unknown): unknown {
    const code = errorCode(error);
    if (!code || !NETWORK_CODES.has(code)) return error;
    if (code === BODY_TIMEOUT) {
      const seconds = (this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000;
      return new NetworkError(`the download from ${this.origin} stalled: no data for ${seconds}s`, {
        hint: 'try again (an export continues with --resume), or raise --request-timeout',
        cause: error,
      });
    }
    return networkError(code, this.origin, this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS, error);
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  /**
   * Sends until an answer is final: retries per the policy, one token refresh after a 401.
   * `body` says what happens to a final answer's body:
   * - 'read': read inside the retry loop, so a connection lost half-way through an answer is
   *   retried like one lost before it (for the methods the policy retries);
   * - 'streamed': handed back unread, for a download of a gigabyte that may take longer than any
   *   one time-out: the deadline ends with the headers, then each wait for more bytes is bounded
   *   by the same time (the transport's idle `bodyTimeout`);
   * - 'unread': handed back unread, still under the one deadline of the whole exchange.
   */
  private async send(request: Omit<ApiRequest, 'schema'>, body: BodyHandling = 'unread'): Promise<Answer> {
    const maxRetries = this.options.retries ?? DEFAULT_RETRIES;
    const timeout = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const random = this.options.random ?? Math.random;
    const wait = this.options.sleep ?? ((ms: number) => sleep(ms));
    const path = this.target(request.path, request.query, request.root === true);
    const payload = encodeBody(request);
    const streamedBody = body === 'streamed';
    if (path.length > MAX_URL_LENGTH)
      throw new UsageError(
        `the request URL would be ${count(path.length)} characters long; servers accept about ${count(MAX_URL_LENGTH)}`,
        { hint: 'narrow the filter, or split the work into several runs' },
      );
    let token = request.root ? undefined : await this.auth.token();
    let refreshed = false;

    for (let attempt = 1; ; attempt++) {
      const permit = await this.options.limiter?.acquire();
      const id = ++this.sequence;
      const started = process.hrtime.bigint();
      this.trace(`#${id} → ${request.method} ${this.origin}${path}`);
      const deadline = new Deadline(timeout);
      try {
        const response = await this.transport
          .request({
            path,
            method: request.method,
            headers: this.headers(request, token && `Bearer ${token}`),
            body: payload,
            // One deadline for the exchange, from connecting to the last byte of the answer.
            signal: deadline.signal,
            ...(streamedBody ? { bodyTimeout: timeout } : {}),
          })
          // The server has counted the request once its answer is here (or it failed).
          .finally(() => {
            permit?.release();
            if (streamedBody) deadline.clear();
          });
        const ms = msSince(started);
        const requestId = firstHeader(response.headers, 'x-request-id');
        this.trace(`#${id} ← ${response.statusCode} (${ms}ms)${requestId ? ` request-id ${requestId}` : ''}`);
        if (response.statusCode === 401 && token && !refreshed && this.auth.refresh) {
          refreshed = true;
          const fresh = await this.auth.refresh(token);
          if (fresh && fresh !== token) {
            await response.body.dump();
            this.trace(`#${id} token refreshed; sending again`);
            token = fresh;
            attempt--;
            continue;
          }
        }
        const answer = { status: response.statusCode, headers: response.headers, body: response.body };
        if (response.statusCode < 400 || !RETRY_STATUSES.has(response.statusCode))
          return body === 'read'
            ? { ...answer, text: await readBoundedText(response.body, response.headers) }
            : answer;
        // Retry candidates are error answers: small bodies, read here for `retryAfter`.
        const text = await readBoundedText(response.body, response.headers);
        const retryAfter = retryAfterOf(response.statusCode, response.headers, text, this.now());
        const maxWait = this.options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
        // A wait of days (or past a timer's 2^31 ms) is no retry: say what the server asked.
        if (retryAfter !== undefined && retryAfter * 1000 > maxWait)
          throw waitTooLong(
            toApiError(
              response.statusCode,
              response.headers,
              parseJson(text, response.statusCode),
              this.now(),
            ),
            retryAfter,
            maxWait,
          );
        const delay = retryDelay({
          method: request.method,
          ...(request.idempotent ? { idempotent: true } : {}),
          attempt,
          maxRetries,
          status: response.statusCode,
          retryAfterSeconds: retryAfter,
          random,
        });
        if (delay === undefined) return { ...answer, text };
        this.trace(`#${id} retrying in ${(delay / 1000).toFixed(1)}s (attempt ${attempt} of ${maxRetries})`);
        await this.waitToRetry(
          response.statusCode,
          retryAfter,
          delay,
          `retry ${attempt} of ${maxRetries}`,
          wait,
        );
      } catch (error) {
        const code = errorCode(error);
        // An http:// server behind an https:// base URL: no retry will make it speak TLS.
        if (isPlainHttpAnswer(error)) throw networkError(code ?? 'EPROTO', this.origin, timeout, error);
        const refused = certificateFailure(error, this.origin);
        if (refused) throw refused;
        if (!code || !NETWORK_CODES.has(code)) throw error;
        this.trace(`#${id} ✗ ${code} after ${msSince(started)}ms`);
        // Nothing listens on this machine's port: waiting will not start it. (A remote host may
        // refuse for a moment while it restarts, so there a refusal is retried.)
        if (code === 'ECONNREFUSED' && isLoopback(this.origin))
          throw networkError(code, this.origin, timeout, error);
        const delay = retryDelay({
          method: request.method,
          attempt,
          maxRetries,
          connectionError: true,
          random,
        });
        if (delay === undefined) throw networkError(code, this.origin, timeout, error);
        // A stalled server costs a whole time-out per attempt: say so, or the run looks hung.
        if (code.includes('TIMEOUT') || code === 'ETIMEDOUT')
          this.options.notice?.(
            `${request.method} ${this.apiPath(request)} timed out after ${timeout / 1000}s; retry ${attempt} of ${maxRetries}`,
          );
        this.trace(`#${id} retrying in ${(delay / 1000).toFixed(1)}s (attempt ${attempt} of ${maxRetries})`);
        await wait(delay);
      } finally {
        // An unread body is still bounded by the deadline; otherwise its timer is done with.
        if (body !== 'unread') deadline.clear();
      }
    }
  }

  /**
   * A 429 pauses every request of the run through the limiter, with one notice for the pause
   * rather than one per worker; other retries wait on their own.
   */
  private async waitToRetry(
    status: number,
    retryAfter: number | undefined,
    delay: number,
    which: string,
    wait: (ms: number) => Promise<void>,
  ): Promise<void> {
    const limiter = this.options.limiter;
    const fresh = status === 429 && limiter ? limiter.pause(delay) : true;
    if (fresh && delay >= NOTICE_AFTER_MS) {
      const asked = retryAfter !== undefined ? ` (retryAfter ${retryAfter}s)` : '';
      const who = status === 429 && limiter ? 'pausing all requests' : 'waiting';
      this.options.notice?.(
        `HTTP ${status} from the API${asked}; ${who} ${Math.round(delay / 1000)}s before ${which}`,
      );
    }
    // With a limiter, the next acquire() waits out the pause.
    if (!(status === 429 && limiter)) await wait(delay);
  }

  /** The headers of every request; `prepare` shows the same ones, token redacted. */
  private headers(
    request: Omit<ApiRequest, 'schema'>,
    authorization: string | undefined,
  ): Record<string, string> {
    const contentType =
      request.body !== undefined
        ? 'application/json'
        : request.form
          ? 'application/x-www-form-urlencoded'
          : undefined;
    return {
      'user-agent': this.options.userAgent,
      accept: 'application/json',
      ...(authorization ? { authorization } : {}),
      ...(contentType ? { 'content-type': contentType } : {}),
      ...lowerCaseKeys(request.headers),
    };
  }

  private trace(line: string): void {
    this.options.debug?.(line);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

/** What `send` does with a final answer's body (see there). */
type BodyHandling = 'read' | 'streamed' | 'unread';

/** A final answer; `text` is set when the body was already read (an error the policy looked at). */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: ResponseBody;
  text?: string;
}

/** A time-out as an abort signal (a TimeoutError, as `AbortSignal.timeout` gives) that can be called off. */
class Deadline {
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout;

  constructor(ms: number) {
    this.#timer = setTimeout(
      () => this.#controller.abort(new DOMException('The operation timed out', 'TimeoutError')),
      ms,
    ).unref();
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  clear(): void {
    clearTimeout(this.#timer);
  }
}

/** The error of an answer whose Retry-After is longer than the client waits. */
function waitTooLong(error: ApiError, retryAfter: number, maxWaitMs: number): ApiError {
  return new ApiError(
    `${error.message}; the API asked to wait ${retryAfter}s, longer than the ${formatDuration(maxWaitMs)} wfd waits at most (WFD_MAX_WAIT)`,
    {
      status: error.status,
      details: error.details,
      retryAfter,
      ...(error.requestId ? { requestId: error.requestId } : {}),
      hint: 'try again later, or set WFD_MAX_WAIT to a longer duration',
    },
  );
}

/** `make()`, called at the next turn of the event loop, after its I/O. */
function afterSending<S>(make: () => S): Promise<S> {
  return new Promise((resolve, reject) => {
    setImmediate(() => {
      try {
        resolve(make());
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Whole ms since `start` (process.hrtime): the first use of `performance` loads perf_hooks, ~1.5 ms. */
function msSince(start: bigint): number {
  return Math.round(Number(process.hrtime.bigint() - start) / 1e6);
}

/** Statuses the retry policy may retry; every other answer is final at once. */
const RETRY_STATUSES = new Set([429, 502, 503, 504]);

function encodeBody(request: Omit<ApiRequest, 'schema'>): string | FormData | undefined {
  if (request.body !== undefined) return JSON.stringify(request.body);
  if (request.form) return new URLSearchParams(request.form as Record<string, string>).toString();
  return request.multipart;
}

/** A multipart body for `--dry-run`: its parts, files by name and size. */
function describeMultipart(form: FormData): Record<string, unknown>[] {
  return [...form.entries()].map(([name, value]) =>
    typeof value === 'string' ? { name, value } : { name, filename: value.name, size: value.size },
  );
}

function lowerCaseKeys(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

/** Encodes query pairs the way the API expects bracket names: `page%5Bsize%5D=100`. */
export function encodeQuery(query: QueryParams | undefined): string {
  if (!query || query.length === 0) return '';
  return `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
}

function parseJson(text: string, status: number): unknown {
  checkJsonDepth(text);
  try {
    return JSON.parse(text);
  } catch {
    if (status >= 400) return undefined;
    throw new WfdError(`the API answered ${status} with a body that is not JSON`);
  }
}

/** Builds an ApiError from any of the spec's three error shapes (standard, error-list, rate limit). */
export function toApiError(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
  now: Date,
  /** how the request was retried, for the hint of a 429 that stands */
  retries?: RetrySetting,
): ApiError {
  const record = isRecord(body) ? body : {};
  const details: ApiErrorDetail[] = [];
  if (Array.isArray(record.errors)) {
    for (const item of record.errors) {
      if (!isRecord(item)) continue;
      const message = str(item.detail) ?? str(item.message) ?? str(item.title) ?? 'invalid request';
      details.push({
        message,
        ...(Array.isArray(item.path) ? { path: item.path as (string | number)[] } : {}),
        ...(str(item.type) ? { type: str(item.type) } : {}),
        ...(str(item.status) ? { status: str(item.status) } : {}),
        ...(str(item.title) ? { title: str(item.title) } : {}),
      });
    }
  }
  const main = str(record.message) ?? details.map(describeDetail).join('; ') ?? '';
  const extra =
    str(record.message) && details.length > 0 ? `: ${details.map(describeDetail).join('; ')}` : '';
  const requestId = firstHeader(headers, 'x-request-id');
  const statusName = str(record.error) ?? STATUS_CODES[status] ?? 'Error';
  const suffix =
    status >= 500 && requestId ? ` (HTTP ${status}, request id ${requestId})` : ` (HTTP ${status})`;
  const message = `${main || statusName}${extra}${suffix}`;
  const retryAfter = status === 429 ? retryAfterOf(status, headers, body, now) : undefined;
  return new ApiError(message, {
    status,
    details,
    ...(requestId ? { requestId } : {}),
    ...(status === 429 ? { retryAfter } : {}),
    hint: status === 429 ? rateLimitedHint(headers, retryAfter, retries) : HINTS[status],
  });
}

const HINTS: Record<number, string> = {
  401: 'the token is missing, invalid or revoked: run `wfd auth login`',
  403: 'a token reaches one workspace only: use a token (profile) of the workspace that owns this resource',
};

function describeDetail(detail: ApiErrorDetail): string {
  return detail.path && detail.path.length > 0
    ? `${detail.path.join('.')}: ${detail.message}`
    : detail.message;
}

/** The larger of the body's `retryAfter` and the `Retry-After` header, in seconds. */
function retryAfterOf(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
  now: Date,
): number | undefined {
  if (status !== 429 && status !== 503) return undefined;
  let fromBody: number | undefined;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      body = undefined;
    }
  }
  if (isRecord(body) && typeof body.retryAfter === 'number') fromBody = body.retryAfter;
  const fromHeader = parseRetryAfterHeader(firstHeader(headers, 'retry-after'), now);
  if (fromBody === undefined && fromHeader === undefined) return undefined;
  return Math.max(fromBody ?? 0, fromHeader ?? 0);
}

/** Failures that happen before a request can reach the server: nothing was sent. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * True when a TLS handshake met a plain-HTTP answer (an `https://` base URL for an `http://`
 * server): OpenSSL reads the HTTP text as a record of an unknown version.
 */
export function isPlainHttpAnswer(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ERR_SSL_WRONG_VERSION_NUMBER') return true;
    if (code === 'EPROTO' && /wrong version number/i.test(e.message)) return true;
  }
  return false;
}

function networkError(code: string, origin: string, timeoutMs: number, cause: unknown): NetworkError {
  const requestSent = !NOT_SENT_CODES.has(code);
  if (isPlainHttpAnswer(cause)) {
    return new NetworkError(`${origin} does not speak TLS: it answered in plain HTTP`, {
      hint: `try ${origin.replace(/^https:/, 'http:')} as the base URL`,
      cause,
    });
  }
  if (code.includes('TIMEOUT') || code === 'ETIMEDOUT') {
    return new NetworkError(`request to ${origin} timed out after ${timeoutMs / 1000}s`, {
      hint: 'raise --request-timeout, or check the service status',
      cause,
      requestSent,
    });
  }
  if (code === 'ECONNREFUSED') {
    return new NetworkError(`cannot connect to ${origin}: connection refused`, {
      hint: 'check the base URL (--base-url, WFD_BASE_URL or the profile); is the server running?',
      cause,
    });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new NetworkError(`cannot resolve the host of ${origin}`, { hint: 'check the base URL', cause });
  }
  return new NetworkError(`network error talking to ${origin}: ${code}`, { cause, requestSent });
}

/** True for an origin on this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopback(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function errorCode(error: unknown): string | undefined {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'ETIMEDOUT';
  if (!isRecord(error)) return undefined;
  if (typeof error.code === 'string') return error.code;
  return isRecord(error.cause) && typeof error.cause.code === 'string' ? error.cause.code : undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
