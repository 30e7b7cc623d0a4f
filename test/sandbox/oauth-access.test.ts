import { describe, expect, it } from 'vitest';
import { manualClock, qs, startTestSandbox, type TestSandbox, useTestSandbox } from './helpers.js';
import { authorizationCode, CALLBACK, login, postToken, refresh } from './oauth-flow.js';

const INVALID = { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' };
const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: 'No access to this resource' };

const clock = manualClock();
const t = useTestSandbox({ clock, oauthTokenTtl: 3600 });

/** The first case id of a workspace, read with its personal token. */
async function firstCase(token: string): Promise<string> {
  return (await t.get(`/v1/cases${qs({ 'page[size]': 1 })}`, { token })).body.data[0].id;
}

describe('an OAuth access token on /v1', () => {
  it('acts for the chosen workspace and user, like a personal token of that workspace', async () => {
    const { access_token } = await login(t, { workspace: 'globex' });
    const globex = t.sandbox.workspaces[1]!;
    const res = await t.get('/v1/workspaces', { token: access_token });
    expect(res.body).toEqual({ data: [{ id: globex.id, slug: 'globex', name: 'Globex Inc.' }] });
    expect((await t.get(`/v1/cases/${await firstCase(t.otherToken)}`, { token: access_token })).status).toBe(
      200,
    );
    const template = (await t.get('/v1/case_templates', { token: access_token })).body.data.find(
      (x: { archived_at: string | null }) => x.archived_at === null,
    );
    const created = await t.post(
      '/v1/cases',
      { template: { id: template.id }, title: 'Made through OAuth' },
      { token: access_token },
    );
    expect(created.status).toBe(200);
    expect(created.body.owner.email).toBe('alice.martin@acme.example');
    expect(created.body.workspace.slug).toBe('globex');
  });

  it("gets 403 on another workspace's records", async () => {
    const { access_token } = await login(t, { workspace: 'globex' });
    const res = await t.get(`/v1/cases/${await firstCase(t.token)}`, { token: access_token });
    expect(res).toMatchObject({ status: 403, body: FORBIDDEN });
    const filtered = await t.get(`/v1/cases${qs({ 'workspace[slug]': 'acme' })}`, { token: access_token });
    expect(filtered.status).toBe(403);
  });

  it('expires after expiresIn by the clock: 401 Invalid token', async () => {
    const body = await login(t);
    expect(body.expiresIn).toBe(3600);
    clock.advance(3599_000);
    expect((await t.get('/v1/workspaces', { token: body.access_token })).status).toBe(200);
    clock.advance(1000);
    expect(await t.get('/v1/workspaces', { token: body.access_token })).toMatchObject({
      status: 401,
      body: INVALID,
    });
  });

  it('is replaced, with its refresh token, by a new authorization of the same client and workspace', async () => {
    const first = await login(t, { workspace: 'acme' });
    const other = await login(t, { workspace: 'globex' });
    const second = await login(t, { workspace: 'acme', email: 'alice.martin@acme.example' });
    expect(await t.get('/v1/workspaces', { token: first.access_token })).toMatchObject({
      status: 401,
      body: INVALID,
    });
    expect((await refresh(t, first.refresh_token)).status).toBe(400);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // Another workspace's grant is untouched.
    expect((await t.get('/v1/workspaces', { token: other.access_token })).status).toBe(200);
    expect((await t.get('/v1/workspaces', { token: second.access_token })).status).toBe(200);
  });

  it('leaves /v1 without a token at 401 Missing authorization header', async () => {
    await login(t);
    expect(await t.get('/v1/cases', { token: null })).toMatchObject({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Missing authorization header' },
    });
  });
});

describe('refresh', () => {
  it('gives a new access token, keeps the refresh token, and ends the old access token', async () => {
    const body = await login(t);
    const res = await refresh(t, body.refresh_token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.stringMatching(/^wfd_[0-9a-f]{32}$/),
      id_token: expect.any(String),
      refresh_token: body.refresh_token,
      token_type: 'Bearer',
      expiresIn: 3600,
    });
    expect(res.body.access_token).not.toBe(body.access_token);
    expect(await t.get('/v1/workspaces', { token: body.access_token })).toMatchObject({ status: 401 });
    expect((await t.get('/v1/workspaces', { token: res.body.access_token })).status).toBe(200);
    // The same refresh token keeps working.
    expect((await refresh(t, body.refresh_token)).status).toBe(200);
  });

  it('works after the access token expired, and the new one lasts expiresIn again', async () => {
    const body = await login(t);
    clock.advance(3600_000);
    const res = await refresh(t, body.refresh_token);
    expect(res.status).toBe(200);
    clock.advance(3599_000);
    expect((await t.get('/v1/workspaces', { token: res.body.access_token })).status).toBe(200);
  });
});

describe('OAuth test hooks', () => {
  it('expire an access token now, or every one of a client', async () => {
    const acme = await login(t, { workspace: 'acme' });
    const globex = await login(t, { workspace: 'globex' });
    const res = await t.post('/_sandbox/oauth/expire', { access_token: acme.access_token }, { token: null });
    expect(res).toMatchObject({ status: 200, body: { expired: 1 } });
    expect(await t.get('/v1/workspaces', { token: acme.access_token })).toMatchObject({ body: INVALID });
    expect((await t.get('/v1/workspaces', { token: globex.access_token })).status).toBe(200);

    const all = await t.post(
      '/_sandbox/oauth/expire',
      { client_id: t.sandbox.oauth.client_id },
      { token: null },
    );
    expect(all).toMatchObject({ status: 200, body: { expired: 1 } });
    expect((await t.get('/v1/workspaces', { token: globex.access_token })).status).toBe(401);
    // Refresh still works: only the access tokens expired.
    expect((await refresh(t, globex.refresh_token)).status).toBe(200);
  });

  it('answer 404 for unknown tokens and clients, never expiring personal tokens, and 400 for bad bodies', async () => {
    for (const body of [{ access_token: 'wfd_nope' }, { access_token: t.token }, { client_id: 'nobody' }]) {
      expect((await t.post('/_sandbox/oauth/expire', body, { token: null })).status).toBe(404);
    }
    expect((await t.get('/v1/workspaces')).status).toBe(200);
    for (const body of [{}, { access_token: 'a', client_id: 'b' }, { token: 'x' }]) {
      const res = await t.post('/_sandbox/oauth/expire', body, { token: null });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    expect((await t.post('/_sandbox/oauth/revoke', { refresh_token: 'x' }, { token: null })).status).toBe(
      404,
    );
  });

  it('revoke a refresh token: a later refresh gives 400', async () => {
    const body = await login(t);
    const res = await t.post(
      '/_sandbox/oauth/revoke',
      { refresh_token: body.refresh_token },
      { token: null },
    );
    expect(res).toMatchObject({ status: 200, body: { revoked: true } });
    const later = await refresh(t, body.refresh_token);
    expect(later.status).toBe(400);
    expect(later.body.message).toMatch(/authorize again/);
  });

  it('count /token requests by grant type, and reset', async () => {
    expect((await t.call('DELETE', '/_sandbox/oauth/token-requests', { token: null })).status).toBe(204);
    const body = await login(t);
    await refresh(t, body.refresh_token);
    await refresh(t, 'unknown');
    await t.call('POST', '/token', {
      token: null,
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    const log = await t.get('/_sandbox/oauth/token-requests', { token: null });
    expect(log.body).toEqual({
      count: 4,
      requests: [
        { grant_type: 'authorization_code', status: 200 },
        { grant_type: 'refresh_token', status: 200 },
        { grant_type: 'refresh_token', status: 400 },
        { grant_type: null, status: 400 },
      ],
    });
    // /token requests stay out of the /v1 request log.
    const v1 = (await t.get('/_sandbox/requests', { token: null })).body.requests;
    expect(v1.some((r: { url: string }) => !r.url.startsWith('/v1'))).toBe(false);
  });
});

describe('the per-client rate limit', () => {
  it('counts OAuth requests by client id, not by remote address', async () => {
    const own = manualClock();
    const other = {
      client_id: 'second-app',
      client_secret: 's2',
      redirect_uris: ['https://127.0.0.1/callback'],
    };
    // 2 per second per token; per client 20 per minute.
    const s = await startTestSandbox({ clock: own, rateLimit: '2/1s', oauthClients: [other] });
    try {
      const acme = await login(s, { workspace: 'acme' });
      const globex = await login(s, { workspace: 'globex' });
      for (let second = 0; second < 5; second++) {
        for (const token of [
          acme.access_token,
          acme.access_token,
          globex.access_token,
          globex.access_token,
        ]) {
          expect((await s.get('/v1/workspaces', { token })).status).toBe(200);
        }
        own.advance(1000);
      }
      // 20 requests of the default client in the last minute: both its tokens are now refused...
      const refused = await s.get('/v1/workspaces', { token: acme.access_token });
      expect(refused.status).toBe(429);
      expect(refused.body.retryAfter).toBe(55);
      expect((await s.get('/v1/workspaces', { token: globex.access_token })).status).toBe(429);
      // ...while a personal token and another client, from the same address, are not.
      expect((await s.get('/v1/workspaces')).status).toBe(200);
      expect((await s.get('/v1/workspaces', { token: await secondClientToken(s) })).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

/** An access token of the `second-app` client. */
async function secondClientToken(s: TestSandbox): Promise<string> {
  const code = await authorizationCode(s, { query: { client_id: 'second-app' } });
  const res = await postToken(s, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CALLBACK,
    client_id: 'second-app',
    client_secret: 's2',
  });
  return res.body.access_token;
}
