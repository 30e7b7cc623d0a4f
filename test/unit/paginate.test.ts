import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../src/core/http/request.js';
import { lastPageToFetch, type Page, pageRequest, paginate, planPages } from '../../src/core/paginate.js';

describe('planPages', () => {
  it('--limit reads pages of up to 100 and needs ceil(limit/100) of them', () => {
    expect(planPages({ limit: 250 })).toEqual({ pageSize: 100, firstPage: 1, maxRows: 250, single: false });
    expect(lastPageToFetch(planPages({ limit: 250 }), 50)).toBe(3);
    expect(lastPageToFetch(planPages({ limit: 200 }), 50)).toBe(2);
    expect(lastPageToFetch(planPages({ limit: 250 }), 2)).toBe(2);
  });

  it('the default is 30 rows from one page of 30; a limit under 100 asks for a page of its size', () => {
    expect(planPages({})).toEqual({ pageSize: 30, firstPage: 1, maxRows: 30, single: false });
    expect(planPages({ limit: 7 })).toEqual({ pageSize: 7, firstPage: 1, maxRows: 7, single: false });
    expect(lastPageToFetch(planPages({ limit: 7 }), 99)).toBe(1);
  });

  it('--all reads every page of 100', () => {
    const plan = planPages({ all: true });
    expect(plan).toEqual({ pageSize: 100, firstPage: 1, maxRows: undefined, single: false });
    expect(lastPageToFetch(plan, 1000)).toBe(1000);
  });

  it('--page/--page-size is a single raw request; page size defaults to the API default 10', () => {
    expect(planPages({ page: 4 })).toEqual({ pageSize: 10, firstPage: 4, maxRows: 10, single: true });
    expect(lastPageToFetch(planPages({ page: 4, pageSize: 25 }), 99)).toBe(4);
  });

  it('rejects conflicts and out-of-range values', () => {
    expect(() => planPages({ all: true, limit: 3 })).toThrow('--all and --limit cannot be used together');
    expect(() => planPages({ page: 2, all: true })).toThrow('--page/--page-size cannot be combined');
    expect(() => planPages({ page: 1, pageSize: 101 })).toThrow(
      'invalid --page-size "101": expected an integer from 1 to 100',
    );
    expect(() => planPages({ limit: 0 })).toThrow('invalid --limit "0"');
  });
});

function fakeCollection(total: number, options: { delays?: Record<number, number>; dupes?: boolean } = {}) {
  const requested: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetchPage = async (page: number, size: number): Promise<Page<{ id: string }>> => {
    requested.push(page);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, options.delays?.[page] ?? 1));
    inFlight--;
    // With `dupes`, every page after the first repeats the previous page's last row (an insert shifted offsets).
    const start = (page - 1) * size - (options.dupes && page > 1 ? 1 : 0);
    const data = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => ({
      id: `r${start + i}`,
    }));
    return {
      meta: { total_count: total, total_pages: Math.ceil(total / size), page_size: size, current_page: page },
      data,
    };
  };
  return { fetchPage, requested, maxInFlight: () => maxInFlight };
}

/** The pager's plain request, and a `send` that asks `fetchPage` for the page the request names. */
function over<T>(fetchPage: (page: number, size: number) => Promise<Page<T>>) {
  const request: ApiRequest<Page<T>> = { method: 'GET', path: '/things', query: [['sort', 'id']] };
  const send = (sent: ApiRequest<Page<T>>) => {
    const param = (name: string) => Number(sent.query?.find(([key]) => key === name)?.[1]);
    return fetchPage(param('page[number]'), param('page[size]'));
  };
  return { request, send };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('paginate', () => {
  it('emits rows in page order even when later pages answer first', async () => {
    const source = fakeCollection(450, { delays: { 2: 30, 3: 1, 4: 15, 5: 1 } });
    const rows = await collect(
      paginate({ plan: planPages({ all: true }), ...over(source.fetchPage), concurrency: 4 }),
    );
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 450 }, (_, i) => `r${i}`));
    expect(source.requested.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps at most `concurrency` pages in flight', async () => {
    const source = fakeCollection(2000);
    await collect(paginate({ plan: planPages({ all: true }), ...over(source.fetchPage), concurrency: 3 }));
    expect(source.maxInFlight()).toBe(3);
    expect(source.requested).toHaveLength(20);
  });

  it('--limit 250 requests exactly 3 pages and stops at 250 rows', async () => {
    const source = fakeCollection(1000);
    const rows = await collect(
      paginate({ plan: planPages({ limit: 250 }), ...over(source.fetchPage), concurrency: 4 }),
    );
    expect(rows).toHaveLength(250);
    expect(source.requested.sort()).toEqual([1, 2, 3]);
  });

  it('drops a row whose id was already emitted', async () => {
    const source = fakeCollection(300, { dupes: true });
    const rows = await collect(
      paginate({ plan: planPages({ all: true }), ...over(source.fetchPage), concurrency: 2 }),
    );
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(98, 102)).toEqual(['r98', 'r99', 'r100', 'r101']);
  });

  it('reports page 1 meta before the first row, and an empty collection yields nothing', async () => {
    const source = fakeCollection(0);
    let total: number | undefined;
    const rows = await collect(
      paginate({
        plan: planPages({}),
        ...over(source.fetchPage),
        concurrency: 4,
        onMeta: (meta) => {
          total = meta.total_count;
        },
      }),
    );
    expect(rows).toEqual([]);
    expect(total).toBe(0);
    expect(source.requested).toEqual([1]);
  });

  it('follows pages that inserts during the run added beyond the first count', async () => {
    // 200 rows (2 pages) when page 1 is read; 30 more appear before page 2 is read.
    let total = 200;
    const requested: number[] = [];
    const fetchPage = async (page: number, size: number): Promise<Page<{ id: string }>> => {
      requested.push(page);
      if (page === 2) total = 230;
      // Newest first: inserted rows take the first offsets and push the others back.
      const inserted = total - 200;
      const all = [
        ...Array.from({ length: inserted }, (_, i) => ({ id: `new${i}` })),
        ...Array.from({ length: 200 }, (_, i) => ({ id: `old${i}` })),
      ];
      const pages = Math.ceil(total / size);
      return {
        meta: { total_count: total, total_pages: pages, page_size: size, current_page: page },
        data: all.slice((page - 1) * size, page * size),
      };
    };
    const rows = await collect(
      paginate({ plan: planPages({ all: true }), ...over(fetchPage), concurrency: 1 }),
    );
    const ids = rows.map((r) => r.id);
    expect(requested).toEqual([1, 2, 3]);
    // Every row that existed from the start is emitted exactly once.
    for (let i = 0; i < 200; i++) expect(ids.filter((id) => id === `old${i}`)).toHaveLength(1);
  });

  it('surfaces the error of a failing page', async () => {
    const fetchPage = async (page: number, size: number): Promise<Page<{ id: string }>> => {
      if (page === 3) throw new Error('page 3 failed');
      return {
        meta: { total_count: 500, total_pages: 5, page_size: size, current_page: page },
        data: Array.from({ length: size }, (_, i) => ({ id: `p${page}-${i}` })),
      };
    };
    await expect(
      collect(paginate({ plan: planPages({ all: true }), ...over(fetchPage), concurrency: 4 })),
    ).rejects.toThrow('page 3 failed');
  });
});

describe('paginate over a plain request', () => {
  it('sends the request with page[number] and page[size] after its own query, which stays as given', async () => {
    const source = fakeCollection(250);
    const { request } = over(source.fetchPage);
    const sent: ApiRequest<Page<{ id: string }>>[] = [];
    const send = (page: ApiRequest<Page<{ id: string }>>) => {
      sent.push(page);
      return over(source.fetchPage).send(page);
    };
    const rows = await collect(paginate({ plan: planPages({ limit: 150 }), request, send, concurrency: 2 }));
    expect(rows).toHaveLength(150);
    expect(sent).toEqual([1, 2].map((n) => pageRequest(request, n, 100)));
    expect(sent[1]).toEqual({
      method: 'GET',
      path: '/things',
      query: [
        ['sort', 'id'],
        ['page[number]', '2'],
        ['page[size]', '100'],
      ],
    });
    expect(request.query).toEqual([['sort', 'id']]);
  });

  it('a raw --page request asks that page at its size, once', () => {
    const request: ApiRequest = { method: 'GET', path: '/forms', headers: { accept: 'application/json' } };
    expect(pageRequest(request, 4, 25)).toEqual({
      method: 'GET',
      path: '/forms',
      headers: { accept: 'application/json' },
      query: [
        ['page[number]', '4'],
        ['page[size]', '25'],
      ],
    });
  });
});

describe('paginate against a server in a cycle', () => {
  /** Stops a test that would otherwise never end, with the count it reached. */
  const RUNAWAY = 5000;

  it('stops with an error when a page adds no new id (the same page over and over)', async () => {
    let requests = 0;
    const fetchPage = async (page: number, size: number): Promise<Page<{ id: string }>> => {
      if (++requests > RUNAWAY) throw new Error(`runaway: ${requests} requests`);
      // Always the same rows, and always one page more to come.
      return {
        meta: { total_count: (page + 1) * size, total_pages: page + 1, page_size: size, current_page: page },
        data: Array.from({ length: size }, (_, i) => ({ id: `r${i}` })),
      };
    };
    await expect(
      collect(paginate({ plan: planPages({ all: true }), ...over(fetchPage), concurrency: 4 })),
    ).rejects.toThrow(
      /^page 2 adds no new row: the API repeats pages \(a page cycle\); stopped after 2 pages$/,
    );
    expect(requests).toBeLessThanOrEqual(6);
  });

  it('stops with an error when the pages keep growing far beyond what page 1 announced', async () => {
    let requests = 0;
    const fetchPage = async (page: number, size: number): Promise<Page<{ id: string }>> => {
      if (++requests > RUNAWAY) throw new Error(`runaway: ${requests} requests`);
      // New rows on every page, and one page more each time.
      return {
        meta: { total_count: (page + 2) * size, total_pages: page + 2, page_size: size, current_page: page },
        data: Array.from({ length: size }, (_, i) => ({ id: `p${page}-${i}` })),
      };
    };
    await expect(
      collect(paginate({ plan: planPages({ all: true }), ...over(fetchPage), concurrency: 1 })),
    ).rejects.toThrow(
      /^the API announced \d+ pages after page 1 announced 3: more than inserts during the run explain; stopped after \d+ pages$/,
    );
    // Page 1's 3 pages and a margin of 10.
    expect(requests).toBeLessThanOrEqual(14);
  });

  it('a rows-only page of rows without ids is not a cycle', async () => {
    const fetchPage = async (page: number, size: number): Promise<Page<{ id?: string; name: string }>> => ({
      meta: { total_count: 3 * size, total_pages: 3, page_size: size, current_page: page },
      data: Array.from({ length: size }, () => ({ name: 'same' })),
    });
    const rows = await collect(
      paginate({ plan: planPages({ all: true }), ...over(fetchPage), concurrency: 2 }),
    );
    expect(rows).toHaveLength(300);
  });
});
