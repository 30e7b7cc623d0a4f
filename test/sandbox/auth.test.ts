import { describe, expect, it } from 'vitest';
import { listAll, qs, useTestSandbox } from './helpers.js';

const MISSING = { statusCode: 401, error: 'Unauthorized', message: 'Missing authorization header' };
const INVALID = { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' };
const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: 'No access to this resource' };

const t = useTestSandbox();

describe('authentication', () => {
  it('answers 401 Missing authorization header without the header', async () => {
    const res = await t.get('/v1/cases', { token: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(MISSING);
  });

  it.each([
    ['lower-case scheme', (token: string) => `bearer ${token}`],
    ['two spaces', (token: string) => `Bearer  ${token}`],
    ['a tab', (token: string) => `Bearer\t${token}`],
    ['no scheme', (token: string) => token],
    ['another scheme', (token: string) => `Basic ${token}`],
    ['a trailing word', (token: string) => `Bearer ${token} x`],
    ['an empty value', () => ''],
    ['an unknown token', () => 'Bearer wfd_00000000000000000000000000000000'],
    ['a truncated token', (token: string) => `Bearer ${token.slice(0, -1)}`],
  ])('answers 401 Invalid token for %s', async (_name, header) => {
    const res = await t.get('/v1/workspaces', { token: null, headers: { authorization: header(t.token) } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  it('checks the token before routing, so unknown /v1 paths need one too', async () => {
    expect((await t.get('/v1/nothing-here', { token: null })).status).toBe(401);
    expect((await t.get('/v1/nothing-here')).status).toBe(404);
  });

  it('issues tokens of the form wfd_<32 hex>, one per workspace', () => {
    expect(t.sandbox.workspaces.map((w) => w.slug)).toEqual(['acme', 'globex']);
    for (const w of t.sandbox.workspaces) expect(w.token).toMatch(/^wfd_[0-9a-f]{32}$/);
    expect(t.token).not.toBe(t.otherToken);
  });
});

describe('workspaces', () => {
  it('lists exactly the token workspace', async () => {
    const [acme, globex] = t.sandbox.workspaces;
    const res = await t.get('/v1/workspaces');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [{ id: acme!.id, slug: 'acme', name: 'Acme Corporation' }] });
    const other = await t.get('/v1/workspaces', { token: t.otherToken });
    expect(other.body).toEqual({ data: [{ id: globex!.id, slug: 'globex', name: 'Globex Inc.' }] });
  });
});

describe('403 for other workspaces', () => {
  it('refuses reading, archiving and updating a case of another workspace', async () => {
    const res = await t.get(`/v1/cases${qs({ 'page[size]': 1 })}`, { token: t.otherToken });
    const foreign = res.body.data[0].id as string;
    for (const attempt of [
      t.get(`/v1/cases/${foreign}`),
      t.post(`/v1/cases/${foreign}`, { archived: true }),
      t.post(`/v1/cases/${foreign}/data`, { note: 'x' }),
    ]) {
      const answer = await attempt;
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(FORBIDDEN);
    }
    // Still unarchived and unchanged for its owner.
    const own = await t.get(`/v1/cases/${foreign}`, { token: t.otherToken });
    expect(own.status).toBe(200);
    expect(own.body.data).not.toHaveProperty('note');
  });

  it.each([
    ['workspace[id] of another workspace', () => ({ 'workspace[id]': t.sandbox.workspaces[1]!.id })],
    ['workspace[id] of no workspace', () => ({ 'workspace[id]': '00000000-0000-4000-8000-000000000000' })],
    ['workspace[slug] of another workspace', () => ({ 'workspace[slug]': 'globex' })],
  ])('refuses a %s filter', async (_name, params) => {
    for (const path of ['/v1/cases', '/v1/cases/count', '/v1/case_templates']) {
      const res = await t.get(`${path}${qs(params())}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
  });

  it('accepts its own workspace by id (any case) or slug', async () => {
    const all = await listAll(t, '/v1/cases');
    const { id } = t.sandbox.workspaces[0]!;
    expect(await listAll(t, '/v1/cases', { 'workspace[id]': id.toUpperCase() })).toEqual(all);
    expect(await listAll(t, '/v1/cases', { 'workspace[slug]': 'acme' })).toEqual(all);
  });

  it('validates workspace[id] as a UUID before the access check', async () => {
    const res = await t.get(`/v1/cases${qs({ 'workspace[id]': 'acme' })}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { message: 'must be a UUID', path: ['workspace', 'id'], type: 'invalid_format' },
    ]);
  });
});
