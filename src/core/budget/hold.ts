/**
 * Why the next request waits, in words: the limiter announces each client-side hold once, and a
 * hold longer than wfd waits (WFD_MAX_WAIT) fails at once with the same words and when to try
 * again, so no wait looks like a hang.
 */
import { ExitCode } from '../../exit-codes.js';
import { WfdError } from '../errors.js';
import { plural } from '../text/counts.js';
import { formatDuration } from '../text/duration.js';
import type { RateRule } from './rules.js';

/** What holds the next request: a full window of one of the rules, or a 429 seen by another run. */
export type HoldCause = { readonly rule: RateRule; readonly index: number } | 'pause';

/** A client-side hold: until when (epoch ms), and why. */
export interface Hold {
  readonly until: number;
  readonly cause: HoldCause;
  /** the budget is the one every wfd run on this machine shares (src/core/budget/shared-budget.ts) */
  readonly shared: boolean;
}

const BUDGET_NAMES = new Map([
  [1_000, 'per-second budget'],
  [60_000, 'per-minute budget'],
  [3_600_000, 'hourly budget'],
]);

/**
 * `the hourly budget of 1,000 requests for this client, shared by every wfd run on this machine,
 * is spent`: the first rule is counted per token, the others per client, as the API counts them.
 */
export function holdCause(hold: Hold): string {
  if (hold.cause === 'pause')
    return 'another wfd run on this machine was answered 429 (too many requests), which pauses every run on this client';
  const { rule, index } = hold.cause;
  const named = BUDGET_NAMES.get(rule.windowMs);
  const budget = named
    ? `the ${named} of ${plural(rule.limit, 'request')}`
    : `the budget of ${plural(rule.limit, 'request')} per ${formatDuration(rule.windowMs)}`;
  const scope = index === 0 ? 'this token' : 'this client';
  return `${budget} for ${scope}${hold.shared ? ', shared by every wfd run on this machine,' : ''} is spent`;
}

/** `06:57:12 UTC`, with the date when it is not today's (UTC). */
export function utcTime(at: number, now: number): string {
  const iso = new Date(at).toISOString();
  const sameDay = iso.slice(0, 10) === new Date(now).toISOString().slice(0, 10);
  return `${sameDay ? '' : `${iso.slice(0, 10)} `}${iso.slice(11, 19)} UTC`;
}

/** The line that announces a hold: its cause, and when the next request can go. */
export function describeHold(hold: Hold, now: number): string {
  return `${holdCause(hold)}; the next request can go at ${utcTime(hold.until, now)} (in ${formatDuration(hold.until - now)})`;
}

/** A hold longer than wfd waits (WFD_MAX_WAIT): exit 7 at once, saying when to try again. */
export class HoldTooLongError extends WfdError {
  override readonly exitCode = ExitCode.RateLimited;
  /** when the next request can go: `06:57:12 UTC` */
  readonly when: string;
  /** the setting that would wait for it: `WFD_MAX_WAIT=48m` */
  readonly setting: string;

  constructor(hold: Hold, now: number, maxWaitMs: number) {
    const when = utcTime(hold.until, now);
    const setting = `WFD_MAX_WAIT=${formatDuration(Math.ceil((hold.until - now) / 60_000) * 60_000)}`;
    super(
      `${describeHold(hold, now)}, longer than the ${formatDuration(maxWaitMs)} wfd waits at most (WFD_MAX_WAIT)`,
      { hint: `run it again after ${when}, or set ${setting} to wait for it` },
    );
    this.when = when;
    this.setting = setting;
  }
}
