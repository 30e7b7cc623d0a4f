/**
 * Errors of POST /token: the spec's standard body shape (`error` is the status
 * name, as on every endpoint), plus RFC 6749's `error_description` with the same
 * text, which generic OAuth libraries show.
 */
import { SandboxError, standardError } from '../errors.js';

export function tokenError(
  status: 400 | 401 | 413,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): SandboxError {
  const { body } = standardError(status, message);
  return new SandboxError(status, { ...body, error_description: message }, headers);
}
