import { UsageError } from './errors.js';

/**
 * Splits a base URL into origin and path prefix. The base URL is the host root; a pasted
 * trailing `/v1` (or `/`) is dropped so users need not know the difference. A value that is
 * not an absolute http(s) URL is a usage error (exit 2), found before any request.
 */
export function parseBaseUrl(raw: string): { origin: string; prefix: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(
      `invalid base URL "${raw}": expected an absolute URL such as https://api.example.com`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`invalid base URL "${raw}": only http and https are supported`);
  }
  const prefix = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return { origin: url.origin, prefix };
}
