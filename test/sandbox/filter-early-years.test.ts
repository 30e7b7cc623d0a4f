/** Method 2 dates in the years 0000 to 0099: valid ISO 8601, compared as those years (not 19xx). */
import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../../src/sandbox/filter.js';
import { qs, useTestSandbox } from './helpers.js';

const t = useTestSandbox();

describe('parseIsoDate in the years 0000 to 0099', () => {
  it.each(['0000-01-01', '0001-02-03T04:05:06Z', '0099-12-31T00:00:00Z', '0050-06-15T12:00:00.250+02:00'])(
    'reads %s as that year, as Date.parse does',
    (text) => {
      expect(parseIsoDate(text)).toBe(Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text));
    },
  );

  it('still refuses impossible days of those years (0001 is no leap year, 0004 is)', () => {
    expect(parseIsoDate('0001-02-29')).toBeNull();
    expect(parseIsoDate('0004-02-29')).toBe(Date.parse('0004-02-29T00:00:00Z'));
  });
});

describe.each(['/v1/cases', '/v1/case_templates', '/v1/forms'])('%s with a date of year 0099', (path) => {
  it('answers $gt with every record (all were made after the year 99) and $lt with none', async () => {
    const all = await t.get(path);
    const after = await t.get(
      `${path}${qs({ filter: { attributes: { created_at: { $gt: '0099-12-31T00:00:00Z' } } } })}`,
    );
    const before = await t.get(
      `${path}${qs({ filter: { attributes: { created_at: { $lt: '0099-12-31' } } } })}`,
    );
    expect([after.status, before.status]).toEqual([200, 200]);
    expect(after.body.meta.total_count).toBe(all.body.meta.total_count);
    expect(all.body.meta.total_count).toBeGreaterThan(0);
    expect(before.body.meta.total_count).toBe(0);
  });
});
