/**
 * Redirect URIs, per the spec's step 1: `https://`, registered for the client, and
 * free of the parameters the authorization server adds (`code`, `state`, `error`,
 * `error_description`). Matching is exact, except that a registered loopback URI
 * without a port matches any port, as RFC 8252 7.3 allows native apps.
 */

const RESERVED_PARAMS = ['code', 'state', 'error', 'error_description'];

// Loopback hosts a native app's listener may use; the port is chosen at run time.
const LOOPBACK_RE = /^https:\/\/(127\.0\.0\.1|localhost|\[::1\])(?::(\d{1,5}))?(\/.*)?$/;

/**
 * Why a URI can never be a redirect URI, or null when its form is acceptable.
 * Applies to registered URIs and to the `redirect_uri` of a request alike.
 */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'redirect_uri is not an absolute URL';
  }
  if (url.protocol !== 'https:') return 'redirect_uri must use https://';
  if (uri.includes('#')) return 'redirect_uri must not contain a fragment';
  const reserved = RESERVED_PARAMS.filter((name) => url.searchParams.has(name));
  if (reserved.length > 0) return `redirect_uri must not contain the query parameter ${reserved.join(', ')}`;
  return null;
}

/** True when `requested` matches one of the client's registered redirect URIs. */
export function isRegisteredRedirectUri(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  const loopback = LOOPBACK_RE.exec(requested);
  if (!loopback?.[2]) return false;
  const port = Number(loopback[2]);
  if (port < 1 || port > 65_535) return false;
  return registered.includes(`https://${loopback[1]}${loopback[3] ?? ''}`);
}

/** The redirect URI with parameters appended to its query; the registered part is kept byte for byte. */
export function withParams(uri: string, params: Readonly<Record<string, string | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.append(name, value);
  return `${uri}${uri.includes('?') ? '&' : '?'}${query}`;
}
