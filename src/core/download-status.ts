/**
 * What a download accepts as the file: a 200, or a 206 to a request that asked for a range. Any
 * other answer below 400 is not the file: a 3xx sends elsewhere (a sign-in page, a proxy; wfd
 * follows no redirect, as the token must not go to another host), a 204 has no body, and a 206
 * nobody asked for is part of one.
 */
import { STATUS_CODES } from 'node:http';
import { WfdError } from './errors.js';
import { firstHeader } from './headers.js';
import { quote } from './quote.js';

/** Throws, with the status and any `Location`, unless `status` is the file's. */
export function checkDownloadStatus(
  status: number,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  askedForRange: boolean,
): void {
  if (status === 200 || (status === 206 && askedForRange)) return;
  const location = firstHeader(headers, 'location');
  const redirect = location === undefined ? '' : `, redirecting to ${quote(location)}`;
  const name = STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : '';
  throw new WfdError(
    `the API answered ${status}${name} instead of the file${redirect}`,
    status >= 300 && status < 400
      ? {
          hint: 'wfd follows no redirect: check the base URL (--base-url, WFD_BASE_URL), which may lead to a proxy or a sign-in page',
        }
      : {},
  );
}
