import { describe, expect, it } from 'vitest';
import { QueryCache } from '../../src/sandbox/query-cache.js';
import { RequestLog } from '../../src/sandbox/request-log.js';

describe('QueryCache', () => {
  it('computes once per key and store version', () => {
    const cache = new QueryCache();
    let computed = 0;
    const compute = () => {
      computed++;
      return [computed];
    };
    const first = cache.get('q', 1, compute);
    expect(cache.get('q', 1, compute)).toBe(first);
    expect(cache.get('other', 1, compute)).toEqual([2]);
    expect(cache.get('q', 2, compute)).toEqual([3]);
    expect(computed).toBe(3);
  });

  it('drops the least recently used entry beyond its capacity', () => {
    const cache = new QueryCache(2);
    const make = (value: string) => () => [value];
    cache.get('a', 1, make('a1'));
    cache.get('b', 1, make('b1'));
    cache.get('a', 1, make('a2'));
    cache.get('c', 1, make('c1'));
    expect(cache.get('a', 1, make('a3'))).toEqual(['a1']);
    expect(cache.get('b', 1, make('b2'))).toEqual(['b2']);
  });
});

describe('RequestLog', () => {
  const entry = (i: number) => ({
    time: '2026-01-01T00:00:00.000Z',
    method: 'GET',
    url: `/v1/cases?n=${i}`,
    path: '/v1/cases',
    status: 200,
    duration_ms: 1,
    token_prefix: null,
    workspace: null,
    fault: null,
  });

  it('keeps the last entries up to its capacity and counts them all', () => {
    const log = new RequestLog(3);
    for (let i = 1; i <= 10; i++) log.add(entry(i));
    expect(log.snapshot()).toEqual({ count: 10, requests: [entry(8), entry(9), entry(10)] });
    log.reset();
    expect(log.snapshot()).toEqual({ count: 0, requests: [] });
  });

  it('numbers entries for good: a reset does not restart them, and trimmed ones are skipped', () => {
    const log = new RequestLog(3);
    for (let i = 1; i <= 10; i++) log.add(entry(i));
    expect(log.after(undefined, 10).map(({ seq }) => seq)).toEqual([8, 9, 10]);
    expect(log.after(2, 10).map(({ seq }) => seq)).toEqual([8, 9, 10]);
    expect(log.after(8, 1)).toEqual([{ seq: 9, entry: entry(9) }]);
    expect(log.after(10, 10)).toEqual([]);
    log.reset();
    log.add(entry(11));
    expect(log.after(10, 10)).toEqual([{ seq: 11, entry: entry(11) }]);
    expect(log.latest).toBe(11);
  });

  it('ends a wait when an entry comes after the number waited on', async () => {
    const log = new RequestLog(3);
    log.add(entry(1));
    const waiting = log.waitAfter(1, 60_000);
    log.add(entry(2));
    await waiting;
    expect(log.after(1, 10).map(({ seq }) => seq)).toEqual([2]);
  });
});
