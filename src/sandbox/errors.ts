/**
 * The spec's three error body shapes, and the one error class that carries
 * them from a hook or handler to the error mapper in app.ts.
 *
 * 1. standard: `{statusCode, error, message, errors?}` (errors[] only for 400 validation)
 * 2. error-list: `{errors: [{status, title, detail}]}` (invalid filter, archiving a template)
 * 3. rate limit: `{statusCode: 429, error, message, retryAfter}` plus a Retry-After header
 */
// Node's status names are the official ones the standard shape's `error` carries.
import { STATUS_CODES } from 'node:http';

/** One element of the standard shape's `errors` array. */
export interface ValidationIssue {
  message: string;
  /** Field names from the root of the body or query, e.g. `['page', 'size']`. */
  path: ReadonlyArray<string | number>;
  /** A stable code: invalid_type, invalid_value, invalid_format, too_small, too_big, unrecognized_keys. */
  type: string;
}

/** A response to send instead of the handler's result; mapped to the reply by app.ts. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

/**
 * The standard shape; `errors` is included only when given (400 validation
 * errors), `headers` are sent with it.
 */
export function standardError(
  status: number,
  message: string,
  errors?: readonly ValidationIssue[],
  headers?: Readonly<Record<string, string>>,
): SandboxError {
  const body = { statusCode: status, error: STATUS_CODES[status] ?? 'Error', message };
  return new SandboxError(status, errors ? { ...body, errors } : body, headers);
}

/** A 400 in the error-list shape, one element per detail. */
export function errorList(title: string, details: readonly string[]): SandboxError {
  return new SandboxError(400, { errors: details.map((detail) => ({ status: '400', title, detail })) });
}

/** A 429 in the rate-limit shape, with the matching Retry-After header. */
export function rateLimited(retryAfter: number): SandboxError {
  const message = `Rate limit exceeded, retry in ${retryAfter} seconds`;
  const { body, headers } = standardError(429, message, undefined, { 'retry-after': String(retryAfter) });
  return new SandboxError(429, { ...body, retryAfter }, headers);
}

/** 400 standard shape for failed validation of a body, query or path. */
export function invalid(message: string, errors: readonly ValidationIssue[]): SandboxError {
  return standardError(400, message, errors);
}

/** 403 for a resource or workspace the token cannot reach. */
export function forbidden(): SandboxError {
  return standardError(403, 'No access to this resource');
}
