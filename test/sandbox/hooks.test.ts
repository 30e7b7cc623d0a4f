import { beforeEach, describe, expect, it } from 'vitest';
import { badRequest, startTestSandbox, useTestSandbox } from './helpers.js';

/**
 * A request log entry as the hook shows it; its number, time and duration are checked elsewhere.
 * `workspace` is the token's, once the token was accepted.
 */
const logged = (
  method: string,
  url: string,
  path: string,
  status: number,
  token: string | null,
  workspace: string | null = null,
) => ({
  seq: expect.any(Number),
  time: expect.any(String),
  method,
  url,
  path,
  status,
  duration_ms: expect.any(Number),
  token_prefix: token === null ? null : token.slice(0, 8),
  workspace,
  fault: null,
});
const t = useTestSandbox();

describe('test hooks', () => {
  beforeEach(async () => {
    expect((await t.call('DELETE', '/_sandbox/requests', { token: null })).status).toBe(204);
  });

  it('answers health without a token', async () => {
    const res = await t.get('/_sandbox/health', { token: null });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('logs every /v1 request with its query string, status and token prefix, and nothing else', async () => {
    await t.get('/v1/cases?page%5Bsize%5D=2&status=new');
    await t.get('/v1/workspaces', { token: null });
    await t.get('/v1/cases/not-a-uuid', { token: t.otherToken });
    await t.post('/v1/cases', {});
    await t.get('/_sandbox/health');
    await t.get('/elsewhere');
    const res = await t.get('/_sandbox/requests', { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      count: 4,
      cursor: res.body.requests[3].seq,
      requests: [
        logged('GET', '/v1/cases?page%5Bsize%5D=2&status=new', '/v1/cases', 200, t.token, 'acme'),
        logged('GET', '/v1/workspaces', '/v1/workspaces', 401, null),
        logged('GET', '/v1/cases/not-a-uuid', '/v1/cases/not-a-uuid', 400, t.otherToken, 'globex'),
        logged('POST', '/v1/cases', '/v1/cases', 400, t.token, 'acme'),
      ],
    });
    const seqs = res.body.requests.map((r: { seq: number }) => r.seq);
    expect(seqs).toEqual([seqs[0], seqs[0] + 1, seqs[0] + 2, seqs[0] + 3]);
  });

  it('resets the log with DELETE', async () => {
    await t.get('/v1/workspaces');
    await t.call('DELETE', '/_sandbox/requests', { token: null });
    expect((await t.get('/_sandbox/requests')).body).toEqual({
      count: 0,
      cursor: expect.any(Number),
      requests: [],
    });
  });

  it('revokes a token at once: later requests get 401 Invalid token', async () => {
    const other = await startTestSandbox();
    try {
      expect((await other.get('/v1/workspaces')).status).toBe(200);
      const res = await other.post('/_sandbox/tokens/revoke', { token: other.token }, { token: null });
      expect(res).toMatchObject({
        status: 200,
        body: { revoked: true, token_prefix: other.token.slice(0, 8) },
      });
      const after = await other.get('/v1/workspaces');
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid token' });
      expect((await other.get('/v1/workspaces', { token: other.otherToken })).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('validates revocation requests', async () => {
    const unknown = await t.post('/_sandbox/tokens/revoke', { token: 'wfd_nope' }, { token: null });
    expect(unknown.status).toBe(404);
    const missing = await t.post('/_sandbox/tokens/revoke', {}, { token: null });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].path).toEqual(['token']);
  });
});

describe('unknown endpoints', () => {
  it.each([
    ['GET', '/v1/forms-of-the-future'],
    ['DELETE', '/v1/cases'],
    ['PUT', '/v1/cases/00000000-0000-4000-8000-000000000000'],
    ['PATCH', '/v1/workspaces'],
    ['POST', '/'],
    ['POST', '/v2/cases'],
    ['GET', '/_sandbox/nothing'],
  ])('answers %s %s with 404 in the standard shape', async (method, path) => {
    const res = await t.call(method, path);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: `Route ${method}:${path} not found`,
    });
  });
});

describe('malformed requests', () => {
  it('answers a malformed URL with 400 in the standard shape, and logs it', async () => {
    await t.call('DELETE', '/_sandbox/requests');
    const res = await t.get('/v1/cases/%zz');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequest(expect.stringContaining('%zz')));
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect((await t.get('/_sandbox/requests')).body.requests).toEqual([
      logged('GET', '/v1/cases/%zz', '/v1/cases', 400, t.token),
    ]);
  });

  it('answers an empty JSON body with 400 and a body over 1 MiB with 413', async () => {
    const empty = await t.call('POST', '/v1/cases', { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual(badRequest('Body is empty; send a JSON object'));
    const large = await t.post('/v1/cases', { title: 'x'.repeat(1_100_000) });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is too large',
    });
  });
});

describe('x-request-id', () => {
  it('is on every response, unique per request', async () => {
    const responses = await Promise.all([
      t.get('/v1/workspaces'),
      t.get('/v1/workspaces', { token: null }),
      t.get('/v1/cases?page[size]=0'),
      t.get('/v1/cases?filter=x'),
      t.get('/nowhere'),
      t.get('/_sandbox/health'),
      t.call('POST', '/v1/cases', { body: '{' }),
    ]);
    const idsSeen = responses.map((res) => res.headers['x-request-id']);
    for (const id of idsSeen) expect(id).toEqual(expect.any(String));
    expect(new Set(idsSeen).size).toBe(responses.length);
  });
});
