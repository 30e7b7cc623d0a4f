/**
 * 100,000 cases: deep pages of a filtered, sorted result must be exactly what a
 * plain filter and sort over the same seeded data give. Correctness only; speed
 * is measured by the bench, never asserted here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seedStore } from '../../src/sandbox/seed.js';
import type { CaseRecord } from '../../src/sandbox/store.js';
import { ids, qs, useTestSandbox } from './helpers.js';

const CASES = 100_000;

let acme: readonly CaseRecord[];
const t = useTestSandbox({ cases: CASES });
beforeAll(async () => {
  const store = seedStore({ seed: 1, cases: CASES });
  acme = store.casesIn(store.workspaces()[0]!);
});

function expectedIds(
  matches: (c: CaseRecord) => boolean,
  compare: (a: CaseRecord, b: CaseRecord) => number,
): string[] {
  return acme
    .filter(matches)
    .sort((a, b) => compare(a, b) || (a.id < b.id ? -1 : 1))
    .map((c) => c.id);
}

describe('a sandbox with 100,000 cases', () => {
  it('serves page 1000 of size 100 of a filtered list, and the pages before it, exactly', async () => {
    const expected = expectedIds(
      (c) => c.archivedAt === null,
      (a, b) => b.createdAt - a.createdAt,
    );
    const page = (n: number) =>
      t.get(`/v1/cases${qs({ archived: 'false', 'page[size]': 100, 'page[number]': n })}`);

    const deep = await page(1000);
    expect(deep.status).toBe(200);
    const totalPages = Math.ceil(expected.length / 100);
    expect(deep.body.meta).toEqual({
      total_count: expected.length,
      total_pages: totalPages,
      page_size: 100,
      current_page: 1000,
    });
    // Fewer than 100,000 cases match, so page 1000 lies past the end: check the real deep pages too.
    expect(deep.body.data).toEqual([]);
    for (const n of [1, 500, totalPages - 1, totalPages]) {
      expect(ids((await page(n)).body.data)).toEqual(expected.slice((n - 1) * 100, n * 100));
    }
  });

  it('pages a JSON-filtered list sorted by title', async () => {
    const from = Date.parse('2026-01-01T00:00:00Z');
    const filter = {
      attributes: { created_at: { $ge: '2026-01-01' } },
      relationships: { contact: { attributes: { family_name: { $ne: 'Müller' } } } },
    };
    const expected = expectedIds(
      (c) => c.createdAt >= from && c.contact!.family_name !== 'Müller',
      (a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0),
    );
    const totalPages = Math.ceil(expected.length / 100);
    for (const n of [1, 200, totalPages]) {
      const res = await t.get(
        `/v1/cases${qs({ filter, sort: 'title', 'page[size]': 100, 'page[number]': n })}`,
      );
      expect(res.body.meta.total_count).toBe(expected.length);
      expect(ids(res.body.data)).toEqual(expected.slice((n - 1) * 100, n * 100));
    }
  });

  it('counts with contact search over all cases', async () => {
    const res = await t.get(`/v1/cases/count${qs({ 'contact[search]': 'lukasz dvorak' })}`);
    const expected = acme.filter(
      (c) => c.contact!.given_name === 'Łukasz' && c.contact!.family_name === 'Dvořák',
    );
    expect(res.body).toEqual({ count: expected.length });
    expect(expected.length).toBeGreaterThan(0);
  });
});
