/** The scopes the sandbox grants; `offline_access` (the spec's default) yields a refresh token. */

export const SUPPORTED_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

export const OFFLINE_ACCESS = 'offline_access';

/**
 * The scopes of a `scope` parameter (space-separated, RFC 6749 3.3); the default
 * when it is absent or empty; null when it names a scope the sandbox does not know.
 */
export function parseScope(scope: string | undefined): string[] | null {
  const scopes = [...new Set((scope ?? '').split(' ').filter((s) => s !== ''))];
  if (scopes.length === 0) return [OFFLINE_ACCESS];
  return scopes.every((s) => (SUPPORTED_SCOPES as readonly string[]).includes(s)) ? scopes : null;
}
