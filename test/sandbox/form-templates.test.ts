import { beforeAll, describe, expect, it } from 'vitest';
import { compareNullsLast, ids, type Json, listAll, qs, UUID_RE, useTestSandbox } from './helpers.js';

let acme: Json[];
let globex: Json[];
const t = useTestSandbox();
beforeAll(async () => {
  acme = await listAll(t, '/v1/form_templates');
  globex = await listAll(t, '/v1/form_templates', {}, t.otherToken);
});

const FIELD_TYPES = ['text', 'email', 'phone', 'date', 'number', 'boolean', 'choice', 'file', 'signature'];

describe('GET /v1/form_templates', () => {
  it('lists each workspace’s templates, some slugs shared as separate records', () => {
    expect(acme.map((x) => x.slug).sort()).toEqual(
      [
        'customer-feedback',
        'employee-onboarding',
        'expense-claim',
        'job-application',
        'nda-signature',
      ].sort(),
    );
    expect(globex.map((x) => x.slug).sort()).toEqual(
      ['customer-feedback', 'incident-report', 'nda-signature', 'supplier-registration'].sort(),
    );
    const shared = (slug: string) => [acme, globex].map((list) => list.find((x) => x.slug === slug)!.id);
    const [a, g] = shared('nda-signature');
    expect(a).not.toBe(g);
    for (const item of acme) {
      expect(Object.keys(item)).toEqual(['id', 'slug', 'title', 'description', 'created_at', 'updated_at']);
      expect(item.id).toMatch(UUID_RE);
    }
  });

  it('pages in the envelope and sorts by created_at and updated_at', async () => {
    const page = await t.get(`/v1/form_templates${qs({ 'page[size]': 2, 'page[number]': 3 })}`);
    expect(page.body.meta).toEqual({ total_count: 5, total_pages: 3, page_size: 2, current_page: 3 });
    expect(ids(page.body.data)).toEqual(ids(acme.slice(4)));
    expect(ids(acme)).toEqual(ids([...acme].sort((a, b) => compareNullsLast(b.created_at, a.created_at))));
    const byUpdate = await listAll(t, '/v1/form_templates', { sort: 'updated_at' });
    expect(ids(byUpdate)).toEqual(
      ids([...acme].sort((a, b) => compareNullsLast(a.updated_at, b.updated_at) || (a.id < b.id ? -1 : 1))),
    );
  });

  it.each([
    ['filter', JSON.stringify({ attributes: { slug: { $eq: 'nda-signature' } } })],
    ['slug', 'nda-signature'],
    ['workspace[slug]', 'acme'],
  ])('takes no filter: %s is a 400', async (name, value) => {
    const res = await t.get(`/v1/form_templates${qs({ [name]: value })}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, message: 'Invalid query parameters' });
    expect(res.body.errors).toEqual([
      {
        message: `unknown query parameter ${name}`,
        path: name.split(/[[\]]/).filter(Boolean),
        type: 'unrecognized_keys',
      },
    ]);
  });

  it('rejects a sort field other than the two of the spec', async () => {
    expect((await t.get(`/v1/form_templates${qs({ sort: 'slug' })}`)).status).toBe(400);
  });
});

describe('GET /v1/form_templates/{slug}/options and /steps', () => {
  it('serves options with the template’s customizations', async () => {
    const res = await t.get('/v1/form_templates/employee-onboarding/options');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      slug: 'employee-onboarding',
      languages: ['en', 'de', 'pl'],
      default_language: 'en',
      expiry_days: 21,
      reminder_days: [3, 7],
      signature_required: true,
      allow_attachments: true,
      max_attachments: 5,
      customizations: [
        { id: expect.stringMatching(UUID_RE), name: 'Engineering' },
        { id: expect.stringMatching(UUID_RE), name: 'Sales' },
      ],
    });
  });

  it('serves steps in order with typed fields, choices only on choice fields', async () => {
    const typesSeen = new Set<string>();
    for (const [token, list] of [
      [t.token, acme],
      [t.otherToken, globex],
    ] as const) {
      for (const { slug } of list) {
        const res = await t.get(`/v1/form_templates/${slug}/steps`, { token });
        expect(res.status).toBe(200);
        expect(res.body.slug).toBe(slug);
        res.body.steps.forEach((step: Json, i: number) => {
          expect(step.position).toBe(i + 1);
          expect(step.title).toEqual(expect.any(String));
          for (const field of step.fields) {
            typesSeen.add(field.type);
            expect(FIELD_TYPES).toContain(field.type);
            expect(typeof field.required).toBe('boolean');
            if (field.type === 'choice') expect(field.choices.length).toBeGreaterThan(1);
            else expect(field).not.toHaveProperty('choices');
          }
        });
      }
    }
    expect([...typesSeen].sort()).toEqual([...FIELD_TYPES].sort());
  });

  it('answers 404 for an unknown slug and for a slug only another workspace has', async () => {
    for (const path of [
      '/v1/form_templates/tax-return/options',
      '/v1/form_templates/incident-report/steps',
    ]) {
      const res = await t.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `Form template "${path.split('/')[3]}" not found`,
      });
    }
    expect((await t.get('/v1/form_templates/incident-report/steps', { token: t.otherToken })).status).toBe(
      200,
    );
  });

  it('needs a token', async () => {
    expect((await t.get('/v1/form_templates/nda-signature/options', { token: null })).status).toBe(401);
  });
});
