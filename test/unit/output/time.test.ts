import { describe, expect, it } from 'vitest';
import { absoluteTime, parseTime, relativeTime } from '../../../src/output/time.js';

const now = new Date('2026-01-06T10:00:00Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ago(ms: number): string {
  return relativeTime(new Date(now.getTime() - ms), now);
}

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [59 * SECOND, 'just now'],
    [MINUTE, '1min ago'],
    [59 * MINUTE + 59 * SECOND, '59min ago'],
    [HOUR, '1h ago'],
    [23 * HOUR + 59 * MINUTE, '23h ago'],
    [DAY, '1d ago'],
    [29 * DAY + 23 * HOUR, '29d ago'],
    [30 * DAY, '1mo ago'],
    [95 * DAY, '3mo ago'],
    [364 * DAY, '11mo ago'],
    [365 * DAY, '1y ago'],
    [2 * 365 * DAY, '2y ago'],
  ])('%d ms ago -> %s', (ms, expected) => {
    expect(ago(ms)).toBe(expected);
  });

  it('never writes minutes so that they read as months', () => {
    const units = [MINUTE, HOUR, DAY, 30 * DAY, 365 * DAY].map((ms) => ago(ms).replace(/^\d+| ago$/g, ''));
    expect(units).toEqual(['min', 'h', 'd', 'mo', 'y']);
    expect(new Set(units).size).toBe(units.length);
  });

  it.each([
    [30 * SECOND, 'just now'],
    [5 * MINUTE, 'in 5min'],
    [3 * HOUR, 'in 3h'],
    [2 * DAY, 'in 2d'],
    [400 * DAY, 'in 1y'],
  ])('%d ms ahead -> %s', (ms, expected) => {
    expect(ago(-ms)).toBe(expected);
  });
});

describe('absoluteTime', () => {
  it('prints UTC to the minute', () => {
    expect(absoluteTime(new Date('2026-01-03T10:00:59.999+02:00'))).toBe('2026-01-03 08:00 UTC');
  });
});

describe('parseTime', () => {
  it('accepts ISO dates and date-times only', () => {
    expect(parseTime('2026-01-03T10:00:00Z')?.toISOString()).toBe('2026-01-03T10:00:00.000Z');
    expect(parseTime('2026-01-03')?.toISOString()).toBe('2026-01-03T00:00:00.000Z');
    expect(parseTime('1')).toBeUndefined();
    expect(parseTime('2026-13-45')).toBeUndefined();
    expect(parseTime(1767693600000)).toBeUndefined();
  });
});
