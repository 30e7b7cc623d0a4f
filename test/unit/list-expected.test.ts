import { describe, expect, it } from 'vitest';
import { expectedRows } from '../../src/commands/shared/list.js';
import { planPages } from '../../src/core/paginate.js';

const meta = (total: number) => ({
  total_count: total,
  total_pages: Math.ceil(total / 100),
  page_size: 100,
  current_page: 1,
});

describe('expectedRows: the count a long table puts in its title before the rows arrive', () => {
  it('is the limit, or the total when fewer', () => {
    expect(expectedRows(planPages({}), meta(143))).toBe(30);
    expect(expectedRows(planPages({ limit: 1000 }), meta(143))).toBe(143);
  });

  it('is the total with --all', () => {
    expect(expectedRows(planPages({ all: true }), meta(100_000))).toBe(100_000);
  });

  it('is the rows of the raw page, none past the end', () => {
    expect(expectedRows(planPages({ page: 2, pageSize: 50 }), meta(143))).toBe(50);
    expect(expectedRows(planPages({ page: 3, pageSize: 50 }), meta(143))).toBe(43);
    expect(expectedRows(planPages({ page: 9, pageSize: 50 }), meta(143))).toBe(0);
  });
});

describe('tableColumnsFor: the time column follows the sort', () => {
  it('shows CREATED when sorted by -created_at, UPDATED otherwise; other columns unchanged', async () => {
    const { tableColumnsFor } = await import('../../src/commands/shared/list.js');
    const { CASES } = await import('../../src/resources/cases.js');
    const time = (sort?: string) => tableColumnsFor(CASES, sort)!.find((c) => c.kind === 'time');
    expect(time('-created_at')).toMatchObject({ field: 'created_at', header: 'CREATED' });
    expect(time('archived_at')).toMatchObject({ field: 'archived_at', header: 'ARCHIVED' });
    expect(time('title')).toMatchObject({ field: 'updated_at', header: 'UPDATED' });
    expect(time()).toMatchObject({ field: 'updated_at', header: 'UPDATED' });
    expect(tableColumnsFor(CASES, '-created_at')!.map((c) => c.field)).toEqual([
      'reference',
      'title',
      'contact',
      'parent_status',
      'status',
      'waiting_for',
      'owner.email',
      'created_at',
      'id',
    ]);
  });
});
