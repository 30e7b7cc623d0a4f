/**
 * The request target (the URL of the request line), normalised once before any
 * stage looks at it. Auth, the rate limit, the request log and the router then
 * all judge the same path: `/%76%31/cases`, `//v1//cases`, `/x/../v1/cases`
 * and `GET http://host/v1/cases HTTP/1.1` are all `/v1/cases` to every one of them.
 *
 * - absolute form (`http://host:port/path`): scheme and authority are dropped;
 * - each segment is percent-decoded, then `.` and `..` are resolved (RFC 3986
 *   5.2.4, so `%2e%2e` counts as `..`) and empty segments dropped (`//` is `/`);
 *   a trailing slash is kept, because `/v1/cases/` names an empty id;
 * - segments are re-encoded canonically, so the router's own decoding yields
 *   exactly the decoded segment (no double decoding);
 * - the query string is kept as sent, once it is known to decode.
 *
 * Refused as ambiguous: malformed percent-encoding (in the path or the query; escapes must
 * also form UTF-8), an encoded `/` inside a segment, a `#` in the target, and a target that
 * is neither a path nor absolute.
 */

/** A target that normalised: `url` is what the router gets, `path` its path part. */
export interface NormalTarget {
  readonly ok: true;
  readonly url: string;
  readonly path: string;
}

/**
 * A refused target. `path` is the normalised path of the segments before the
 * problem, so that stages that classify requests (the request log) still can.
 */
export interface RefusedTarget {
  readonly ok: false;
  readonly path: string;
  readonly reason: string;
}

export type RequestTarget = NormalTarget | RefusedTarget;

const ABSOLUTE_FORM_RE = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** Normalises the target of a request line; see the module comment for the rules. */
export function normaliseTarget(raw: string): RequestTarget {
  const authority = ABSOLUTE_FORM_RE.exec(raw);
  let target = authority ? raw.slice(authority[0].length) : raw;
  if (authority && !target.startsWith('/')) target = `/${target}`;
  if (!target.startsWith('/'))
    return refused([], false, `Malformed URL ${raw}: expected a path such as /v1/cases`);
  const queryStart = target.indexOf('?');
  const rawPath = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = queryStart === -1 ? '' : target.slice(queryStart);

  const segments: string[] = [];
  let trailingSlash = false;
  const parts = rawPath.split('/').slice(1);
  for (const [index, part] of parts.entries()) {
    const segment = decodeSegment(part);
    if (segment === null || part.includes('#')) {
      return refused(segments, trailingSlash, `Malformed URL ${raw}: invalid character or percent-encoding`);
    }
    if (segment.includes('/')) {
      return refused(segments, trailingSlash, `Malformed URL ${raw}: an encoded "/" inside a path segment`);
    }
    const last = index === parts.length - 1;
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
    trailingSlash = last && (segment === '' || segment === '.' || segment === '..');
  }
  const path = joinSegments(segments, trailingSlash);
  // The query parser would keep a bad escape as text, and a filter would then match nothing.
  if (query.includes('#') || decodeSegment(query) === null) {
    return {
      ok: false,
      path,
      reason: `Malformed URL ${raw}: invalid character or percent-encoding in the query`,
    };
  }
  return { ok: true, url: path + query, path };
}

/** Whether a normalised path is served by the /v1 context (the prefix and everything under it). */
export function isApiPath(path: string): boolean {
  return path === '/v1' || path.startsWith('/v1/');
}

function decodeSegment(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

function joinSegments(segments: readonly string[], trailingSlash: boolean): string {
  const path = `/${segments.map(encodeURIComponent).join('/')}`;
  return trailingSlash && segments.length > 0 ? `${path}/` : path;
}

function refused(segments: readonly string[], trailingSlash: boolean, reason: string): RefusedTarget {
  return { ok: false, path: joinSegments(segments, trailingSlash), reason };
}
