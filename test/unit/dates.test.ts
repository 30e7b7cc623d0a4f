import { afterEach, describe, expect, it } from 'vitest';
import { isDateText, resolveDate } from '../../src/core/list-query/dates.js';

const zone = process.env.TZ;
afterEach(() => {
  process.env.TZ = zone;
});

describe('resolveDate', () => {
  it('reads a date without a zone as the local day, and today/yesterday as local midnights', () => {
    process.env.TZ = 'Europe/Paris';
    const now = new Date('2026-11-25T15:30:00Z');
    expect(resolveDate('2026-01-31', now)).toBe('2026-01-30T23:00:00.000Z');
    expect(resolveDate('2026-07-01T09:30', now)).toBe('2026-07-01T07:30:00.000Z');
    expect(resolveDate('today', now)).toBe('2026-11-24T23:00:00.000Z');
    expect(resolveDate('yesterday', now)).toBe('2026-11-23T23:00:00.000Z');
  });

  it('yesterday is the previous calendar day across a clock change (a 25-hour day)', () => {
    process.env.TZ = 'Europe/Paris';
    // 2026-10-25 is the day Paris leaves summer time.
    expect(resolveDate('yesterday', new Date('2026-10-26T10:00:00Z'))).toBe('2026-10-24T22:00:00.000Z');
  });

  it('an age is that long before now; a date with a zone is kept as written', () => {
    const now = new Date('2026-11-25T15:30:00Z');
    expect(resolveDate('90m', now)).toBe('2026-11-25T14:00:00.000Z');
    expect(resolveDate('-2w', now)).toBe('2026-11-11T15:30:00.000Z');
    expect(resolveDate('2026-01-31T09:30:00+02:00', now)).toBe('2026-01-31T09:30:00+02:00');
  });

  it('keeps years 0-99 as written', () => {
    process.env.TZ = 'UTC';
    expect(resolveDate('0099-12-31', new Date())).toBe('0099-12-31T00:00:00.000Z');
  });

  it.each(['tomorrow', '7 days', '2026-02-30', '1y', ''])('%j is not a date', (text) => {
    expect(isDateText(text)).toBe(false);
    expect(resolveDate(text, new Date())).toBeUndefined();
  });
});
