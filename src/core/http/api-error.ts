/**
 * An error answer of the API as a typed ApiError: its message from any of the spec's three error
 * shapes (standard, error-list, rate limit), its details, request id, wait and hint.
 */
import { STATUS_CODES } from 'node:http';
import { ApiError, type ApiErrorDetail } from '../errors.js';
import { isRecord } from '../guards.js';
import { formatDuration } from '../text/duration.js';
import { firstHeader } from './headers.js';
import { type RetrySetting, rateLimitedHint } from './rate-limited-hint.js';
import { parseRetryAfterHeader } from './retry.js';

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
export function retryAfterOf(
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

/** The error of an answer whose Retry-After is longer than the client waits. */
export function waitTooLong(error: ApiError, retryAfter: number, maxWaitMs: number): ApiError {
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

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
