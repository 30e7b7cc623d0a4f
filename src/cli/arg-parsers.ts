/** commander argParsers: a bad value is a usage error (exit 2) before anything runs. Loaded at start-up. */
import { InvalidArgumentError } from 'commander';
import { formatDuration, parseDuration } from '../core/text/duration.js';

/** Integers in [min, max]. */
export function intArg(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || n < min || n > max) {
      const range =
        max === Number.MAX_SAFE_INTEGER
          ? `an integer of at least ${min}`
          : `an integer from ${min} to ${max}`;
      throw new InvalidArgumentError(n > max ? `too large; expected ${range}` : `expected ${range}`);
    }
    return n;
  };
}

/**
 * The longest duration a flag takes: 24 days, under what a timer holds (2^31 ms, about 24.8 days;
 * Node makes a longer one 1 ms, so `--request-timeout 1000h` would time out every request).
 */
export const MAX_DURATION_MS = 24 * 24 * 3_600_000;

/** A duration (`90s`, `10m`, `1h`, or seconds) in milliseconds, within bounds (at most 24 days). */
export function durationArg(bounds: { minMs?: number; maxMs?: number } = {}) {
  const { minMs = 1, maxMs = MAX_DURATION_MS } = bounds;
  const range =
    maxMs === MAX_DURATION_MS
      ? `, at most ${formatDuration(maxMs)} (24 days)`
      : `, from ${formatDuration(minMs)} to ${formatDuration(maxMs)}`;
  return (value: string): number => {
    const ms = parseDuration(value);
    if (ms === undefined || ms < minMs || ms > maxMs)
      throw new InvalidArgumentError(`expected a duration such as 90s, 10m or 1h (or seconds)${range}`);
    return ms;
  };
}

/** Collects a repeatable option into an array. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
