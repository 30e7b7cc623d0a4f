import { describe, expect, it } from 'vitest';
import { parseGroupedCount } from '../../src/api/count-groups.js';

const TWO = ['status', 'flow.slug'];

describe('parseGroupedCount: every plausible answer of a grouped form count', () => {
  it('the sandbox: {count, groups: [{<dotted field>: value, count}]}', () => {
    const body = {
      count: 5,
      groups: [
        { status: 'sent', 'flow.slug': 'nda', count: 3 },
        { status: 'sent', 'flow.slug': null, count: 2 },
      ],
    };
    expect(parseGroupedCount(body, TWO)).toEqual({
      total: 5,
      groups: [
        { values: ['sent', 'nda'], count: 3 },
        { values: ['sent', null], count: 2 },
      ],
    });
  });

  it('a bare list; values nested as the record has them; the total summed', () => {
    const body = [
      { status: 'sent', flow: { slug: 'nda' }, count: 3 },
      { status: 'opened', flow: { slug: 'nda' }, total: 4 },
    ];
    expect(parseGroupedCount(body, TWO)).toEqual({
      total: 7,
      groups: [
        { values: ['sent', 'nda'], count: 3 },
        { values: ['opened', 'nda'], count: 4 },
      ],
    });
  });

  it('{data: [...]} with meta.total_count, values under `values` or as a positional `key`', () => {
    const body = {
      meta: { total_count: 9 },
      data: [
        { values: { status: 'sent', 'flow.slug': 'nda' }, count: 5 },
        { key: ['opened', 'kyc'], total_count: 4 },
      ],
    };
    expect(parseGroupedCount(body, TWO)).toEqual({
      total: 9,
      groups: [
        { values: ['sent', 'nda'], count: 5 },
        { values: ['opened', 'kyc'], count: 4 },
      ],
    });
  });

  it('{data: {count, groups}} and {key|value, count} for one field', () => {
    const body = {
      data: {
        count: 3,
        groups: [
          { key: 'sent', count: 1 },
          { value: 'opened', count: 2 },
        ],
      },
    };
    expect(parseGroupedCount(body, ['status'])).toEqual({
      total: 3,
      groups: [
        { values: ['sent'], count: 1 },
        { values: ['opened'], count: 2 },
      ],
    });
  });

  it('a map of groups, one level per field, with true/false/null keys as JSON values', () => {
    const body = { groups: { true: { sent: 2, opened: { count: 1 } }, false: { null: 4 } } };
    expect(parseGroupedCount(body, ['archived', 'status'])).toEqual({
      total: 7,
      groups: [
        { values: [true, 'sent'], count: 2 },
        { values: [true, 'opened'], count: 1 },
        { values: [false, null], count: 4 },
      ],
    });
  });

  it('a field the group does not carry is null', () => {
    expect(parseGroupedCount({ groups: [{ status: 'sent', count: 1 }] }, TWO)).toEqual({
      total: 1,
      groups: [{ values: ['sent', null], count: 1 }],
    });
  });

  it.each([
    [{ count: 12 }, 12],
    [{ data: { count: 12 } }, 12],
    [{ meta: { total_count: 12 } }, 12],
    [12, 12],
  ])('a count without groups (%j) keeps the total and says so', (body, total) => {
    expect(parseGroupedCount(body, ['status'])).toEqual({ total, groups: undefined });
  });

  it.each([
    [{ groups: [{ status: 'sent' }] }, 'group 1 has no count'],
    [{ groups: [{ status: 'sent', count: -1 }] }, 'group 1 has no count'],
    [{ groups: { sent: 'three' } }, 'group sent has no count'],
    [{ groups: 'sent' }, 'expected groups as a list or a map'],
    [{ hello: 'world' }, 'expected a count, or groups with counts'],
    [null, 'expected a count, or groups with counts'],
  ])('%j is not a grouped count', (body, problem) => {
    expect(parseGroupedCount(body, ['status'])).toBe(problem);
  });
});
