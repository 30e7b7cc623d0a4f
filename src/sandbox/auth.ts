/** Bearer-token authentication of `/v1` requests, per the spec's table of failures. */
import { standardError } from './errors.js';
import type { Store, TokenRecord } from './store.js';

// Exactly "Bearer", one space, the token: no other whitespace anywhere.
const BEARER_RE = /^Bearer (\S+)$/;

/** The token in an Authorization header when it is well-formed, else null. */
export function bearerToken(header: string | undefined): string | null {
  return header === undefined ? null : (BEARER_RE.exec(header)?.[1] ?? null);
}

/** The first 8 characters of a well-formed bearer token (`wfd_` + 4 hex), for logs; null without one. */
export function tokenPrefix(header: string | undefined): string | null {
  return bearerToken(header)?.slice(0, 8) ?? null;
}

/**
 * The active token record of a request.
 * @throws SandboxError 401 `Missing authorization header` without the header;
 *   401 `Invalid token` for a malformed header or an unknown, expired or revoked token
 */
export function authenticate(header: string | undefined, store: Store): TokenRecord {
  if (header === undefined) throw standardError(401, 'Missing authorization header');
  const token = bearerToken(header);
  const record = token === null ? undefined : store.token(token);
  if (!record || record.revoked) throw standardError(401, 'Invalid token');
  return record;
}
