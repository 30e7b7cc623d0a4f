/**
 * What a download accepts as the file: a 200, or a 206 to a request that asked for a range. Any
 * other answer below 400 is not the file: a 3xx sends elsewhere (a sign-in page, a proxy; wfd
 * follows no redirect, as the token must not go to another host), a 204 has no body, and a 206
 * nobody asked for is part of one.
 */
import { STATUS_CODES } from 'node:http';
import { WfdError } from '../errors.js';
import { quote } from '../text/quote.js';
import { firstHeader } from './headers.js';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const REDIRECT_HINT =
  'wfd follows no redirect: check the base URL (--base-url, WFD_BASE_URL), which may lead to a proxy or a sign-in page';

/** Throws, with the status and any `Location`, unless `status` is the file's. */
export function checkDownloadStatus(status: number, headers: Headers, askedForRange: boolean): void {
  if (status === 200 || (status === 206 && askedForRange)) return;
  throw new WfdError(
    `the API answered ${statusWords(status)} instead of the file${redirection(headers)}`,
    status >= 300 && status < 400 ? { hint: REDIRECT_HINT } : {},
  );
}

/** The error of a 3xx to a request for an answer (`request`: `GET https://host/v1/cases`). */
export function redirectedError(status: number, headers: Headers, request: string): WfdError {
  return new WfdError(
    `the server redirected ${request}: it answered ${statusWords(status)}${redirection(headers)}, not the API's answer`,
    { hint: REDIRECT_HINT },
  );
}

function statusWords(status: number): string {
  return STATUS_CODES[status] ? `${status} ${STATUS_CODES[status]}` : String(status);
}

function redirection(headers: Headers): string {
  const location = firstHeader(headers, 'location');
  return location === undefined ? '' : `, redirecting to ${quote(location)}`;
}
