/**
 * The one HTTP client of wfd: every API call goes through `ApiClient.request`.
 *
 * It owns the base URL (host root + `/v1`), the exact `Authorization: Bearer <token>` header,
 * `User-Agent`, time-outs, JSON bodies, retries (src/core/retry.ts), an optional client-side
 * rate limiter, the `--debug` trace, and the translation of the spec's error bodies into
 * typed errors (src/core/errors.ts).
 */
import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Dispatcher, Pool } from 'undici';
import type { ZodType } from 'zod';
import { parseBaseUrl } from './base-url.js';
import { ApiError, type ApiErrorDetail, NetworkError, WfdError } from './errors.js';
import { isRecord } from './guards.js';
import { redactToken } from './redact.js';
import { parseRetryAfterHeader, retryDelay } from './retry.js';

export type QueryParams = ReadonlyArray<readonly [string, string]>;

/** Waits for a permit before each request; the resilience work plugs a token bucket in here. */
export interface RequestLimiter {
  acquire(): Promise<void>;
}

export interface ApiClientOptions {
  /** host root, e.g. https://api.example.com (a trailing `/v1` is tolerated and dropped) */
  baseUrl: string;
  token?: string;
  userAgent: string;
  timeoutMs?: number;
  retries?: number;
  /** receives one line per request and response when --debug is on */
  debug?: (line: string) => void;
  /** receives a line when a retry makes the user wait noticeably (a 429 asking for 60 s) */
  notice?: (line: string) => void;
  /** the test seam and the connection pool: defaults to one keep-alive Pool for the origin */
  dispatcher?: Dispatcher;
  limiter?: RequestLimiter;
  /** injected for tests: wait and jitter */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => Date;
}

export interface RequestOptions<T> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** path under /v1 (`/cases`), or from the host root when `root` is set (`/token`) */
  path: string;
  query?: QueryParams;
  body?: unknown;
  /** validates the JSON answer; unknown fields pass through (schemas are lenient) */
  schema?: ZodType<T>;
  root?: boolean;
}

/** A request as it would be sent, for `--dry-run` and the debug trace. */
export interface PreparedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRIES = 5;
/** A wait this long is worth a line on stderr, so a run does not look hung. */
const NOTICE_AFTER_MS = 2_000;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

export class ApiClient {
  readonly origin: string;
  /** path prefix of the API, `/v1` below whatever path the base URL has */
  private readonly apiPrefix: string;
  private readonly rootPrefix: string;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private sequence = 0;

  constructor(private readonly options: ApiClientOptions) {
    const base = parseBaseUrl(options.baseUrl);
    this.origin = base.origin;
    this.rootPrefix = base.prefix;
    this.apiPrefix = `${base.prefix}/v1`;
    this.ownsDispatcher = !options.dispatcher;
    this.dispatcher = options.dispatcher ?? new Pool(base.origin, { connections: 16, pipelining: 1 });
  }

  /** The absolute URL of an API path with its query string. */
  url(path: string, query?: QueryParams, root = false): string {
    const prefix = root ? this.rootPrefix : this.apiPrefix;
    return `${this.origin}${prefix}${path}${encodeQuery(query)}`;
  }

  /** What `request` would send, with the token redacted: for `--dry-run`. */
  prepare(request: Omit<RequestOptions<unknown>, 'schema'>): PreparedRequest {
    const headers = this.headers(request.body !== undefined);
    if (headers.authorization) headers.authorization = `Bearer ${redactToken(this.options.token)}`;
    return {
      method: request.method,
      url: this.url(request.path, request.query, request.root),
      headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
    };
  }

  /** Sends a request, retrying per the policy, and returns the validated JSON body. */
  async request<T = unknown>(request: RequestOptions<T>): Promise<T> {
    const { status, headers, text } = await this.send(request);
    const json = text.length > 0 ? parseJson(text, status) : undefined;
    if (status >= 400) throw toApiError(status, headers, json, this.now());
    if (!request.schema) return json as T;
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      throw new WfdError(
        `unexpected answer from ${request.method} ${request.path}: ${where}${issue?.message}`,
      );
    }
    return parsed.data;
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  private async send(request: RequestOptions<unknown>) {
    const maxRetries = this.options.retries ?? DEFAULT_RETRIES;
    const timeout = this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const random = this.options.random ?? Math.random;
    const wait = this.options.sleep ?? ((ms: number) => sleep(ms));
    const path = `${request.root ? this.rootPrefix : this.apiPrefix}${request.path}${encodeQuery(request.query)}`;
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers = this.headers(body !== undefined);

    for (let attempt = 1; ; attempt++) {
      await this.options.limiter?.acquire();
      const id = ++this.sequence;
      const started = performance.now();
      this.trace(`#${id} → ${request.method} ${this.origin}${path}`);
      try {
        const response = await this.dispatcher.request({
          origin: this.origin,
          path,
          method: request.method,
          headers,
          body,
          // One deadline for the whole exchange (undici's own time-outs are per phase and coarse).
          signal: AbortSignal.timeout(timeout),
        });
        const text = await response.body.text();
        const ms = Math.round(performance.now() - started);
        const requestId = header(response.headers, 'x-request-id');
        this.trace(`#${id} ← ${response.statusCode} (${ms}ms)${requestId ? ` request-id ${requestId}` : ''}`);
        const delay = retryDelay({
          method: request.method,
          attempt,
          maxRetries,
          status: response.statusCode,
          retryAfterSeconds: retryAfterOf(response.statusCode, response.headers, text, this.now()),
          random,
        });
        if (delay === undefined || response.statusCode < 400) {
          return { status: response.statusCode, headers: response.headers, text };
        }
        this.trace(`#${id} retrying in ${(delay / 1000).toFixed(1)}s (attempt ${attempt} of ${maxRetries})`);
        if (delay >= NOTICE_AFTER_MS) {
          this.options.notice?.(
            `HTTP ${response.statusCode} from the API; waiting ${Math.round(delay / 1000)}s before retry ${attempt} of ${maxRetries}`,
          );
        }
        await wait(delay);
      } catch (error) {
        const code = errorCode(error);
        if (!code || !NETWORK_CODES.has(code)) throw error;
        this.trace(`#${id} ✗ ${code} after ${Math.round(performance.now() - started)}ms`);
        const delay = retryDelay({
          method: request.method,
          attempt,
          maxRetries,
          connectionError: true,
          random,
        });
        if (delay === undefined) throw networkError(code, this.origin, timeout, error);
        this.trace(`#${id} retrying in ${(delay / 1000).toFixed(1)}s (attempt ${attempt} of ${maxRetries})`);
        await wait(delay);
      }
    }
  }

  /** The headers of every request; `prepare` shows the same ones, token redacted. */
  private headers(hasBody: boolean): Record<string, string> {
    return {
      'user-agent': this.options.userAgent,
      accept: 'application/json',
      ...(this.options.token ? { authorization: `Bearer ${this.options.token}` } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    };
  }

  private trace(line: string): void {
    this.options.debug?.(line);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

/** Encodes query pairs the way the API expects bracket names: `page%5Bsize%5D=100`. */
export function encodeQuery(query: QueryParams | undefined): string {
  if (!query || query.length === 0) return '';
  return `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
}

function parseJson(text: string, status: number): unknown {
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
  const requestId = header(headers, 'x-request-id');
  const statusName = str(record.error) ?? STATUS_CODES[status] ?? 'Error';
  const suffix =
    status >= 500 && requestId ? ` (HTTP ${status}, request id ${requestId})` : ` (HTTP ${status})`;
  const message = `${main || statusName}${extra}${suffix}`;
  return new ApiError(message, {
    status,
    details,
    ...(requestId ? { requestId } : {}),
    ...(status === 429 ? { retryAfter: retryAfterOf(status, headers, body, now) } : {}),
    hint: HINTS[status],
  });
}

const HINTS: Record<number, string> = {
  401: 'the token is missing, invalid or revoked: run `wfd auth login`, or check WFD_TOKEN',
  403: 'a token reaches one workspace only: use a token (profile) of the workspace that owns this resource',
  429: 'the rate limit is 100 requests per minute per token: wait, or lower --concurrency',
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
  const fromHeader = parseRetryAfterHeader(header(headers, 'retry-after'), now);
  if (fromBody === undefined && fromHeader === undefined) return undefined;
  return Math.max(fromBody ?? 0, fromHeader ?? 0);
}

function networkError(code: string, origin: string, timeoutMs: number, cause: unknown): NetworkError {
  if (code.includes('TIMEOUT') || code === 'ETIMEDOUT') {
    return new NetworkError(`request to ${origin} timed out after ${timeoutMs / 1000}s`, {
      hint: 'raise --timeout, or check the service status',
      cause,
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
  return new NetworkError(`network error talking to ${origin}: ${code}`, { cause });
}

function errorCode(error: unknown): string | undefined {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'ETIMEDOUT';
  if (!isRecord(error)) return undefined;
  if (typeof error.code === 'string') return error.code;
  return isRecord(error.cause) && typeof error.cause.code === 'string' ? error.cause.code : undefined;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
