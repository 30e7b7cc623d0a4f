/**
 * One API call as the typed calls of src/api build it, and what becomes of it on the wire: its
 * query string, its body and its headers, the same for the request sent and the one `--dry-run`
 * shows.
 */
import type * as z from 'zod/mini';
import { redactSecrets } from './redact.js';

export type QueryParams = ReadonlyArray<readonly [string, string]>;

/**
 * One API call: what `ApiClient.request` and `stream` send, what `--dry-run` and `--debug` show,
 * and what `wfd api` builds from its flags.
 */
export interface ApiRequest<T = unknown> {
  method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** path under /v1 (`/cases`), or from the host root when `root` is set (`/token`) */
  path: string;
  query?: QueryParams;
  /** a JSON body */
  body?: unknown;
  /** an `application/x-www-form-urlencoded` body */
  form?: Readonly<Record<string, string>>;
  /** a multipart body; file parts stream from disk when they are Blobs from `fs.openAsBlob` */
  multipart?: FormData;
  /** extra headers, such as `accept: application/pdf` */
  headers?: Readonly<Record<string, string>>;
  /**
   * the schema that validates the JSON answer (unknown fields pass through: schemas are lenient),
   * made when the request has gone out: a zod schema takes a millisecond or two to build, which
   * the wait for the server then hides
   */
  schema?: () => z.ZodMiniType<T>;
  root?: boolean;
  /**
   * Sending it twice leaves the same state (archive by the spec's state machine): a 502, 503 or
   * 504 is retried as for a GET. A broken connection is still not re-sent; the caller reads back.
   */
  idempotent?: boolean;
}

/** A request as it would be sent, for `--dry-run` and the debug trace; secrets redacted. */
export interface PreparedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** Encodes query pairs the way the API expects bracket names: `page%5Bsize%5D=100`. */
export function encodeQuery(query: QueryParams | undefined): string {
  if (!query || query.length === 0) return '';
  return `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`;
}

/** The body as sent: JSON text, a form-encoded string, or a multipart form streamed by the transport. */
export function encodeBody(request: Omit<ApiRequest, 'schema'>): string | FormData | undefined {
  if (request.body !== undefined) return JSON.stringify(request.body);
  if (request.form) return new URLSearchParams(request.form as Record<string, string>).toString();
  return request.multipart;
}

/** The body as `--dry-run` shows it: secret fields redacted, a multipart body as its parts. */
export function describeBody(request: Omit<ApiRequest, 'schema'>): unknown {
  if (request.body !== undefined) return redactSecrets(request.body);
  if (request.form)
    return new URLSearchParams(redactSecrets(request.form) as Record<string, string>).toString();
  return request.multipart ? describeMultipart(request.multipart) : undefined;
}

/** A multipart body for `--dry-run`: its parts, files by name and size. */
function describeMultipart(form: FormData): Record<string, unknown>[] {
  return [...form.entries()].map(([name, value]) =>
    typeof value === 'string' ? { name, value } : { name, filename: value.name, size: value.size },
  );
}

/** The headers of a request, the same whether it is sent or shown (with its token redacted). */
export function requestHeaders(
  request: Omit<ApiRequest, 'schema'>,
  userAgent: string,
  authorization: string | undefined,
): Record<string, string> {
  const contentType =
    request.body !== undefined
      ? 'application/json'
      : request.form
        ? 'application/x-www-form-urlencoded'
        : undefined;
  return {
    'user-agent': userAgent,
    accept: 'application/json',
    ...(authorization ? { authorization } : {}),
    ...(contentType ? { 'content-type': contentType } : {}),
    ...lowerCaseKeys(request.headers),
  };
}

/** The request's own headers, with lower-case names as the transport's are. */
export function lowerCaseKeys(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}
