/**
 * The client-side rate limits: the API's (100 requests per minute per token, 1,000 per hour per
 * client), `off`, or rules a user sets (`--request-rate`, WFD_RATE_LIMIT, a profile's), and their
 * words in messages.
 */

import { count } from '../text/counts.js';
import { formatDuration, UNIT_MS } from '../text/duration.js';

export interface RateRule {
  readonly limit: number;
  readonly windowMs: number;
}

/** The rules in force; none means no limit (`off`). */
export interface RateLimits {
  readonly rules: readonly RateRule[];
  /** who set them (`--request-rate`, `WFD_RATE_LIMIT`, the profile's); none for the API's own */
  readonly source?: string;
}

/** The spec's limit per access token ("Limits"); messages that name the limit read it here. */
export const SPEC_PER_TOKEN: RateRule = { limit: 100, windowMs: 60_000 };
/** The spec's limit per client ("Limits"). */
const SPEC_PER_CLIENT: RateRule = { limit: 1_000, windowMs: 3_600_000 };

/** The API's limits: per token, then per client. */
export const SPEC_LIMITS: RateLimits = { rules: [SPEC_PER_TOKEN, SPEC_PER_CLIENT] };

const WINDOW_NAMES = new Map([
  [1_000, 'second'],
  [60_000, 'minute'],
  [3_600_000, 'hour'],
]);

/** Rules in words, for messages: `100 requests per minute and 1,000 per hour`, `20 requests per 10s`. */
export function describeRules(rules: readonly RateRule[]): string {
  if (rules.length === 0) return 'no limit';
  return rules
    .map(({ limit, windowMs }, index) => {
      const what = index === 0 ? ' requests' : '';
      return `${count(limit)}${what} per ${WINDOW_NAMES.get(windowMs) ?? formatDuration(windowMs)}`;
    })
    .join(' and ');
}

const RULE_RE = /^(\d+)\/(\d+)?(ms|s|m|h)$/;

/**
 * `spec`, `off`, `N/DURATION` or `N/DURATION,M/DURATION` (DURATION like `1m`, `10s`, `2h`; the
 * number may be left out: `100/m`). A rule given is the limit wfd keeps, and no other: `4/1s` is
 * 4 requests a second, 240 a minute. (A sandbox's `--rate-limit N/D` also scales the API's hourly
 * limit, to 10N per 60 x D: `N/D,10N/60D` mirrors it.) Throws an Error with a one-line message
 * otherwise.
 */
export function parseRateLimits(text: string): RateLimits {
  const spec = text.trim();
  if (spec === 'spec') return SPEC_LIMITS;
  if (spec === 'off') return { rules: [] };
  const rules = spec.split(',').map((part) => {
    const m = RULE_RE.exec(part.trim());
    const limit = m ? Number(m[1]) : 0;
    const windowMs = m ? Number(m[2] ?? 1) * UNIT_MS[m[3]!]! : 0;
    if (limit < 1 || windowMs < 1 || !Number.isSafeInteger(limit) || !Number.isSafeInteger(windowMs))
      throw new Error('expected spec, off, or N/DURATION[,M/DURATION] such as 100/1m or 20/2s,200/2m');
    return { limit, windowMs };
  });
  if (rules.length > 2) throw new Error('at most two limits: per token, then per client');
  return { rules };
}
