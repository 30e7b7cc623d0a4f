import { beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../src/sandbox/text.js';
import {
  badRequest,
  compareNullsLast,
  ids,
  type Json,
  listAll,
  qs,
  UUID_RE,
  useTestSandbox,
} from './helpers.js';

let all: Json[];
const t = useTestSandbox();
beforeAll(async () => {
  all = await listAll(t, '/v1/cases');
});

describe('GET /v1/cases: envelope and paging', () => {
  it('returns the first 10 by default in the paginated envelope', async () => {
    const res = await t.get('/v1/cases');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total_count: 160, total_pages: 16, page_size: 10, current_page: 1 });
    expect(ids(res.body.data)).toEqual(ids(all.slice(0, 10)));
  });

  it('serves list items without steps or schema', () => {
    const item = all[0];
    expect(Object.keys(item).sort()).toEqual(
      [
        'archived_at',
        'contact',
        'created_at',
        'data',
        'id',
        'is_template',
        'owner',
        'parent_status',
        'reference',
        'status',
        'template',
        'title',
        'updated_at',
        'waiting_for',
        'workspace',
      ].sort(),
    );
    expect(item.id).toMatch(UUID_RE);
    expect(item.is_template).toBe(false);
    expect(Object.keys(item.template)).toEqual(['id', 'title']);
    expect(Object.keys(item.owner)).toEqual(['id', 'email', 'name']);
    expect(item.workspace).toEqual({ id: t.sandbox.workspaces[0]!.id, slug: 'acme' });
    expect(Object.keys(item.contact)).toEqual(['given_name', 'family_name', 'email']);
  });

  it('orders by -created_at then id when no sort is given, and pages without gaps or repeats', () => {
    const expected = [...all].sort(
      (a, b) => compareNullsLast(b.created_at, a.created_at) || (a.id < b.id ? -1 : 1),
    );
    expect(ids(all)).toEqual(ids(expected));
    expect(new Set(ids(all)).size).toBe(160);
  });

  it('pages with page[number] and page[size], with a short last page and empty pages past the end', async () => {
    const page3 = await t.get(`/v1/cases${qs({ 'page[size]': 7, 'page[number]': 3 })}`);
    expect(page3.body.meta).toEqual({ total_count: 160, total_pages: 23, page_size: 7, current_page: 3 });
    expect(ids(page3.body.data)).toEqual(ids(all.slice(14, 21)));
    const last = await t.get(`/v1/cases${qs({ 'page[size]': 7, 'page[number]': 23 })}`);
    expect(ids(last.body.data)).toEqual(ids(all.slice(154)));
    const past = await t.get(`/v1/cases${qs({ 'page[size]': 7, 'page[number]': 24 })}`);
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.current_page).toBe(24);
  });

  it('accepts page[size] up to 100', async () => {
    const res = await t.get(`/v1/cases${qs({ 'page[size]': 100 })}`);
    expect(res.body.data).toHaveLength(100);
    expect(res.body.meta.total_pages).toBe(2);
  });

  it.each([
    ['page[size]', '101', 'must be at most 100', 'too_big'],
    ['page[size]', '0', 'must be at least 1', 'too_small'],
    ['page[size]', '-5', 'must be at least 1', 'too_small'],
    ['page[size]', '2.5', 'must be an integer', 'invalid_type'],
    ['page[size]', 'ten', 'must be an integer', 'invalid_type'],
    ['page[number]', '0', 'must be at least 1', 'too_small'],
    ['page[number]', '1e3', 'must be an integer', 'invalid_type'],
  ])('rejects %s=%s with 400 and the field path', async (name, value, message, type) => {
    const res = await t.get(`/v1/cases${qs({ [name]: value })}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      badRequest('Invalid query parameters', [
        { message, path: name === 'page[size]' ? ['page', 'size'] : ['page', 'number'], type },
      ]),
    );
  });
});

describe('GET /v1/cases: sort', () => {
  const fields = [
    'created_at',
    'updated_at',
    'title',
    'status',
    'parent_status',
    'waiting_for',
    'reference',
    'archived_at',
  ];

  it.each(fields.flatMap((field) => [field, `-${field}`]))(
    'sorts by %s with nulls last ascending and ties by id',
    async (sort) => {
      const field = sort.replace('-', '');
      const direction = sort.startsWith('-') ? -1 : 1;
      const expected = [...all].sort(
        (a, b) => direction * compareNullsLast(a[field], b[field]) || (a.id < b.id ? -1 : 1),
      );
      expect(ids(await listAll(t, '/v1/cases', { sort }))).toEqual(ids(expected));
    },
  );

  it('rejects fields the spec does not list as sortable', async () => {
    for (const sort of ['id', '-contact', 'title,status', '']) {
      const res = await t.get(`/v1/cases${qs({ sort })}`);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toEqual(['sort']);
    }
  });
});

describe('GET /v1/cases: method 1 filters', () => {
  const sample = () => all.find((c) => c.archived_at === null && c.parent_status === 'in_progress');
  // "FAMILY Given", family folded and all upper-cased, of a contact with accents in both names.
  const nonAsciiName = () => {
    const { contact } = all.find(
      (c) => /[^ -~]/.test(c.contact.given_name) && /[^ -~]/.test(c.contact.family_name),
    );
    return `${foldText(contact.family_name)} ${contact.given_name}`.toUpperCase();
  };

  const cases: Array<[string, () => string, (item: Json, value: string) => boolean]> = [
    ['template[id]', () => sample().template.id, (c, v) => c.template.id === v],
    ['status', () => sample().status, (c, v) => c.status === v],
    ['parent_status', () => 'closed', (c, v) => c.parent_status === v],
    ['archived', () => 'true', (c) => c.archived_at !== null],
    ['archived', () => 'false', (c) => c.archived_at === null],
    ['waiting_for', () => 'contact', (c, v) => c.waiting_for === v],
    ['reference', () => sample().reference, (c, v) => c.reference === v],
    ['owner[id]', () => sample().owner.id, (c, v) => c.owner.id === v],
    ['owner[email]', () => sample().owner.email, (c, v) => c.owner.email === v],
    ['workspace[slug]', () => 'acme', () => true],
    ['contact[given_name]', () => 'Łukasz', (c, v) => c.contact.given_name === v],
    ['contact[family_name]', () => 'Müller', (c, v) => c.contact.family_name === v],
    ['contact[email]', () => sample().contact.email, (c, v) => c.contact.email === v],
    ['contact[search]', () => 'MULLER', (c) => c.contact.family_name === 'Müller'],
    ['contact[search]', () => 'angstrom', (c) => c.contact.family_name === 'Ångström'],
    ['contact[search]', () => 'zoe', (c) => c.contact.given_name === 'Zoë'],
    [
      'contact[search]',
      () => nonAsciiName(),
      (c, v) => v === `${foldText(c.contact.family_name)} ${c.contact.given_name}`.toUpperCase(),
    ],
    ['contact[search]', () => 'lukasz.', (c) => c.contact.email.startsWith('lukasz.')],
  ];

  it.each(cases)('%s filters exactly as the spec says', async (name, value, matches) => {
    const v = value();
    const expected = all.filter((c) => matches(c, v));
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await listAll(t, '/v1/cases', { [name]: v }))).toEqual(ids(expected));
    const count = await t.get(`/v1/cases/count${qs({ [name]: v })}`);
    expect(count.body).toEqual({ count: expected.length });
  });

  it('matches the exact contact fields exactly (case and accents count)', async () => {
    expect(await listAll(t, '/v1/cases', { 'contact[family_name]': 'muller' })).toEqual([]);
    expect(await listAll(t, '/v1/cases', { 'contact[given_name]': 'Lukasz' })).toEqual([]);
  });

  it('combines parameters with AND', async () => {
    const expected = all.filter((c) => c.parent_status === 'in_progress' && c.waiting_for === 'owner');
    expect(
      ids(await listAll(t, '/v1/cases', { parent_status: 'in_progress', waiting_for: 'owner' })),
    ).toEqual(ids(expected));
  });

  it.each([
    ['parent_status', 'open', 'must be one of draft, pending, in_progress, closed', 'invalid_value'],
    ['waiting_for', 'nobody', 'must be one of none, owner, contact', 'invalid_value'],
    ['archived', 'yes', 'must be true or false', 'invalid_type'],
    ['template[id]', '42', 'must be a UUID', 'invalid_format'],
    ['owner[id]', 'alice', 'must be a UUID', 'invalid_format'],
    ['owner[email]', 'alice', 'must be an e-mail address', 'invalid_format'],
    ['status', '', 'must not be empty', 'too_small'],
    ['colour', 'red', 'unknown query parameter colour', 'unrecognized_keys'],
    ['title', 'x', 'unknown query parameter title', 'unrecognized_keys'],
  ])('rejects %s=%s with 400 in the standard shape', async (name, value, message, type) => {
    for (const path of ['/v1/cases', '/v1/cases/count']) {
      const res = await t.get(`${path}${qs({ [name]: value })}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        badRequest('Invalid query parameters', [
          { message, path: name.split(/[[\]]/).filter(Boolean), type },
        ]),
      );
    }
  });

  it('rejects a parameter given twice', async () => {
    const res = await t.get('/v1/cases?status=new&status=approved');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { message: 'must be given once', path: ['status'], type: 'invalid_type' },
    ]);
  });
});

describe('GET /v1/cases: method 2 JSON filter', () => {
  const filtered = (filter: object, extra: Record<string, string> = {}) =>
    listAll(t, '/v1/cases', { ...extra, filter });

  it('tests archived_at against null like archived=false/true', async () => {
    expect(await filtered({ attributes: { archived_at: { $eq: null } } })).toEqual(
      await listAll(t, '/v1/cases', { archived: 'false' }),
    );
    expect(await filtered({ attributes: { archived_at: { $ne: null } } })).toEqual(
      await listAll(t, '/v1/cases', { archived: 'true' }),
    );
  });

  it('compares dates as instants, with several operators on one field', async () => {
    const filter = { attributes: { created_at: { $ge: '2026-01-01T01:00:00+01:00', $lt: '2026-04-01' } } };
    const expected = all.filter(
      (c) => c.created_at >= '2026-01-01T00:00:00.000Z' && c.created_at < '2026-04-01',
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await filtered(filter))).toEqual(ids(expected));
  });

  it('applies $gt and $le to updated_at and archived_at', async () => {
    const filter = {
      attributes: { updated_at: { $gt: '2025-06-01' }, archived_at: { $le: '2026-06-30T23:59:59Z' } },
    };
    const expected = all.filter(
      (c) =>
        c.updated_at > '2025-06-01' && c.archived_at !== null && c.archived_at <= '2026-06-30T23:59:59.000Z',
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await filtered(filter))).toEqual(ids(expected));
  });

  it('matches $like case-sensitively and $ilike case-insensitively with % wildcards', async () => {
    const claims = all.filter((c) => c.title.startsWith('Insurance claim:'));
    expect(claims.length).toBeGreaterThan(0);
    expect(ids(await filtered({ attributes: { title: { $like: 'Insurance claim:%' } } }))).toEqual(
      ids(claims),
    );
    expect(await filtered({ attributes: { title: { $like: 'insurance CLAIM:%' } } })).toEqual([]);
    expect(ids(await filtered({ attributes: { title: { $ilike: 'insurance CLAIM:%' } } }))).toEqual(
      ids(claims),
    );
    const mueller = all.filter((c) => c.title.endsWith('Müller'));
    expect(ids(await filtered({ attributes: { title: { $ilike: '%MÜLLER' } } }))).toEqual(ids(mueller));
  });

  it('filters on status, parent_status and waiting_for with $eq and $ne', async () => {
    const filter = {
      attributes: {
        parent_status: { $eq: 'in_progress' },
        status: { $ne: 'on_hold' },
        waiting_for: { $ne: 'none' },
      },
    };
    const expected = all.filter(
      (c) => c.parent_status === 'in_progress' && c.status !== 'on_hold' && c.waiting_for !== 'none',
    );
    expect(ids(await filtered(filter))).toEqual(ids(expected));
  });

  it('filters on every relationship, by id or by attributes', async () => {
    const sample = all[5];
    const checks: Array<[object, (c: Json) => boolean]> = [
      [{ template: { id: { $eq: sample.template.id } } }, (c) => c.template.id === sample.template.id],
      [
        { template: { attributes: { id: { $ne: sample.template.id } } } },
        (c) => c.template.id !== sample.template.id,
      ],
      [{ owner: { id: { $eq: sample.owner.id } } }, (c) => c.owner.id === sample.owner.id],
      [{ owner: { attributes: { email: { $ilike: '%@ACME.example' } } } }, () => true],
      [{ workspace: { attributes: { slug: { $eq: 'acme' } } } }, () => true],
      [{ workspace: { attributes: { slug: { $eq: 'globex' } } } }, () => false],
      [
        { contact: { attributes: { family_name: { $eq: 'Dvořák' } } } },
        (c) => c.contact.family_name === 'Dvořák',
      ],
      [
        { contact: { attributes: { given_name: { $like: 'J%' }, email: { $like: '%@example.com' } } } },
        (c) => c.contact.given_name.startsWith('J'),
      ],
      [{ contact: { attributes: { email: { $eq: null } } } }, (c) => c.contact === null],
    ];
    for (const [relationships, matches] of checks) {
      expect(ids(await filtered({ relationships }))).toEqual(ids(all.filter(matches)));
    }
  });

  it('combines with method 1 parameters and sort in one request', async () => {
    const expected = all
      .filter(
        (c) =>
          c.parent_status === 'closed' &&
          c.archived_at !== null &&
          foldText(c.contact.given_name).startsWith('j'),
      )
      .sort((a, b) => compareNullsLast(a.title, b.title) || (a.id < b.id ? -1 : 1));
    const got = await filtered(
      {
        attributes: { archived_at: { $ne: null } },
        relationships: { contact: { attributes: { given_name: { $ilike: 'j%' } } } },
      },
      { parent_status: 'closed', sort: 'title' },
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(got)).toEqual(ids(expected));
    const count = await t.get(
      `/v1/cases/count${qs({ parent_status: 'closed', filter: { attributes: { archived_at: { $ne: null } } } })}`,
    );
    expect(count.body.count).toBe(
      all.filter((c) => c.parent_status === 'closed' && c.archived_at !== null).length,
    );
  });

  it.each([
    ['bad JSON', '{"attributes":', /^filter is not valid JSON/],
    ['an array', '[]', /^filter must be a JSON object$/],
    ['an unknown field', '{"attributes":{"colour":{"$eq":"red"}}}', /^attributes\.colour: unknown field/],
    [
      'an unknown relation',
      '{"relationships":{"team":{"id":{"$eq":null}}}}',
      /^relationships\.team: unknown relation/,
    ],
    [
      'an unknown operator',
      '{"attributes":{"title":{"$contains":"x"}}}',
      /^attributes\.title\.\$contains: unknown operator/,
    ],
    ['$gt on a string', '{"attributes":{"title":{"$gt":"a"}}}', /compares numbers and dates only/],
    ['$like on a date', '{"attributes":{"created_at":{"$like":"2025%"}}}', /matches text fields only/],
    ['a number for a string', '{"attributes":{"reference":{"$eq":1}}}', /expects a string or null/],
    ['an invalid date', '{"attributes":{"created_at":{"$ge":"last week"}}}', /expects an ISO 8601 date/],
    [
      'an unknown enum value',
      '{"attributes":{"parent_status":{"$eq":"open"}}}',
      /expects one of draft, pending/,
    ],
    ['a non-UUID id', '{"relationships":{"owner":{"id":{"$eq":"alice"}}}}', /expects a UUID or null/],
    ['an id on contact', '{"relationships":{"contact":{"id":{"$eq":null}}}}', /relation contact has no id/],
  ])('rejects %s with 400 in the error-list shape', async (_name, raw, detail) => {
    for (const path of ['/v1/cases', '/v1/cases/count']) {
      const res = await t.get(`${path}?filter=${encodeURIComponent(raw)}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0]).toEqual({
        status: '400',
        title: 'Invalid filter',
        detail: expect.stringMatching(detail),
      });
    }
  });
});

describe('GET /v1/cases/count?group_by', () => {
  it('groups by status: one entry per value present, ordered, summing to the count', async () => {
    const res = await t.get(`/v1/cases/count${qs({ group_by: 'status', parent_status: 'pending' })}`);
    expect(res.status).toBe(200);
    const cases = all.filter((c) => c.parent_status === 'pending');
    const counts = new Map<string, number>();
    for (const c of cases) counts.set(c.status, (counts.get(c.status) ?? 0) + 1);
    expect(res.body).toEqual({
      count: cases.length,
      groups: [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([status, count]) => ({ status, count })),
    });
  });

  it('groups by a relation field and by archived', async () => {
    const res = await t.get(`/v1/cases/count${qs({ group_by: 'archived,owner.email' })}`);
    expect(res.status).toBe(200);
    expect(res.body.groups.reduce((sum: number, g: Json) => sum + g.count, 0)).toBe(all.length);
    expect(res.body.groups.every((g: Json) => typeof g.archived === 'boolean' && 'owner.email' in g)).toBe(
      true,
    );
  });

  it('refuses a field it cannot group by with a 400 naming the groupable ones', async () => {
    const res = await t.get(`/v1/cases/count${qs({ group_by: 'title' })}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(
      'cannot group by \\"title\\"; groupable fields: status, parent_status',
    );
  });
});
