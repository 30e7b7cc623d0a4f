import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_FILES } from '../../src/sandbox/attachments/seed.js';
import { badRequest, type Json, listAll, qs, UUID_RE, useTestSandbox } from './helpers.js';

const t = useTestSandbox();

const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: 'No access to this resource' };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const HOSTILE_NAMES = new Set(HOSTILE_FILES.map(([name]) => name));

const newForm = (overrides: Record<string, unknown> = {}) => ({
  flow: { slug: 'customer-feedback' },
  user: { email: 'zoe.weiss@example.com', given_name: 'Zoë', family_name: 'Weiß' },
  ...overrides,
});

const foreignForm = async () =>
  (await t.get(`/v1/forms${qs({ 'page[size]': 1 })}`, { token: t.otherToken })).body.data[0];

describe('POST /v1/forms', () => {
  it('creates a sent form owned by the token’s user and answers 201 with it', async () => {
    const res = await t.post(
      '/v1/forms',
      newForm({ webhooks: { 'https://hooks.example/x': ['forms:updated', 'responses:completed'] } }),
    );
    expect(res.status).toBe(201);
    const form = res.body;
    expect(form.id).toMatch(UUID_RE);
    expect(form).toMatchObject({
      status: 'sent',
      archived: false,
      active: true,
      completed: false,
      processed: false,
      flow: { slug: 'customer-feedback', customization: null },
      user: { given_name: 'Zoë', family_name: 'Weiß', email: 'zoe.weiss@example.com', phone: null },
      owner: { email: 'alice.martin@acme.example' },
      workspace: { slug: 'acme' },
      webhooks: { 'https://hooks.example/x': ['forms:updated', 'responses:completed'] },
      responses: [],
    });
    expect(form.created_at).toBe(form.updated_at);

    const read = await t.get(`/v1/forms/${form.id}`);
    expect(read).toMatchObject({ status: 200, body: form });
    const listed = await listAll(t, '/v1/forms', { 'user[email]': 'zoe.weiss@example.com' });
    expect(listed.map((f) => f.id)).toContain(form.id);
  });

  it('takes only flow.slug and user.email as required, and a customization of the template', async () => {
    const options = (await t.get('/v1/form_templates/customer-feedback/options')).body;
    const customization = options.customizations[1].id as string;
    const res = await t.post('/v1/forms', {
      flow: { slug: 'customer-feedback', customization: customization.toUpperCase() },
      user: { email: 'solo@example.com', phone: '+4930123456' },
    });
    expect(res.status).toBe(201);
    expect(res.body.flow).toEqual({ slug: 'customer-feedback', customization });
    expect(res.body.user).toEqual({
      given_name: null,
      family_name: null,
      email: 'solo@example.com',
      phone: '+4930123456',
    });
    expect(res.body.webhooks).toEqual({});
  });

  it('answers an unknown template slug with a 400 naming it', async () => {
    const res = await t.post('/v1/forms', newForm({ flow: { slug: 'tax-return' } }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      badRequest('Form template "tax-return" not found', [
        { message: 'form template not found', path: ['flow', 'slug'], type: 'not_found' },
      ]),
    );
  });

  it('treats another workspace’s template as unknown', async () => {
    const res = await t.post('/v1/forms', newForm({ flow: { slug: 'incident-report' } }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Form template "incident-report" not found');
    const globex = await t.post('/v1/forms', newForm({ flow: { slug: 'incident-report' } }), {
      token: t.otherToken,
    });
    expect(globex.status).toBe(201);
  });

  it.each([
    ['an invalid e-mail', newForm({ user: { email: 'not-an-email' } }), ['user', 'email'], 'invalid_format'],
    ['no e-mail', newForm({ user: { given_name: 'A' } }), ['user', 'email'], 'invalid_type'],
    ['no flow', { user: { email: 'a@example.com' } }, ['flow'], 'invalid_type'],
    ['an unknown field', newForm({ title: 'x' }), ['title'], 'unrecognized_keys'],
    [
      'a customization UUID that is not the template’s',
      newForm({ flow: { slug: 'customer-feedback', customization: UNKNOWN_ID } }),
      ['flow', 'customization'],
      'not_found',
    ],
    [
      'a malformed customization',
      newForm({ flow: { slug: 'customer-feedback', customization: 'x' } }),
      ['flow', 'customization'],
      'invalid_format',
    ],
    [
      'a non-http webhook URL',
      newForm({ webhooks: { 'ftp://hooks.example/x': ['forms:updated'] } }),
      ['webhooks', 'ftp://hooks.example/x'],
      'invalid_format',
    ],
    [
      'a relative webhook URL',
      newForm({ webhooks: { '/hook': ['forms:updated'] } }),
      ['webhooks', '/hook'],
      'invalid_format',
    ],
    [
      'an unknown event',
      newForm({ webhooks: { 'https://hooks.example/x': ['forms:sent'] } }),
      ['webhooks', 'https://hooks.example/x', 0],
      'invalid_value',
    ],
    [
      'no events for a URL',
      newForm({ webhooks: { 'https://hooks.example/x': [] } }),
      ['webhooks', 'https://hooks.example/x'],
      'too_small',
    ],
    [
      'an event twice',
      newForm({ webhooks: { 'https://hooks.example/x': ['forms:updated', 'forms:updated'] } }),
      ['webhooks', 'https://hooks.example/x'],
      'custom',
    ],
    ['webhooks as a list', newForm({ webhooks: ['https://hooks.example/x'] }), ['webhooks'], 'invalid_type'],
  ])('answers %s with a 400 in the standard shape', async (_name, body, path, type) => {
    const res = await t.post('/v1/forms', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.errors).toContainEqual({ message: expect.any(String), path, type });
  });

  it('refuses malformed JSON and bodies that are not objects', async () => {
    expect(
      (
        await t.call('POST', '/v1/forms', {
          body: '{"flow":',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect((await t.post('/v1/forms', [newForm()])).status).toBe(400);
  });
});

describe('PATCH /v1/forms/{id}', () => {
  let form: Json;
  beforeAll(async () => {
    form = (await t.post('/v1/forms', newForm())).body;
  });

  it('changes only the given fields and sets updated_at', async () => {
    const res = await t.call('PATCH', `/v1/forms/${form.id}`, {
      body: { status: 'reminded', processed: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...form,
      status: 'reminded',
      processed: true,
      updated_at: expect.any(String),
    });
    expect(res.body.updated_at >= form.updated_at).toBe(true);
    expect((await t.get(`/v1/forms/${form.id}`)).body).toEqual(res.body);
    form = res.body;
  });

  it('replaces webhooks whole, archives and unarchives', async () => {
    const hooks = { 'https://hooks.example/a': ['forms:archived'] };
    const archived = await t.call('PATCH', `/v1/forms/${form.id}`, {
      body: { archived: true, webhooks: hooks },
    });
    expect(archived.body).toMatchObject({ archived: true, webhooks: hooks });
    const cleared = await t.call('PATCH', `/v1/forms/${form.id}`, {
      body: { archived: false, webhooks: {} },
    });
    expect(cleared.body).toMatchObject({ archived: false, webhooks: {} });
    expect(
      await listAll(t, '/v1/forms', { archived: 'true', 'user[email]': 'zoe.weiss@example.com' }),
    ).toEqual([]);
  });

  it('keeps updated_at when nothing changes', async () => {
    const current = (await t.get(`/v1/forms/${form.id}`)).body;
    const res = await t.call('PATCH', `/v1/forms/${form.id}`, {
      body: { archived: current.archived, status: current.status },
    });
    expect(res.body.updated_at).toBe(current.updated_at);
  });

  it.each([
    ['an empty body', {}, []],
    ['an unknown field', { title: 'x' }, ['title']],
    ['a flag that is not a boolean', { active: 'yes' }, ['active']],
    ['an empty status', { status: '' }, ['status']],
    [
      'an unknown event',
      { webhooks: { 'https://hooks.example/a': ['nope'] } },
      ['webhooks', 'https://hooks.example/a', 0],
    ],
    ['a field the spec does not let PATCH change', { user: { email: 'x@example.com' } }, ['user']],
  ])('answers %s with a 400', async (_name, body, path) => {
    const res = await t.call('PATCH', `/v1/forms/${form.id}`, { body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toEqual(path);
  });
});

describe('ids in the path', () => {
  it.each([
    ['GET', (id: string) => `/v1/forms/${id}`],
    ['PATCH', (id: string) => `/v1/forms/${id}`],
    ['GET', (id: string) => `/v1/responses/${id}`],
    ['GET', (id: string) => `/v1/signatures/${id}`],
  ])('%s %s: 400 for a malformed UUID, 404 for an unknown one', async (method, path) => {
    const body = method === 'PATCH' ? { status: 'x' } : undefined;
    const malformed = await t.call(method, path('not-a-uuid'), { body });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([
      { message: 'must be a UUID', path: ['id'], type: 'invalid_format' },
    ]);
    const unknown = await t.call(method, path(UNKNOWN_ID), { body });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      statusCode: 404,
      error: 'Not Found',
      message: expect.stringMatching(/ not found$/),
    });
  });

  it('refuses another workspace’s form, response and signature with 403, and changes nothing', async () => {
    const foreign = await foreignForm();
    const completed = (
      await listAll(t, '/v1/forms', { completed: 'true', 'flow[slug]': 'nda-signature' }, t.otherToken)
    )[0];
    const detail = (await t.get(`/v1/forms/${completed.id}`, { token: t.otherToken })).body;
    const response = detail.responses[0];
    for (const attempt of [
      t.get(`/v1/forms/${foreign.id}`),
      t.call('PATCH', `/v1/forms/${foreign.id}`, { body: { status: 'stolen' } }),
      t.get(`/v1/responses/${response.id}`),
      t.get(`/v1/signatures/${response.signatures[0].id}`),
      t.get(`/v1/signatures/${response.signatures[0].id}?download=true`),
    ]) {
      expect(await attempt).toMatchObject({ status: 403, body: FORBIDDEN });
    }
    expect((await t.get(`/v1/forms/${foreign.id}`, { token: t.otherToken })).body.status).toBe(
      foreign.status,
    );
  });
});

describe('GET /v1/forms/{id} and /v1/responses/{id}', () => {
  it('includes responses, oldest first, each as /v1/responses/{id} serves it', async () => {
    const forms = await listAll(t, '/v1/forms', { 'flow[slug]': 'expense-claim', completed: 'true' });
    const detail = (await t.get(`/v1/forms/${forms[0].id}`)).body;
    expect(detail.responses.length).toBeGreaterThan(0);
    const created = detail.responses.map((r: Json) => r.created_at);
    expect(created).toEqual([...created].sort());
    for (const response of detail.responses) {
      const res = await t.get(`/v1/responses/${response.id.toUpperCase()}`);
      expect(res).toMatchObject({ status: 200, body: response });
    }
  });

  it('gives completed forms completed responses with answers to every field, files and references', async () => {
    const forms = await listAll(t, '/v1/forms', { 'flow[slug]': 'employee-onboarding', completed: 'true' });
    expect(forms.length).toBeGreaterThan(0);
    const steps = (await t.get('/v1/form_templates/employee-onboarding/steps')).body.steps;
    const required = steps.flatMap((s: Json) =>
      s.fields.filter((f: Json) => f.required).map((f: Json) => f.name),
    );
    for (const form of forms) {
      const { responses } = (await t.get(`/v1/forms/${form.id}`)).body;
      expect(responses.length).toBeGreaterThan(0);
      for (const r of responses) {
        expect(Object.keys(r).sort()).toEqual(
          [
            'answers',
            'attachments',
            'completed_at',
            'created_at',
            'form',
            'id',
            'signatures',
            'updated_at',
          ].sort(),
        );
        expect(r.form).toEqual({ id: form.id });
        expect(r.completed_at).not.toBeNull();
        for (const name of required) expect(r.answers).toHaveProperty(name);
        expect(r.answers.id_document).toEqual(r.attachments.map((a: Json) => a.id));
        expect(r.answers.signature).toBe(r.signatures[0].id);
        for (const a of r.attachments) {
          expect(Object.keys(a)).toEqual(['id', 'filename', 'content_type', 'size']);
          if (!HOSTILE_NAMES.has(a.filename))
            expect(a.filename).toMatch(/^id_document-\d+\.(pdf|png|txt|bin)$/);
          expect(a.size).toBeGreaterThan(0);
        }
        expect(r.signatures[0]).toEqual({
          id: expect.stringMatching(UUID_RE),
          signer: { name: `${form.user.given_name} ${form.user.family_name}`, email: form.user.email },
          signed_at: r.completed_at,
        });
      }
    }
  });

  it('gives open forms open responses answering the first step only', async () => {
    const forms = await listAll(t, '/v1/forms', { 'flow[slug]': 'customer-feedback' });
    const opened = forms.filter((f) => f.status === 'opened');
    expect(opened.length).toBeGreaterThan(0);
    for (const form of opened) {
      const { responses } = (await t.get(`/v1/forms/${form.id}`)).body;
      for (const r of responses) {
        expect(r.completed_at).toBeNull();
        expect(Object.keys(r.answers).sort()).toEqual(['email', 'full_name']);
      }
    }
  });
});
