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

/** A duration (`90s`, `10m`, `1h`, or seconds) in milliseconds, optionally within bounds. */
export function durationArg(bounds: { minMs?: number; maxMs?: number } = {}) {
  const { minMs = 1, maxMs = Number.MAX_SAFE_INTEGER } = bounds;
  const range =
    maxMs === Number.MAX_SAFE_INTEGER ? '' : `, from ${formatDuration(minMs)} to ${formatDuration(maxMs)}`;
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
