/**
 * The hint of a 429 that stands: what the server said (its Retry-After, and its limit headers
 * when it sends any), never the spec's figures, which a server may not use; and the setting of
 * this run that let the 429 stand (`--retries 0`, or the retries spent), with what to change.
 */
import { firstHeader } from './headers.js';

/** Limit headers of common gateways and of the IETF draft, quoted as the server sent them. */
const LIMIT_HEADERS = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'ratelimit-policy',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'ratelimit',
];

/** How often the request was retried, and whether the user chose that (`--retries`). */
export interface RetrySetting {
  retries: number;
  given: boolean;
}

export function rateLimitedHint(
  headers: Record<string, string | string[] | undefined>,
  retryAfter: number | undefined,
  setting?: RetrySetting,
): string {
  const said: string[] = [];
  const header = firstHeader(headers, 'retry-after');
  if (header !== undefined) said.push(`Retry-After: ${header}`);
  else if (retryAfter !== undefined) said.push(`retryAfter ${retryAfter}s`);
  for (const name of LIMIT_HEADERS) {
    const value = firstHeader(headers, name);
    if (value !== undefined) said.push(`${name}: ${value}`);
  }
  const server = said.length > 0 ? `the server said ${said.join(', ')}` : 'the server gave no wait';
  const wait = retryAfter !== undefined ? `wait ${retryAfter}s` : 'wait';
  if (setting?.retries === 0) {
    const flag = setting.given ? '--retries 0' : 'no retries';
    return `${server}; sent with ${flag}, so it was not retried: ${wait}, or leave --retries out to wait and retry (5 times)`;
  }
  if (setting) {
    const flag = setting.given ? ` (--retries ${setting.retries})` : '';
    return `${server}; still refused after ${setting.retries} retries${flag}: ${wait}, or lower this machine's pace to the server's limit with --request-rate N/DURATION`;
  }
  return `${server}: ${wait} before sending again`;
}
