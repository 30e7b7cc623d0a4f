/**
 * The query of the test hooks that read a feed (`/_sandbox/requests`, `/_sandbox/deliveries`):
 *
 *   since=SEQ   only what was added or changed after the entry numbered SEQ (the `cursor` of the
 *               previous answer); without it, everything kept
 *   limit=N     at most N entries, oldest first (1 to 10,000; default 10,000)
 *   wait=MS     with nothing to answer yet, hold the answer until something comes or MS pass
 *               (0 to 60,000; default 0): long polling
 *
 * A malformed, repeated or unknown parameter is a 400 in the standard shape naming it.
 */
import { invalid, type ValidationIssue } from './errors.js';

export const MAX_FEED_LIMIT = 10_000;
const MAX_WAIT_MS = 60_000;

export interface FeedQuery {
  readonly since: number | undefined;
  readonly limit: number;
  readonly waitMs: number;
}

const BOUNDS = {
  since: [0, Number.MAX_SAFE_INTEGER],
  limit: [1, MAX_FEED_LIMIT],
  wait: [0, MAX_WAIT_MS],
} as const;

/**
 * The feed parameters of `query`; `others` are the hook's own parameters, left to it.
 * @throws SandboxError 400 naming each problem
 */
export function feedQuery(
  query: Readonly<Record<string, unknown>>,
  others: readonly string[] = [],
): FeedQuery {
  const issues: ValidationIssue[] = [];
  const values: Partial<Record<keyof typeof BOUNDS, number>> = {};
  for (const [name, value] of Object.entries(query)) {
    if (others.includes(name)) continue;
    if (!Object.hasOwn(BOUNDS, name)) {
      issues.push({ message: 'unknown query parameter', path: [name], type: 'unrecognized_keys' });
      continue;
    }
    const [min, max] = BOUNDS[name as keyof typeof BOUNDS];
    const number = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isSafeInteger(number) && number >= min && number <= max) {
      values[name as keyof typeof BOUNDS] = number;
    } else {
      issues.push({
        message: `must be an integer from ${min} to ${max}`,
        path: [name],
        type: 'invalid_value',
      });
    }
  }
  if (issues.length > 0) throw invalid('Invalid query parameters', issues);
  return { since: values.since, limit: values.limit ?? MAX_FEED_LIMIT, waitMs: values.wait ?? 0 };
}
