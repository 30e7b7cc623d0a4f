import { beforeAll, describe, expect, it } from 'vitest';
import { badRequest, ids, type Json, listAll, qs, UUID_RE, useTestSandbox } from './helpers.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let templates: Json[];
const t = useTestSandbox();
beforeAll(async () => {
  templates = await listAll(t, '/v1/case_templates');
});

async function firstCase(params: Record<string, string> = {}) {
  const res = await t.get(`/v1/cases${qs({ ...params, 'page[size]': 1 })}`);
  return res.body.data[0];
}

describe('GET /v1/cases/{id}', () => {
  it('returns the bare case with steps and schema', async () => {
    const item = await firstCase({ parent_status: 'in_progress' });
    const res = await t.get(`/v1/cases/${item.id}`);
    expect(res.status).toBe(200);
    const { steps, schema, ...rest } = res.body;
    expect(rest).toEqual(item);
    expect(schema).toMatchObject({ type: 'object', properties: expect.any(Object) });
    expect(steps.length).toBeGreaterThan(0);
    steps.forEach((step: { id: string; position: number; status: string }, i: number) => {
      expect(step).toEqual({
        id: expect.stringMatching(UUID_RE),
        title: expect.any(String),
        status: expect.any(String),
        position: i + 1,
      });
    });
    expect(steps.filter((s: { status: string }) => s.status === 'in_progress')).toHaveLength(1);
  });

  it('accepts the id in upper case', async () => {
    const item = await firstCase();
    expect((await t.get(`/v1/cases/${item.id.toUpperCase()}`)).body.id).toBe(item.id);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await t.get(`/v1/cases/${UNKNOWN_ID}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Case not found' });
    // An empty id (`/v1/cases/`) is a malformed id too.
    for (const bad of ['123', 'not-a-uuid', `${UNKNOWN_ID}0`, '']) {
      const res = await t.get(`/v1/cases/${bad}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        badRequest('Invalid path parameters', [
          { message: 'must be a UUID', path: ['id'], type: 'invalid_format' },
        ]),
      );
    }
  });

  it('serves a template through the same path, marked is_template', async () => {
    const res = await t.get(`/v1/cases/${templates[0].id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...templates[0], is_template: true, schema: expect.any(Object) });
  });
});

describe('POST /v1/cases', () => {
  it('creates a draft case from a template and answers 200 with it', async () => {
    const template = templates.find((tpl) => tpl.archived_at === null);
    const body = {
      template: { id: template.id },
      title: 'Created by a test',
      data: { amount: 1200 },
      contact: { given_name: 'Åsa', family_name: 'Öberg', email: 'asa.oberg@example.com' },
    };
    const res = await t.post('/v1/cases', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(UUID_RE),
      title: 'Created by a test',
      status: 'new',
      parent_status: 'draft',
      waiting_for: 'owner',
      reference: expect.stringMatching(/^ACME-\d{6}$/),
      archived_at: null,
      is_template: false,
      template: { id: template.id, title: template.title },
      owner: { email: 'alice.martin@acme.example' },
      workspace: { id: t.sandbox.workspaces[0]!.id, slug: 'acme' },
      contact: body.contact,
      data: { amount: 1200 },
      steps: expect.any(Array),
      schema: expect.any(Object),
    });
    expect(res.body.created_at).toBe(res.body.updated_at);
    expect((await t.get(`/v1/cases/${res.body.id}`)).body).toEqual(res.body);
    const found = await listAll(t, '/v1/cases', { 'contact[search]': 'asa oberg' });
    expect(ids(found)).toEqual([res.body.id]);
  });

  it('keeps a given reference and allows a case without contact or data', async () => {
    const res = await t.post('/v1/cases', {
      template: { id: templates[0].id },
      title: 'Bare',
      reference: 'EXT-1',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reference: 'EXT-1', contact: null, data: {} });
  });

  it.each([
    ['no body', undefined, [[]]],
    ['no title', { template: { id: UNKNOWN_ID } }, [['title']]],
    ['no template', { title: 'x' }, [['template']]],
    ['an empty title', { template: { id: UNKNOWN_ID }, title: '' }, [['title']]],
    ['a malformed template id', { template: { id: 'abc' }, title: 'x' }, [['template', 'id']]],
    [
      'an invalid contact email',
      {
        template: { id: UNKNOWN_ID },
        title: 'x',
        contact: { given_name: 'A', family_name: 'B', email: 'nope' },
      },
      [['contact', 'email']],
    ],
    [
      'unknown fields',
      { template: { id: UNKNOWN_ID }, title: 'x', colour: 'red', owner: {} },
      [['colour'], ['owner']],
    ],
    ['data that is not an object', { template: { id: UNKNOWN_ID }, title: 'x', data: [1] }, [['data']]],
  ])('answers 400 with errors[] for %s', async (_name, body, paths) => {
    const res = await t.call('POST', '/v1/cases', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(badRequest('Invalid request body'));
    expect(res.body.errors.map((e: { path: string[] }) => e.path)).toEqual(paths);
    for (const e of res.body.errors)
      expect(e).toEqual({ message: expect.any(String), path: expect.any(Array), type: expect.any(String) });
  });

  it('answers 400 when the template is unknown, belongs to another workspace, or is a case', async () => {
    const foreign = await otherTemplateId();
    const aCase = (await firstCase()).id;
    for (const id of [UNKNOWN_ID, foreign, aCase]) {
      const res = await t.post('/v1/cases', { template: { id }, title: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { message: 'template not found', path: ['template', 'id'], type: 'not_found' },
      ]);
    }
  });

  it('answers 400 for malformed JSON and for a body that is not JSON', async () => {
    const malformed = await t.call('POST', '/v1/cases', { body: '{"title": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(badRequest('Body is not valid JSON'));
    const text = await t.call('POST', '/v1/cases', {
      body: 'title=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(text.body.statusCode).toBe(400);
  });
});

async function otherTemplateId(): Promise<string> {
  const res = await t.get('/v1/case_templates', { token: t.otherToken });
  return res.body.data[0].id;
}

describe('POST /v1/cases/{id}/data', () => {
  it('merges the fields into data and bumps updated_at', async () => {
    const item = await firstCase({
      'template[id]': templates.find((tpl) => tpl.title === 'Insurance claim').id,
    });
    const res = await t.post(`/v1/cases/${item.id}/data`, { amount: 4200, note: 'checked' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...item.data, amount: 4200, note: 'checked' });
    expect(res.body.updated_at > item.updated_at).toBe(true);
    expect(res.body.steps).toEqual(expect.any(Array));
    expect((await t.get(`/v1/cases/${item.id}`)).body.data.note).toBe('checked');
  });

  it.each([
    ['an empty object', {}],
    ['an array', [1]],
    ['a string', '"x"'],
    ['no body', undefined],
  ])('answers 400 for %s', async (_name, body) => {
    const item = await firstCase();
    const res = await t.call('POST', `/v1/cases/${item.id}/data`, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', errors: expect.any(Array) });
  });

  it('refuses a template in the error-list shape, and unknown ids with 404', async () => {
    const res = await t.post(`/v1/cases/${templates[0].id}/data`, { a: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [{ status: '400', title: 'Bad Request', detail: 'A case template has no data to update' }],
    });
    expect((await t.post(`/v1/cases/${UNKNOWN_ID}/data`, { a: 1 })).status).toBe(404);
  });
});

describe('POST /v1/cases/{id}: archive and unarchive', () => {
  it('archives, keeps archiving idempotent, and restores', async () => {
    const item = await firstCase({ archived: 'false' });
    const archivedBefore = (await t.get('/v1/cases/count?archived=true')).body.count;

    const archived = await t.post(`/v1/cases/${item.id}`, { archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({
      id: item.id,
      archived_at: expect.any(String),
      steps: expect.any(Array),
      schema: expect.any(Object),
    });
    expect(archived.body.updated_at).toBe(archived.body.archived_at);
    expect((await t.get('/v1/cases/count?archived=true')).body.count).toBe(archivedBefore + 1);

    const again = await t.post(`/v1/cases/${item.id}`, { archived: true });
    expect(again.body.archived_at).toBe(archived.body.archived_at);

    const restored = await t.post(`/v1/cases/${item.id}`, { archived: false });
    expect(restored.status).toBe(200);
    expect(restored.body.archived_at).toBeNull();
    expect((await t.get('/v1/cases/count?archived=true')).body.count).toBe(archivedBefore);
  });

  it('refuses a template with the spec error-list body and leaves it unchanged', async () => {
    const template = templates.find((tpl) => tpl.archived_at === null);
    const res = await t.post(`/v1/cases/${template.id}`, { archived: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [{ status: '400', title: 'Bad Request', detail: 'A case template cannot be archived' }],
    });
    expect((await t.get(`/v1/cases/${template.id}`)).body.archived_at).toBeNull();
  });

  it.each([
    ['no body', undefined],
    ['archived missing', {}],
    ['archived not a boolean', { archived: 'true' }],
  ])('answers 400 with errors[] for %s', async (_name, body) => {
    const item = await firstCase();
    const res = await t.call('POST', `/v1/cases/${item.id}`, { body });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      path: body === undefined ? [] : ['archived'],
      type: 'invalid_type',
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await t.post(`/v1/cases/${UNKNOWN_ID}`, { archived: true })).status).toBe(404);
    expect((await t.post('/v1/cases/42', { archived: true })).status).toBe(400);
  });
});

describe('query cache', () => {
  it('serves fresh results after each write', async () => {
    const params = { archived: 'false', sort: 'title' };
    const before = await listAll(t, '/v1/cases', params);
    // Read twice so the cached list is the one being reused.
    expect(await listAll(t, '/v1/cases', params)).toEqual(before);

    await t.post(`/v1/cases/${before[0].id}`, { archived: true });
    const afterArchive = await listAll(t, '/v1/cases', params);
    expect(ids(afterArchive)).toEqual(ids(before.slice(1)));

    const created = await t.post('/v1/cases', {
      template: { id: templates[0].id },
      title: '0 first by title',
    });
    const afterCreate = await listAll(t, '/v1/cases', params);
    expect(afterCreate[0].id).toBe(created.body.id);
    expect(afterCreate).toHaveLength(before.length);

    await t.post(`/v1/cases/${afterCreate[1].id}/data`, { touched: true });
    const afterUpdate = await t.get(`/v1/cases${qs({ ...params, 'page[size]': 2 })}`);
    expect(afterUpdate.body.data[1].data.touched).toBe(true);
  });
});
