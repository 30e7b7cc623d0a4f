/**
 * A request that got no answer (refused, reset, timed out, a host that does not resolve, a
 * server that does not speak TLS) as a NetworkError (exit 8) that says what happened, whether the
 * request may have reached the server, and what to check.
 */
import { NetworkError } from '../errors.js';
import { isRecord } from '../guards.js';
import { BODY_TIMEOUT } from './node-transport.js';

/** The codes of a connection that failed: the attempt loop may retry them; anything else is thrown as it is. */
export const NETWORK_CODES = new Set([
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

/** Failures that happen before a request can reach the server: nothing was sent. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The error code of a failure or its cause; a deadline's TimeoutError counts as ETIMEDOUT. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'ETIMEDOUT';
  if (!isRecord(error)) return undefined;
  if (typeof error.code === 'string') return error.code;
  return isRecord(error.cause) && typeof error.cause.code === 'string' ? error.cause.code : undefined;
}

/** Whether a code is a time-out, the connection's or the deadline's. */
export function isTimeout(code: string): boolean {
  return code.includes('TIMEOUT') || code === 'ETIMEDOUT';
}

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

/**
 * An answer Node's HTTP parser refused (`HPE_...`) as a NetworkError (exit 8, never retried: the
 * server will answer the same): a first line that is not HTTP (another service on that port: SSH,
 * SMTP, a database), or an answer broken off by a malformed part (a chunk, a header). Undefined
 * for any other error.
 */
export function notHttpError(error: unknown, origin: string): NetworkError | undefined {
  let parse: unknown = error;
  while (parse instanceof Error && !String((parse as NodeJS.ErrnoException).code).startsWith('HPE_'))
    parse = parse.cause;
  if (!(parse instanceof Error)) return undefined;
  const code = String((parse as NodeJS.ErrnoException).code);
  const reason = isRecord(parse) && typeof parse.reason === 'string' ? parse.reason : code;
  const message =
    code === 'HPE_INVALID_CONSTANT'
      ? `${origin} did not answer in HTTP (${reason})`
      : `the answer of ${origin} is not valid HTTP (${reason})`;
  return new NetworkError(message, {
    hint: 'check the base URL: is it the address and port of the API, not of another service or proxy?',
    cause: parse,
    requestSent: true,
  });
}

/** Methods whose request changes nothing: sent twice, no harm. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `request` (`POST /v1/cases`): the request that failed, when a mutation that may have reached the
 * server must be checked before it is run again.
 */
export function networkError(
  code: string,
  origin: string,
  timeoutMs: number,
  cause: unknown,
  request?: { readonly method: string; readonly shownPath: string },
): NetworkError {
  const requestSent = !NOT_SENT_CODES.has(code);
  if (isPlainHttpAnswer(cause)) {
    return new NetworkError(`${origin} does not speak TLS: it answered in plain HTTP`, {
      hint: `try ${origin.replace(/^https:/, 'http:')} as the base URL`,
      cause,
    });
  }
  if (isTimeout(code)) {
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
  // The message stays short: a bulk run prints it in a row, after reading the record back.
  const hint =
    requestSent && request && !SAFE_METHODS.has(request.method)
      ? `${request.method} ${request.shownPath} was sent before the connection broke, so it may have taken effect: check (get or list what it changes) before you run it again`
      : undefined;
  return new NetworkError(`network error talking to ${origin}: ${code}`, {
    cause,
    requestSent,
    ...(hint ? { hint } : {}),
  });
}

/** True for an origin on this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopback(origin: string): boolean {
  const host = new URL(origin).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
