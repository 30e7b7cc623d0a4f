import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { badRequest, type Json, manualClock, startTestSandbox, useTestSandbox } from './helpers.js';
import {
  authorizationCode,
  CALLBACK,
  credentials,
  login,
  postForm,
  postToken,
  refresh,
} from './oauth-flow.js';

const OTHER_CLIENT = {
  client_id: 'other-app',
  client_secret: 'other-secret',
  redirect_uris: ['https://127.0.0.1/callback'],
};

const t = useTestSandbox({ oauthClients: [OTHER_CLIENT] });

/** The payload of a JWT after checking its HS256 signature with `secret`. */
function verifiedClaims(jwt: string, secret: string): Json {
  const [header, payload, signature] = jwt.split('.');
  expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  expect(signature).toBe(expected);
  return JSON.parse(Buffer.from(payload!, 'base64url').toString());
}

function expectError(res: { status: number; body: Json }, status: number, message?: RegExp) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({
    statusCode: status,
    error: status === 401 ? 'Unauthorized' : 'Bad Request',
    message: expect.any(String),
    error_description: res.body.message,
  });
  if (message) expect(res.body.message).toMatch(message);
}

describe('POST /token with grant_type=authorization_code', () => {
  it.each([
    ['JSON', 'client_secret_post'],
    ['JSON', 'client_secret_basic'],
    ['form-encoded', 'client_secret_post'],
    ['form-encoded', 'client_secret_basic'],
  ])('answers the spec fields for a %s body with %s', async (encoding, method) => {
    const code = await authorizationCode(t);
    const fields = { grant_type: 'authorization_code', code, redirect_uri: CALLBACK };
    const { client_id, client_secret } = t.sandbox.oauth;
    const res = await postToken(
      t,
      method === 'client_secret_post' ? { ...fields, ...credentials(t) } : fields,
      {
        form: encoding === 'form-encoded',
        ...(method === 'client_secret_basic'
          ? { basic: [client_id, client_secret] as [string, string] }
          : {}),
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      access_token: expect.stringMatching(/^wfd_[0-9a-f]{32}$/),
      id_token: expect.any(String),
      refresh_token: expect.stringMatching(/^wfdr_[0-9a-f]{64}$/),
      token_type: 'Bearer',
      expiresIn: 86400,
    });
  });

  it('signs an id_token with the user profile, for this client', async () => {
    const clock = manualClock();
    const own = await startTestSandbox({ clock });
    try {
      const body = await login(own, { query: { nonce: 'n-0S6' } });
      const claims = verifiedClaims(body.id_token, own.sandbox.oauth.client_secret);
      const iat = Math.floor(clock.now() / 1000);
      expect(claims).toEqual({
        iss: own.sandbox.baseUrl,
        sub: expect.stringMatching(/^[0-9a-f-]{36}$/),
        aud: own.sandbox.oauth.client_id,
        iat,
        exp: iat + 86400,
        name: 'Alice Martin',
        email: 'alice.martin@acme.example',
        locale: 'fr-FR',
        nonce: 'n-0S6',
      });
    } finally {
      await own.close();
    }
  });

  it('gives no refresh token when the scope leaves out offline_access', async () => {
    const body = await login(t, { query: { scope: 'openid email' } });
    expect(body).not.toHaveProperty('refresh_token');
    expect(body.access_token).toMatch(/^wfd_/);
  });

  it('checks a PKCE S256 code_verifier when the authorization request had a challenge', async () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = { code_challenge: challenge, code_challenge_method: 'S256' };
    const exchange = async (extra: Record<string, string>) =>
      postToken(t, {
        grant_type: 'authorization_code',
        code: await authorizationCode(t, { query }),
        redirect_uri: CALLBACK,
        ...credentials(t),
        ...extra,
      });
    expectError(await exchange({}), 401, /code_verifier/);
    expectError(await exchange({ code_verifier: `${verifier}x` }), 401, /code_verifier/);
    expect((await exchange({ code_verifier: verifier })).status).toBe(200);
  });
});

describe('the error table: 401', () => {
  const exchange = async (fields: Record<string, string | undefined>, options = {}) => {
    const code = await authorizationCode(t);
    const body = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      ...credentials(t),
      ...fields,
    };
    const defined = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    return postToken(t, defined, options);
  };

  it('a wrong client secret, in the body or by Basic (which is told the scheme)', async () => {
    expectError(await exchange({ client_secret: 'wrong' }), 401, /Client authentication failed/);
    const basic = await exchange(
      { client_id: undefined, client_secret: undefined },
      { basic: [t.sandbox.oauth.client_id, 'wrong'] },
    );
    expectError(basic, 401);
    expect(basic.headers['www-authenticate']).toBe('Basic realm="wfd sandbox"');
  });

  it('missing client credentials, an unknown client, a malformed Basic header', async () => {
    expectError(await exchange({ client_id: undefined, client_secret: undefined }), 401);
    expectError(await exchange({ client_secret: undefined }), 401);
    expectError(await exchange({ client_id: 'nobody' }), 401);
    const headers = { authorization: 'Basic !!!' };
    const code = await authorizationCode(t);
    const res = await t.call('POST', '/token', {
      token: null,
      body: { grant_type: 'authorization_code', code, redirect_uri: CALLBACK },
      headers,
    });
    expectError(res, 401);
  });

  it('a Basic client beside another client_id in the body', async () => {
    const res = await exchange(
      { client_id: 'other-app', client_secret: undefined },
      { basic: [t.sandbox.oauth.client_id, t.sandbox.oauth.client_secret] },
    );
    expectError(res, 401);
  });

  it('a reused code, which also revokes the tokens it gave (RFC 6749 10.5)', async () => {
    const code = await authorizationCode(t, { workspace: 'globex' });
    const fields = { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, ...credentials(t) };
    const first = await postToken(t, fields);
    expect(first.status).toBe(200);
    expectError(await postToken(t, fields), 401, /already used/);
    expect((await t.get('/v1/workspaces', { token: first.body.access_token })).status).toBe(401);
    expectError(await refresh(t, first.body.refresh_token), 400);
  });

  it('a redirect_uri differing from step 1, or left out', async () => {
    expectError(await exchange({ redirect_uri: 'https://127.0.0.1:9999/callback' }), 401, /redirect_uri/);
    expectError(await exchange({ redirect_uri: undefined }), 401, /redirect_uri/);
  });

  it.each(['password', 'client_credentials', 'implicit'])('an unsupported grant_type %s', async (grant) => {
    expectError(await exchange({ grant_type: grant }), 401, /Unsupported grant_type/);
  });

  it('an unknown code, and a code issued to another client', async () => {
    expectError(await exchange({ code: '0'.repeat(32) }), 401, /unknown or has expired/);
    expectError(await exchange({ client_id: 'other-app', client_secret: 'other-secret' }), 401, /unknown/);
  });

  it('a code older than 10 minutes', async () => {
    const clock = manualClock();
    const own = await startTestSandbox({ clock });
    try {
      const code = await authorizationCode(own);
      clock.advance(10 * 60_000);
      const res = await postToken(own, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        ...credentials(own),
      });
      expectError(res, 401, /expired/);
    } finally {
      await own.close();
    }
  });
});

describe('the error table: 400', () => {
  it.each([
    ['invalid JSON', '{"grant_type":', 'application/json'],
    ['a JSON array', '[]', 'application/json'],
    ['a JSON string', '"x"', 'application/json'],
    ['another content type', 'grant_type=refresh_token', 'text/plain'],
    ['an empty JSON body', '', 'application/json'],
  ])('a malformed body: %s', async (_name, body, type) => {
    const res = await t.call('POST', '/token', { token: null, body, headers: { 'content-type': type } });
    expectError(res, 400);
  });

  it('no body at all', async () => {
    expectError(await t.call('POST', '/token', { token: null }), 400);
  });

  it('a repeated parameter, or one that is not a string', async () => {
    const repeated = await t.call('POST', '/token', {
      token: null,
      body: `grant_type=refresh_token&grant_type=refresh_token&client_id=${t.sandbox.oauth.client_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(repeated, 400, /grant_type is given more than once/);
    const number = await t.call('POST', '/token', {
      token: null,
      body: { grant_type: 'refresh_token', refresh_token: 42, ...credentials(t) },
    });
    expectError(number, 400, /refresh_token must be a string/);
  });

  it('a missing grant_type, code or refresh_token', async () => {
    expectError(await postToken(t, credentials(t)), 400, /grant_type is missing/);
    expectError(await postToken(t, { grant_type: 'authorization_code', ...credentials(t) }), 400, /code/);
    expectError(await postToken(t, { grant_type: 'refresh_token', ...credentials(t) }), 400, /refresh_token/);
  });

  it('client credentials sent two ways at once', async () => {
    const { client_id, client_secret } = t.sandbox.oauth;
    const res = await postToken(
      t,
      { grant_type: 'refresh_token', refresh_token: 'x', client_secret },
      { basic: [client_id, client_secret] },
    );
    expectError(res, 400, /one way/);
  });

  it('an unknown refresh token, and one issued to another client', async () => {
    expectError(await refresh(t, `wfdr_${'0'.repeat(64)}`), 400, /authorize again/);
    const body = await login(t);
    const other = await postToken(t, {
      grant_type: 'refresh_token',
      refresh_token: body.refresh_token,
      client_id: 'other-app',
      client_secret: 'other-secret',
    });
    expectError(other, 400);
  });
});

describe('form bodies', () => {
  it('are parsed only by the OAuth routes: /v1 stays JSON-only', async () => {
    const res = await postForm(t, '/v1/cases', { title: 'x' }, { authorization: `Bearer ${t.token}` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequest('Unsupported Content-Type; send application/json'));
  });
});
