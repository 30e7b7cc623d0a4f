/**
 * The one HTTP client of wfd: every API call goes through `ApiClient.request` (JSON answers) or
 * `ApiClient.stream` (downloads).
 *
 * It owns the base URL (host root + `/v1`, or the root for OAuth), the exact
 * `Authorization: Bearer <token>` header, `User-Agent`, time-outs, and what becomes of an answer:
 * JSON validated by the request's schema, a download's body handed over, an error answer as a
 * typed error (api-error.ts). Each request is sent through the attempt loop (attempts.ts: retries,
 * the client-side rate limiter, one token refresh after a 401, the `--debug` trace) over the
 * transport (node-transport.ts).
 */
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_MAX_WAIT_MS, type RateLimiter } from '../budget/limiter.js';
import { ApiError, NetworkError, UsageError, WfdError } from '../errors.js';
import { count } from '../text/counts.js';
import { safeParse } from '../zod-parse.js';
import { toApiError } from './api-error.js';
import { type Answer, Attempts, type BodyHandling } from './attempts.js';
import { parseBaseUrl } from './base-url.js';
import { checkDownloadStatus, redirectedError } from './download-status.js';
import { parseJson, readBoundedText } from './json-answer.js';
import { errorCode, NETWORK_CODES, networkError, notHttpError } from './network-error.js';
import {
  BODY_TIMEOUT,
  NodeHttpTransport,
  type NodeHttpTransportOptions,
  type Transport,
} from './node-transport.js';
import { redactToken } from './redact.js';
import {
  type ApiRequest,
  describeBody,
  encodeBody,
  encodeQuery,
  lowerCaseKeys,
  type PreparedRequest,
  type QueryParams,
  requestHeaders,
} from './request.js';
import { withMinimumRate } from './transfer-rate.js';

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
/** Connections per origin: above any --concurrency a command uses. */
const MAX_CONNECTIONS = 16;

export class ApiClient {
  readonly origin: string;
  /** path prefix of the API, `/v1` below whatever path the base URL has */
  private readonly apiPrefix: string;
  private readonly rootPrefix: string;
  private readonly transport: Transport;
  private readonly auth: TokenSource;
  private readonly attempts: Attempts;

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
    const auth = options.auth ?? { token: async () => options.token };
    this.auth = auth;
    this.attempts = new Attempts({
      origin: base.origin,
      transport: this.transport,
      retries: options.retries ?? DEFAULT_RETRIES,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxWaitMs: options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS,
      limiter: options.limiter,
      refresh: auth.refresh?.bind(auth),
      wait: options.sleep ?? ((ms) => sleep(ms)),
      random: options.random ?? Math.random,
      now: () => this.now(),
      trace: (line) => options.debug?.(line),
      notice: options.notice,
    });
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

  /** The request target as sent (prefix, path, query): what MAX_URL_LENGTH bounds. */
  private target(path: string, query: QueryParams | undefined, root: boolean): string {
    return `${root ? this.rootPrefix : this.apiPrefix}${path}${encodeQuery(query)}`;
  }

  /** What `request` would send, with the token and secret fields redacted: for `--dry-run`. */
  async prepare(request: Omit<ApiRequest, 'schema'>): Promise<PreparedRequest> {
    const token = request.root ? undefined : await this.auth.token();
    const headers = requestHeaders(request, this.options.userAgent, token && `Bearer ${redactToken(token)}`);
    const body = describeBody(request);
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

  /**
   * Sends a request (retries, rate limit and refresh as always) and hands back the final answer
   * whatever its status, body unread: `wfd api` prints error bodies as it prints the others.
   */
  async exchange(request: Omit<ApiRequest, 'schema'>): Promise<StreamedResponse> {
    const answer = await this.send(request, 'unread');
    const body = answer.text === undefined ? answer.body : Readable.from([answer.text]);
    return { status: answer.status, headers: answer.headers, body };
  }

  /**
   * An error met while reading a streamed body (`stream`) as the one the request would have
   * thrown: a broken or stalled connection is a NetworkError (exit 8); anything else is returned
   * as it is (a file-system error of the caller, say).
   */
  bodyError(error: unknown): unknown {
    const notHttp = notHttpError(error, this.origin);
    if (notHttp) return notHttp;
    const code = errorCode(error);
    if (!code || !NETWORK_CODES.has(code)) return error;
    const timeoutMs = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (code === BODY_TIMEOUT) {
      return new NetworkError(`the download from ${this.origin} stalled: no data for ${timeoutMs / 1000}s`, {
        hint: 'try again (an export continues with --resume), or raise --request-timeout',
        cause: error,
      });
    }
    return networkError(code, this.origin, timeoutMs, error);
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  /** Sends a request through the attempt loop, once its URL is known to be short enough. */
  private async send(request: Omit<ApiRequest, 'schema'>, body: BodyHandling): Promise<Answer> {
    const root = request.root === true;
    const target = this.target(request.path, request.query, root);
    if (target.length > MAX_URL_LENGTH)
      throw new UsageError(
        `the request URL would be ${count(target.length)} characters long; servers accept about ${count(MAX_URL_LENGTH)}`,
        { hint: 'narrow the filter, or split the work into several runs' },
      );
    const payload = encodeBody(request);
    const token = root ? undefined : await this.auth.token();
    const outgoing = {
      method: request.method,
      target,
      shownPath: `${root ? this.rootPrefix : this.apiPrefix}${request.path}`,
      payload,
      idempotent: request.idempotent === true,
      headers: (bearer: string | undefined) =>
        requestHeaders(request, this.options.userAgent, bearer && `Bearer ${bearer}`),
    };
    return this.attempts.send(outgoing, token, body);
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

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
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
