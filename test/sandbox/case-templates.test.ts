import { beforeAll, describe, expect, it } from 'vitest';
import { compareNullsLast, ids, type Json, listAll, qs, useTestSandbox } from './helpers.js';

let all: Json[];
const t = useTestSandbox();
beforeAll(async () => {
  all = await listAll(t, '/v1/case_templates');
});

describe('GET /v1/case_templates', () => {
  it('lists the workspace templates in the paginated envelope, newest first', async () => {
    const res = await t.get('/v1/case_templates');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total_count: 5, total_pages: 1, page_size: 10, current_page: 1 });
    expect(res.body.data).toEqual(all);
    const sorted = [...all].sort((a, b) => compareNullsLast(b.created_at, a.created_at));
    expect(ids(all)).toEqual(ids(sorted));
    expect(Object.keys(all[0])).toEqual([
      'id',
      'title',
      'reference',
      'archived_at',
      'is_template',
      'owner',
      'workspace',
      'created_at',
      'updated_at',
    ]);
    for (const template of all)
      expect(template).toMatchObject({ is_template: true, workspace: { slug: 'acme' } });
  });

  it('shows each token only its own workspace templates', async () => {
    const other = await listAll(t, '/v1/case_templates', {}, t.otherToken);
    expect(other.map((tpl) => tpl.workspace.slug)).toEqual(['globex', 'globex', 'globex']);
  });

  it.each([
    ['title', 'CLAIM', (tpl: { title: string }) => tpl.title.toLowerCase().includes('claim')],
    ['title', 'on', (tpl: { title: string }) => tpl.title.includes('on')],
    ['archived', 'true', (tpl: { archived_at: string | null }) => tpl.archived_at !== null],
    ['archived', 'false', (tpl: { archived_at: string | null }) => tpl.archived_at === null],
    ['reference', 'TPL-ACME-02', (tpl: { reference: string }) => tpl.reference === 'TPL-ACME-02'],
    [
      'owner[email]',
      'alice.martin@acme.example',
      (tpl: { owner: { email: string } }) => tpl.owner.email === 'alice.martin@acme.example',
    ],
    ['workspace[slug]', 'acme', () => true],
  ])('filters by %s=%s', async (name, value, matches) => {
    const expected = all.filter(matches as (tpl: Json) => boolean);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(await listAll(t, '/v1/case_templates', { [name]: value }))).toEqual(ids(expected));
  });

  it('filters by owner[id] and workspace[id]', async () => {
    const owner = all[0].owner.id;
    expect(ids(await listAll(t, '/v1/case_templates', { 'owner[id]': owner }))).toEqual(
      ids(all.filter((tpl) => tpl.owner.id === owner)),
    );
    expect(await listAll(t, '/v1/case_templates', { 'workspace[id]': t.sandbox.workspaces[0]!.id })).toEqual(
      all,
    );
  });

  it.each([
    'title',
    '-title',
    'reference',
    '-reference',
    'archived_at',
    '-archived_at',
    'updated_at',
    'created_at',
  ])('sorts by %s', async (sort) => {
    const field = sort.replace('-', '');
    const direction = sort.startsWith('-') ? -1 : 1;
    const expected = [...all].sort(
      (a, b) => direction * compareNullsLast(a[field], b[field]) || (a.id < b.id ? -1 : 1),
    );
    expect(ids(await listAll(t, '/v1/case_templates', { sort }))).toEqual(ids(expected));
  });

  it('applies JSON filters on template attributes and relations', async () => {
    const filter = {
      attributes: { archived_at: { $eq: null }, title: { $ilike: '%a%' } },
      relationships: { owner: { attributes: { email: { $like: '%@acme.example' } } } },
    };
    const expected = all.filter((tpl) => tpl.archived_at === null && /a/i.test(tpl.title));
    expect(ids(await listAll(t, '/v1/case_templates', { filter }))).toEqual(ids(expected));
  });

  it('rejects parameters and sort fields that only cases have', async () => {
    const params: Array<Record<string, string>> = [
      { status: 'new' },
      { 'contact[search]': 'x' },
      { sort: 'status' },
    ];
    for (const param of params) {
      const res = await t.get(`/v1/case_templates${qs(param)}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveLength(1);
    }
    const res = await t.get(
      `/v1/case_templates${qs({ filter: { relationships: { contact: { attributes: {} } } } })}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].title).toBe('Invalid filter');
  });
});
