import { UsageError } from '../errors.js';
import { quote } from '../text/quote.js';

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
      `invalid base URL ${quote(raw)}: expected an absolute URL such as https://api.example.com`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`invalid base URL ${quote(raw)}: only http and https are supported`);
  }
  // A password in the URL would be saved in profiles and shown by `auth status`; the API uses tokens.
  if (url.username || url.password) {
    url.username = '';
    url.password = '';
    throw new UsageError(`invalid base URL ${quote(url.href)}: it must not hold a user name or password`, {
      hint: 'the API authenticates with a token: give it at `wfd auth login`, or in WFD_TOKEN',
    });
  }
  const prefix = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return { origin: url.origin, prefix };
}
