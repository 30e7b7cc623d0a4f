import { beforeAll, describe, expect, it } from 'vitest';
import { badRequest, compareNullsLast, ids, type Json, listAll, qs, useTestSandbox } from './helpers.js';

let all: Json[];
const t = useTestSandbox();
beforeAll(async () => {
  all = await listAll(t, '/v1/forms');
});

const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: 'No access to this resource' };

/** The forms of the unfiltered listing that match, in the listing's order. */
const expectIds = (matches: (form: Json) => boolean) => ids(all.filter(matches));

describe('GET /v1/forms: envelope, items and paging', () => {
  it('lists the token workspace’s 120 forms (80% of 150), 10 per page by default', async () => {
    const res = await t.get('/v1/forms');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total_count: 120, total_pages: 12, page_size: 10, current_page: 1 });
    expect(ids(res.body.data)).toEqual(ids(all.slice(0, 10)));
    expect(new Set(ids(all)).size).toBe(120);
  });

  it('serves the spec’s form fields, without responses in list items', () => {
    const form = all[0];
    expect(Object.keys(form).sort()).toEqual(
      [
        'active',
        'archived',
        'completed',
        'created_at',
        'flow',
        'id',
        'owner',
        'processed',
        'status',
        'updated_at',
        'user',
        'webhooks',
        'workspace',
      ].sort(),
    );
    expect(Object.keys(form.flow)).toEqual(['slug', 'customization']);
    expect(Object.keys(form.user)).toEqual(['given_name', 'family_name', 'email', 'phone']);
    expect(Object.keys(form.owner)).toEqual(['id', 'email', 'name']);
    expect(form.workspace).toEqual({ id: t.sandbox.workspaces[0]!.id, slug: 'acme' });
    for (const flag of ['archived', 'active', 'completed', 'processed'])
      expect(typeof form[flag]).toBe('boolean');
  });

  it('seeds variety: every status, each flag both ways, customizations, phones and webhooks', () => {
    expect(new Set(all.map((f) => f.status))).toEqual(
      new Set(['draft', 'sent', 'opened', 'completed', 'expired']),
    );
    for (const flag of ['archived', 'active', 'completed', 'processed']) {
      expect(new Set(all.map((f) => f[flag]))).toEqual(new Set([true, false]));
    }
    expect(all.some((f) => f.flow.customization !== null)).toBe(true);
    expect(all.some((f) => f.user.phone === null)).toBe(true);
    expect(all.some((f) => Object.keys(f.webhooks).length > 0)).toBe(true);
    expect(all.some((f) => f.user.given_name === 'Łukasz' || f.user.family_name === 'Müller')).toBe(true);
  });

  it('pages without gaps or repeats, and answers past the end with an empty page', async () => {
    const page = await t.get(`/v1/forms${qs({ 'page[size]': 7, 'page[number]': 3 })}`);
    expect(page.body.meta).toEqual({ total_count: 120, total_pages: 18, page_size: 7, current_page: 3 });
    expect(ids(page.body.data)).toEqual(ids(all.slice(14, 21)));
    const past = await t.get(`/v1/forms${qs({ 'page[number]': 13 })}`);
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
  });

  it('rejects a page size over 100', async () => {
    const res = await t.get(`/v1/forms${qs({ 'page[size]': 101 })}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { message: 'must be at most 100', path: ['page', 'size'], type: 'too_big' },
    ]);
  });
});

describe('GET /v1/forms: sort', () => {
  it('orders by -created_at then id by default', () => {
    const expected = [...all].sort(
      (a, b) => compareNullsLast(b.created_at, a.created_at) || (a.id < b.id ? -1 : 1),
    );
    expect(ids(all)).toEqual(ids(expected));
  });

  it.each([
    ['created_at', (f: Json) => f.created_at],
    ['updated_at', (f: Json) => f.updated_at],
    ['status', (f: Json) => f.status],
    ['user.given_name', (f: Json) => f.user.given_name],
    ['user.family_name', (f: Json) => f.user.family_name],
    ['user.email', (f: Json) => f.user.email],
  ])('sorts by %s both ways, ties by id', async (field, get) => {
    const byId = (a: Json, b: Json) => (a.id < b.id ? -1 : 1);
    const asc = [...all].sort((a, b) => compareNullsLast(get(a), get(b)) || byId(a, b));
    const desc = [...all].sort((a, b) => compareNullsLast(get(b), get(a)) || byId(a, b));
    expect(ids(await listAll(t, '/v1/forms', { sort: field }))).toEqual(ids(asc));
    expect(ids(await listAll(t, '/v1/forms', { sort: `-${field}` }))).toEqual(ids(desc));
  });

  it('rejects other fields, naming the sortable ones', async () => {
    const res = await t.get(`/v1/forms${qs({ sort: 'archived' })}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: ['sort'], type: 'invalid_value' });
    expect(res.body.errors[0].message).toContain('user.family_name');
  });
});

describe('GET /v1/forms: method 1 filters', () => {
  const sample = () => all.find((f) => f.user.phone !== null && f.flow.customization !== null)!;

  it.each([
    ['archived=true', { archived: 'true' }, (f: Json) => f.archived],
    ['archived=false', { archived: 'false' }, (f: Json) => !f.archived],
    ['active=true', { active: 'true' }, (f: Json) => f.active],
    ['active=false', { active: 'false' }, (f: Json) => !f.active],
    ['completed=true', { completed: 'true' }, (f: Json) => f.completed],
    ['completed=false', { completed: 'false' }, (f: Json) => !f.completed],
    ['processed=true', { processed: 'true' }, (f: Json) => f.processed],
    ['processed=false', { processed: 'false' }, (f: Json) => !f.processed],
    ['flow[slug]', { 'flow[slug]': 'expense-claim' }, (f: Json) => f.flow.slug === 'expense-claim'],
    [
      'owner[email]',
      { 'owner[email]': 'bruno.costa@acme.example' },
      (f: Json) => f.owner.email === 'bruno.costa@acme.example',
    ],
    ['workspace[slug] of the own workspace', { 'workspace[slug]': 'acme' }, () => true],
  ])('narrows with %s', async (_name, params, matches) => {
    const expected = expectIds(matches);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await listAll(t, '/v1/forms', params))).toEqual(expected);
  });

  it.each([
    [
      'user[given_name]',
      (f: Json) => ({ 'user[given_name]': f.user.given_name }),
      (f: Json, s: Json) => f.user.given_name === s.user.given_name,
    ],
    [
      'user[family_name]',
      (f: Json) => ({ 'user[family_name]': f.user.family_name }),
      (f: Json, s: Json) => f.user.family_name === s.user.family_name,
    ],
    [
      'user[email]',
      (f: Json) => ({ 'user[email]': f.user.email }),
      (f: Json, s: Json) => f.user.email === s.user.email,
    ],
    [
      'user[phone]',
      (f: Json) => ({ 'user[phone]': f.user.phone }),
      (f: Json, s: Json) => f.user.phone === s.user.phone,
    ],
    [
      'flow[customization]',
      (f: Json) => ({ 'flow[customization]': f.flow.customization.toUpperCase() }),
      (f: Json, s: Json) => f.flow.customization === s.flow.customization,
    ],
  ])('narrows with %s, exactly', async (_name, params, same) => {
    const s = sample();
    const expected = expectIds((f) => same(f, s));
    expect(expected).toContain(s.id);
    expect(ids(await listAll(t, '/v1/forms', params(s)))).toEqual(expected);
  });

  it('matches user names exactly: accents and case count', async () => {
    const accented = all.find((f) => f.user.family_name === 'Müller');
    expect(accented).toBeDefined();
    expect(await listAll(t, '/v1/forms', { 'user[family_name]': 'Muller' })).toEqual([]);
    expect(await listAll(t, '/v1/forms', { 'user[family_name]': 'müller' })).toEqual([]);
  });

  it('takes several flow[slug] values, repeated or in array form, matching any', async () => {
    const expected = expectIds((f) => f.flow.slug === 'expense-claim' || f.flow.slug === 'nda-signature');
    const pages = async (query: string) => {
      const res = await t.get(`/v1/forms?${query}&page%5Bsize%5D=100&page%5Bnumber%5D=1`);
      expect(res.status).toBe(200);
      expect(res.body.meta.total_count).toBe(expected.length);
      return res.body.data;
    };
    const first100 = expected.slice(0, 100);
    expect(ids(await pages('flow%5Bslug%5D=expense-claim&flow%5Bslug%5D=nda-signature'))).toEqual(first100);
    expect(ids(await pages('flow%5Bslug%5D%5B%5D=expense-claim&flow%5Bslug%5D%5B%5D=nda-signature'))).toEqual(
      first100,
    );
    expect(ids(await pages('flow%5Bslug%5D%5B%5D=nda-signature&flow%5Bslug%5D=expense-claim'))).toEqual(
      first100,
    );
    const single = await t.get('/v1/forms/count?flow%5Bslug%5D%5B%5D=expense-claim');
    expect(single.body.count).toBe(expectIds((f) => f.flow.slug === 'expense-claim').length);
  });

  it('combines parameters with AND', async () => {
    const params = { 'flow[slug]': 'customer-feedback', completed: 'true', archived: 'false' };
    const expected = expectIds((f) => f.flow.slug === 'customer-feedback' && f.completed && !f.archived);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await listAll(t, '/v1/forms', params))).toEqual(expected);
  });

  it('gives an unknown template slug no match, not an error', async () => {
    expect(await listAll(t, '/v1/forms', { 'flow[slug]': 'incident-report' })).toEqual([]);
  });

  it.each([
    ['archived', 'yes', 'must be true or false', 'invalid_type'],
    ['flow[customization]', 'abc', 'must be a UUID', 'invalid_format'],
    ['owner[email]', 'bruno', 'must be an e-mail address', 'invalid_format'],
    ['user[email]', 'anna@', 'must be an e-mail address', 'invalid_format'],
    ['user[name]', 'Anna', 'unknown query parameter user[name]', 'unrecognized_keys'],
    [
      'workspace[id]',
      '00000000-0000-4000-8000-000000000000',
      'unknown query parameter workspace[id]',
      'unrecognized_keys',
    ],
    ['flow[slug]', '', 'must not be empty', 'too_small'],
    ['group_by', 'status', 'unknown query parameter group_by', 'unrecognized_keys'],
  ])('rejects %s=%j with a 400 naming it', async (name, value, message, type) => {
    const res = await t.get(`/v1/forms${qs({ [name]: value })}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      badRequest('Invalid query parameters', [{ message, path: name.split(/[[\]]/).filter(Boolean), type }]),
    );
  });

  it('refuses workspace[slug] of another workspace with 403, on the list and the count', async () => {
    for (const path of ['/v1/forms', '/v1/forms/count']) {
      const res = await t.get(`${path}${qs({ 'workspace[slug]': 'globex' })}`);
      expect(res).toMatchObject({ status: 403, body: FORBIDDEN });
    }
  });

  it('lists only the token workspace’s forms', async () => {
    const other = await listAll(t, '/v1/forms', {}, t.otherToken);
    expect(other).toHaveLength(30);
    expect(new Set(other.map((f) => f.workspace.slug))).toEqual(new Set(['globex']));
  });
});

describe('GET /v1/forms: method 2 JSON filter', () => {
  it('tests boolean attributes with $eq and $ne, and null', async () => {
    expect(
      ids(await listAll(t, '/v1/forms', { filter: { attributes: { completed: { $eq: true } } } })),
    ).toEqual(expectIds((f) => f.completed));
    expect(
      ids(await listAll(t, '/v1/forms', { filter: { attributes: { archived: { $ne: true } } } })),
    ).toEqual(expectIds((f) => !f.archived));
    expect(await listAll(t, '/v1/forms', { filter: { attributes: { active: { $eq: null } } } })).toEqual([]);
  });

  it('matches status with $ilike and dates with comparisons', async () => {
    const filter = {
      attributes: {
        status: { $ilike: '%E%' },
        created_at: { $ge: '2026-01-01', $lt: '2026-07-01T00:00:00Z' },
      },
    };
    const expected = expectIds(
      (f) =>
        /e/i.test(f.status) &&
        f.created_at >= '2026-01-01T00:00:00.000Z' &&
        f.created_at < '2026-07-01T00:00:00.000Z',
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await listAll(t, '/v1/forms', { filter }))).toEqual(expected);
  });

  it('filters on the owner relation by e-mail', async () => {
    const filter = { relationships: { owner: { attributes: { email: { $like: 'alice%' } } } } };
    const expected = expectIds((f) => f.owner.email.startsWith('alice'));
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await listAll(t, '/v1/forms', { filter }))).toEqual(expected);
  });

  it('combines with method 1 parameters and sort', async () => {
    const params = {
      filter: { attributes: { processed: { $eq: false } } },
      completed: 'true',
      sort: 'status',
    };
    const expected = all
      .filter((f) => f.completed && !f.processed)
      .sort((a, b) => compareNullsLast(a.status, b.status) || (a.id < b.id ? -1 : 1));
    expect(ids(await listAll(t, '/v1/forms', params))).toEqual(ids(expected));
  });

  it.each([
    [{ attributes: { completed: { $eq: 'true' } } }, 'attributes.completed.$eq: expects true, false or null'],
    [
      { attributes: { archived: { $gt: true } } },
      'attributes.archived.$gt: $gt compares numbers and dates only, and this is a boolean field',
    ],
    [
      { attributes: { active: { $like: 't%' } } },
      'attributes.active.$like: $like matches text fields only, and this is a boolean field',
    ],
    [{ attributes: { title: { $eq: 'x' } } }, expect.stringContaining('attributes.title: unknown field')],
    [
      { relationships: { owner: { attributes: { name: { $eq: 'Ana' } } } } },
      'relationships.owner.attributes.name: unknown field; known fields: id, email',
    ],
  ])('rejects %j with the error-list shape', async (filter, detail) => {
    const res = await t.get(`/v1/forms${qs({ filter })}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [{ status: '400', title: 'Invalid filter', detail }] });
  });
});

describe('GET /v1/forms: the owner relation by id', () => {
  it('selects the forms of one owner with the id operator object, as cases do', async () => {
    const forms = await listAll(t, '/v1/forms', {});
    const owners = [...new Set(forms.map((f: Json) => f.owner.id as string))];
    expect(owners.length).toBeGreaterThan(1);
    const owner = owners[0]!;
    const eq = await t.get(
      `/v1/forms/count${qs({ filter: { relationships: { owner: { id: { $eq: owner } } } } })}`,
    );
    const ne = await t.get(
      `/v1/forms/count${qs({ filter: { relationships: { owner: { id: { $ne: owner } } } } })}`,
    );
    expect([eq.status, ne.status]).toEqual([200, 200]);
    expect(eq.body.count).toBe(forms.filter((f: Json) => f.owner.id === owner).length);
    expect(eq.body.count + ne.body.count).toBe(forms.length);
  });
});

describe('GET /v1/forms/count', () => {
  it('counts what the list totals, for the same filters', async () => {
    for (const params of <Record<string, string>[]>[
      {},
      { completed: 'true' },
      { 'flow[slug]': 'job-application', archived: 'false' },
    ]) {
      const count = await t.get(`/v1/forms/count${qs(params)}`);
      const list = await t.get(`/v1/forms${qs(params)}`);
      expect(count.status).toBe(200);
      expect(count.body).toEqual({ count: list.body.meta.total_count });
    }
  });

  it('groups by one or more fields: one entry per combination, ordered by value, summing to the count', async () => {
    const res = await t.get(`/v1/forms/count${qs({ group_by: 'status,completed', archived: 'false' })}`);
    expect(res.status).toBe(200);
    const forms = all.filter((f) => !f.archived);
    expect(res.body.count).toBe(forms.length);
    const expected = new Map<string, number>();
    for (const f of forms)
      expected.set(`${f.status}|${f.completed}`, (expected.get(`${f.status}|${f.completed}`) ?? 0) + 1);
    expect(res.body.groups).toEqual(
      [...expected]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, count]) => {
          const [status, completed] = key.split('|');
          return { status, completed: completed === 'true', count };
        }),
    );
    expect(res.body.groups.reduce((sum: number, g: Json) => sum + g.count, 0)).toBe(forms.length);
  });

  it('groups by nested fields with dotted names, nulls last', async () => {
    const res = await t.get(`/v1/forms/count${qs({ group_by: 'flow.customization' })}`);
    const groups = res.body.groups as Json[];
    expect(groups.at(-1)).toEqual({
      'flow.customization': null,
      count: all.filter((f) => f.flow.customization === null).length,
    });
    const bySlug = await t.get(`/v1/forms/count${qs({ group_by: 'flow.slug' })}`);
    expect(bySlug.body.groups.map((g: Json) => g['flow.slug'])).toEqual([
      'customer-feedback',
      'employee-onboarding',
      'expense-claim',
      'job-application',
      'nda-signature',
    ]);
  });

  it.each([
    ['title', 'cannot group by "title"'],
    ['status,status', 'names a field twice'],
    ['flow[slug]', 'cannot group by "flow[slug]"'],
    ['', 'cannot group by ""'],
  ])('rejects group_by=%j with a 400', async (groupBy, message) => {
    const res = await t.get(`/v1/forms/count${qs({ group_by: groupBy })}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { message: expect.stringContaining(message), path: ['group_by'], type: 'invalid_value' },
    ]);
  });
});
