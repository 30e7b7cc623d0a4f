/**
 * Run tests of the OAuth login and of the token refresh: the verbs against the fake API (test/support/fake-api.ts)
 * (discovery, /token, /v1), the loopback over real HTTPS on 127.0.0.1 reached by a fake
 * browser that follows the authorize URL's redirect_uri.
 */
import { createHash } from 'node:crypto';
import { request } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { listWorkspaces } from '../../src/api/workspaces.js';
import { LoginOptions, runLogin } from '../../src/commands/auth/login.js';
import { RefreshOptions, runRefresh } from '../../src/commands/auth/refresh.js';
import { runStatus, StatusOptions } from '../../src/commands/auth/status.js';
import { runToken, TokenOptions } from '../../src/commands/auth/token.js';
import { ConfigStore, type Profile } from '../../src/core/auth/store.js';
import { AuthError, UsageError } from '../../src/core/errors.js';
import { ORIGIN, type TestContext, testContext } from '../support/context.js';

let t: TestContext;
afterEach(() => t.close());

const NOW = new Date('2026-11-23T12:00:00Z');
const CLIENT_ID = 'wfd-test-client';
const SECRET = 'client-secret-0123456789abcdef';
const ACCESS = 'wfd_11111111111111111111111111111111';
const RENEWED = 'wfd_22222222222222222222222222222222';
const REFRESH = 'wfdr_refresh-token-abcdef0123456789';
const CODE = 'code-0123456789abcdef';
const WORKSPACE = { id: '0d6e4a8e-9c1f-4c55-8a3e-3c1f9c2b7a10', slug: 'globex', name: 'Globex Inc.' };
/** An id_token whose claims are the user; its signature is not checked. */
const ID_TOKEN = `e30.${Buffer.from(JSON.stringify({ name: 'Alice Martin', email: 'alice@acme.example', locale: 'fr-FR' })).toString('base64url')}.sig`;

const METADATA = {
  issuer: ORIGIN,
  authorization_endpoint: `${ORIGIN}/authorize`,
  token_endpoint: `${ORIGIN}/token`,
  token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
};

/** No WFD_TOKEN: the profile decides. */
const OAUTH_ENV = { WFD_TOKEN: undefined, WFD_BASE_URL: undefined, WFD_CLIENT_SECRET: SECRET };

interface Browser {
  open(url: string): Promise<void>;
  /** the authorize URL it was sent to */
  url(): URL;
}

/** A browser that signs in at once and lands on the redirect URI with `answer` (and the state). */
function browser(answer: Record<string, string> = { code: CODE }): Browser {
  let seen: URL | undefined;
  return {
    async open(url) {
      seen = new URL(url);
      const back = new URL(seen.searchParams.get('redirect_uri')!);
      for (const [name, value] of Object.entries({ ...answer, state: seen.searchParams.get('state')! })) {
        back.searchParams.set(name, value);
      }
      await new Promise<void>((resolve, reject) => {
        request(back, { rejectUnauthorized: false, agent: false }, (res) => res.resume().on('end', resolve))
          .on('error', reject)
          .end();
      });
    },
    url: () => seen!,
  };
}

async function oauthContext(options: { browser?: Browser; debug?: boolean } = {}): Promise<TestContext> {
  return testContext({
    env: { ...OAUTH_ENV, WFD_BASE_URL: ORIGIN },
    stdinTTY: true,
    stdoutTTY: true,
    now: NOW,
    globals: options.debug ? { debug: true } : {},
    ...(options.browser ? { openBrowser: (url: string) => options.browser!.open(url) } : {}),
  });
}

function interceptDiscovery(metadata: object = METADATA): void {
  t.api.intercept({ path: '/.well-known/openid-configuration', method: 'GET' }).reply(200, metadata);
}

/** Matches a form body with exactly these fields (functions check a field's value). */
function formBody(expected: Record<string, string | ((value: string) => boolean)>) {
  return (body: string) => {
    const fields = Object.fromEntries(new URLSearchParams(body));
    if (Object.keys(fields).sort().join() !== Object.keys(expected).sort().join()) return false;
    return Object.entries(expected).every(([name, want]) =>
      typeof want === 'function' ? want(fields[name]!) : fields[name] === want,
    );
  };
}

function interceptWorkspaces(token: string): void {
  t.api
    .intercept({ path: '/v1/workspaces', method: 'GET', headers: { authorization: `Bearer ${token}` } })
    .reply(200, { data: [WORKSPACE] });
}

const tokenAnswer = (access: string, extra: object = {}) => ({
  access_token: access,
  id_token: ID_TOKEN,
  refresh_token: REFRESH,
  token_type: 'Bearer',
  expiresIn: 86400,
  ...extra,
});

async function savedProfile(name = 'default'): Promise<Profile | undefined> {
  return (await ConfigStore.open(t.ctx.env.WFD_CONFIG_DIR!)).profile(name);
}

function oauthProfile(overrides: Partial<NonNullable<Profile['oauth']>> = {}, token = ACCESS): Profile {
  return {
    baseUrl: ORIGIN,
    token,
    authType: 'oauth',
    workspace: WORKSPACE,
    oauth: {
      clientId: CLIENT_ID,
      clientSecret: SECRET,
      clientAuth: 'client_secret_post',
      authorizationEndpoint: `${ORIGIN}/authorize`,
      tokenEndpoint: `${ORIGIN}/token`,
      refreshToken: REFRESH,
      scope: 'offline_access',
      expiresIn: 86400,
      expiresAt: new Date(NOW.getTime() + 3_600_000).toISOString(),
      user: { name: 'Alice Martin', email: 'alice@acme.example' },
      ...overrides,
    },
  };
}

/** A context whose current profile is an OAuth login. */
async function loggedIn(
  profile: Profile = oauthProfile(),
  options: { debug?: boolean } = {},
): Promise<TestContext> {
  const context = await testContext({
    env: OAUTH_ENV,
    now: NOW,
    globals: options.debug ? { debug: true, output: 'json' } : { output: 'json' },
  });
  await (await ConfigStore.open(context.ctx.env.WFD_CONFIG_DIR!)).saveProfile('default', profile);
  return context;
}

function expectNoSecrets(text: string): void {
  for (const secret of [SECRET, REFRESH, CODE, ACCESS, RENEWED]) expect(text).not.toContain(secret);
}

async function rejection(promise: Promise<unknown>): Promise<Error & { exitCode?: number; hint?: string }> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: Error) => error,
  );
}

describe('auth login --oauth', () => {
  it('discovers, listens on 127.0.0.1, exchanges the code with PKCE and saves the grant', async () => {
    const b = browser();
    t = await oauthContext({ browser: b, debug: true });
    interceptDiscovery();
    let sentVerifier = '';
    t.api
      .intercept({
        path: '/token',
        method: 'POST',
        body: formBody({
          grant_type: 'authorization_code',
          code: CODE,
          redirect_uri: (uri) => uri === b.url().searchParams.get('redirect_uri'),
          code_verifier: (verifier) => {
            sentVerifier = verifier;
            return true;
          },
          client_id: CLIENT_ID,
          client_secret: SECRET,
        }),
      })
      .reply(200, tokenAnswer(ACCESS));
    interceptWorkspaces(ACCESS);

    await runLogin(LoginOptions.parse({ oauth: true, clientId: CLIENT_ID }), t.ctx);

    const authorize = b.url();
    expect(authorize.origin + authorize.pathname).toBe(`${ORIGIN}/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(authorize.searchParams.get('scope')).toBe('offline_access');
    // Without openid, the request is plain OAuth: nothing asks for consent again.
    expect(authorize.searchParams.get('prompt')).toBeNull();
    expect(authorize.searchParams.get('code_challenge')).toBe(
      createHash('sha256').update(sentVerifier).digest('base64url'),
    );
    expect(await savedProfile()).toEqual({
      baseUrl: ORIGIN,
      token: ACCESS,
      authType: 'oauth',
      workspace: WORKSPACE,
      savedAt: NOW.toISOString(),
      oauth: {
        clientId: CLIENT_ID,
        clientSecret: SECRET,
        clientAuth: 'client_secret_post',
        authorizationEndpoint: `${ORIGIN}/authorize`,
        tokenEndpoint: `${ORIGIN}/token`,
        refreshToken: REFRESH,
        scope: 'offline_access',
        expiresIn: 86400,
        expiresAt: '2026-11-24T12:00:00.000Z',
        user: { name: 'Alice Martin', email: 'alice@acme.example', locale: 'fr-FR' },
      },
    });
    const stderr = t.stderr();
    expect(stderr).toMatch(/^ {2}SHA-256 ([0-9A-F]{2}:){31}[0-9A-F]{2}$/m);
    expect(stderr).toContain(
      '✓ Logged in to workspace Globex Inc. (globex) as Alice Martin <alice@acme.example>; saved as profile "default"',
    );
    // --debug was on: the trace shows the token request, never what it carried.
    expect(stderr).toContain(`→ POST ${ORIGIN}/token`);
    expectNoSecrets(stderr);
    expect(t.stdout()).toBe('');
  });

  it('sends the client credentials by HTTP Basic when the server takes only that', async () => {
    t = await oauthContext({ browser: browser() });
    interceptDiscovery({ ...METADATA, token_endpoint_auth_methods_supported: ['client_secret_basic'] });
    t.api
      .intercept({
        path: '/token',
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${SECRET}`).toString('base64')}` },
        body: (body) => !new URLSearchParams(body).has('client_secret'),
      })
      .reply(200, tokenAnswer(ACCESS));
    interceptWorkspaces(ACCESS);
    await runLogin(LoginOptions.parse({ oauth: true, clientId: CLIENT_ID }), t.ctx);
    expect((await savedProfile())?.oauth?.clientAuth).toBe('client_secret_basic');
  });

  it("without a discovery document, uses the spec's /authorize and /token at the host root", async () => {
    const b = browser();
    t = await oauthContext({ browser: b });
    t.api.intercept({ path: '/.well-known/openid-configuration', method: 'GET' }).reply(404, {
      statusCode: 404,
      error: 'Not Found',
      message: 'Not found',
    });
    t.api.intercept({ path: '/token', method: 'POST' }).reply(200, tokenAnswer(ACCESS));
    interceptWorkspaces(ACCESS);
    await runLogin(
      LoginOptions.parse({ oauth: true, clientId: CLIENT_ID, scope: 'openid offline_access' }),
      t.ctx,
    );
    expect(b.url().pathname).toBe('/authorize');
    expect(b.url().searchParams.get('scope')).toBe('openid offline_access');
    // OpenID Connect Core 11: offline_access counts only with prompt=consent.
    expect(b.url().searchParams.get('prompt')).toBe('consent');
    expect((await savedProfile())?.oauth?.tokenEndpoint).toBe(`${ORIGIN}/token`);
  });

  it('a login that got no refresh token says so, with the facts, and when it must be repeated', async () => {
    t = await oauthContext({ browser: browser() });
    interceptDiscovery();
    const { refresh_token: _none, ...withoutRefresh } = tokenAnswer(ACCESS);
    t.api.intercept({ path: '/token', method: 'POST' }).reply(200, withoutRefresh);
    interceptWorkspaces(ACCESS);
    await runLogin(
      LoginOptions.parse({ oauth: true, clientId: CLIENT_ID, scope: 'openid offline_access' }),
      t.ctx,
    );
    expect(t.stderr()).toContain(
      'warning: though the scope asked for offline_access, the server issued no refresh token: when the access token expires (at 2026-11-24T12:00:00.000Z), wfd cannot renew it and you must log in again\n',
    );
  });

  it('--manual never starts a browser, even at a terminal', async () => {
    let opened = 0;
    t = await testContext({
      env: { ...OAUTH_ENV, WFD_BASE_URL: ORIGIN },
      stdinTTY: true,
      stdoutTTY: true,
      stdin: 'https://127.0.0.1/callback?code=c&state=not-this-one\n',
      now: NOW,
      openBrowser: async () => {
        opened++;
      },
    });
    interceptDiscovery();
    const error = await rejection(
      runLogin(LoginOptions.parse({ oauth: true, clientId: CLIENT_ID, manual: true }), t.ctx),
    );
    expect(error.message).toBe('the state of the redirect does not match this login: nothing was exchanged');
    expect(opened).toBe(0);
    expect(t.stderr()).toContain('Open this URL in a browser to sign in and approve access:');
  });

  it('a refusal of a scope without openid by an OpenID Connect server hints at adding openid', async () => {
    t = await oauthContext({ browser: browser({ error: 'access_denied' }) });
    interceptDiscovery({ ...METADATA, scopes_supported: ['openid', 'offline_access'] });
    const error = await rejection(runLogin(LoginOptions.parse({ oauth: true, clientId: CLIENT_ID }), t.ctx));
    expect(error.message).toBe('the authorization was refused (access_denied)');
    expect(error.hint).toBe(
      'the server speaks OpenID Connect, which may grant nothing without openid: try --scope "openid offline_access"',
    );
  });

  describe("the token endpoint's refusals: exit 3, nothing saved", () => {
    it.each([
      [401, 'Invalid client credentials', 'check the client id and its secret'],
      [401, 'Invalid authorization code', 'check the client id and its secret'],
      [401, 'redirect_uri does not match the authorization request', 'check the client id and its secret'],
      [401, 'Unsupported grant_type', 'check the client id and its secret'],
      [400, 'Malformed request body', 'log in again'],
    ])('%i %s', async (status, message, hint) => {
      t = await oauthContext({ browser: browser() });
      interceptDiscovery();
      t.api.intercept({ path: '/token', method: 'POST' }).reply(status, {
        statusCode: status,
        error: status === 401 ? 'Unauthorized' : 'Bad Request',
        message,
      });
      const error = await rejection(
        runLogin(LoginOptions.parse({ oauth: true, clientId: CLIENT_ID }), t.ctx),
      );
      expect(error).toBeInstanceOf(AuthError);
      expect(error.exitCode).toBe(3);
      expect(error.message).toBe(`the token endpoint refused the login: ${message} (HTTP ${status})`);
      expect(error.hint).toContain(hint);
      expect(await savedProfile()).toBeUndefined();
    });
  });

  it('a denial in the browser is exit 3 with its description, and no code is exchanged', async () => {
    t = await oauthContext({
      browser: browser({ error: 'access_denied', error_description: 'The user denied access' }),
    });
    interceptDiscovery();
    const error = await rejection(runLogin(LoginOptions.parse({ oauth: true, clientId: CLIENT_ID }), t.ctx));
    expect(error.message).toBe('the authorization was refused (access_denied): The user denied access');
    expect(error.exitCode).toBe(3);
  });

  it('needs a client id and a secret before it sends anything', async () => {
    t = await oauthContext();
    const noId = await rejection(runLogin(LoginOptions.parse({ oauth: true }), t.ctx));
    expect(noId).toBeInstanceOf(UsageError);
    expect(noId.message).toBe('--oauth needs the client id of the application');
    const noSecret = await testContext({
      env: { ...OAUTH_ENV, WFD_CLIENT_SECRET: undefined, WFD_BASE_URL: ORIGIN },
    });
    try {
      const error = await rejection(
        runLogin(LoginOptions.parse({ oauth: true, clientId: CLIENT_ID }), noSecret.ctx),
      );
      expect(error.message).toBe(
        'no client secret: set WFD_CLIENT_SECRET, or run on a terminal to be asked for it',
      );
      expect(error.exitCode).toBe(2);
    } finally {
      await noSecret.close();
    }
  });
});

describe('the token of an OAuth profile', () => {
  it('is renewed before use once it is due, and the new grant saved', async () => {
    t = await loggedIn(oauthProfile({ expiresAt: new Date(NOW.getTime() - 1000).toISOString() }));
    t.api
      .intercept({
        path: '/token',
        method: 'POST',
        body: formBody({
          grant_type: 'refresh_token',
          refresh_token: REFRESH,
          client_id: CLIENT_ID,
          client_secret: SECRET,
        }),
      })
      .reply(200, tokenAnswer(RENEWED, { refresh_token: undefined }));
    await runToken(TokenOptions.parse({}), t.ctx);
    expect(t.stdout()).toBe(`${RENEWED}\n`);
    const saved = await savedProfile();
    expect(saved?.token).toBe(RENEWED);
    // The spec: the refresh token stays the same.
    expect(saved?.oauth).toMatchObject({ refreshToken: REFRESH, expiresAt: '2026-11-24T12:00:00.000Z' });
  });

  it('is renewed once after a 401, shared by concurrent requests, which are then sent again', async () => {
    t = await loggedIn();
    t.api
      .intercept({ path: '/v1/workspaces', method: 'GET', headers: { authorization: `Bearer ${ACCESS}` } })
      .reply(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' })
      .times(3);
    t.api.intercept({ path: '/token', method: 'POST' }).reply(200, tokenAnswer(RENEWED));
    t.api
      .intercept({ path: '/v1/workspaces', method: 'GET', headers: { authorization: `Bearer ${RENEWED}` } })
      .reply(200, { data: [WORKSPACE] })
      .times(3);
    const client = await t.ctx.api();
    const answers = await Promise.all([1, 2, 3].map(() => client.request(listWorkspaces())));
    expect(answers.map((answer) => answer.data[0]?.slug)).toEqual(['globex', 'globex', 'globex']);
    expect((await savedProfile())?.token).toBe(RENEWED);
  });

  it('is not renewed again when another process renewed it while this one waited for the lock', async () => {
    t = await loggedIn();
    const client = await t.ctx.api();
    // Another process renews the grant after this one read the profile.
    await (await ConfigStore.open(t.ctx.env.WFD_CONFIG_DIR!)).saveProfile(
      'default',
      oauthProfile({ expiresAt: '2026-11-24T11:00:00.000Z' }, RENEWED),
    );
    t.api
      .intercept({ path: '/v1/workspaces', method: 'GET', headers: { authorization: `Bearer ${ACCESS}` } })
      .reply(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' });
    interceptWorkspaces(RENEWED);
    // No /token interceptor: a refresh request would fail the test.
    expect((await client.request(listWorkspaces())).data[0]?.id).toBe(WORKSPACE.id);
  });

  it('a refused refresh token is exit 3 and says to log in again', async () => {
    t = await loggedIn(oauthProfile(), { debug: true });
    t.api
      .intercept({ path: '/v1/workspaces', method: 'GET' })
      .reply(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' });
    t.api.intercept({ path: '/token', method: 'POST' }).reply(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid refresh token: authorize again',
    });
    const client = await t.ctx.api();
    const error = await rejection(client.request(listWorkspaces()));
    expect(error).toBeInstanceOf(AuthError);
    expect(error.message).toBe(
      'the authorization saved in profile "default" was refused by the token endpoint: Invalid refresh token: authorize again (HTTP 400)',
    );
    expect(error.hint).toBe(
      `log in again: wfd auth login --oauth --client-id ${CLIENT_ID} --profile default`,
    );
    expect((await savedProfile())?.token).toBe(ACCESS);
    expectNoSecrets(t.stderr());
  });

  it('a refused token without a refresh token: says so, not "expired", and the scope asked for offline_access', async () => {
    t = await loggedIn(oauthProfile({ refreshToken: undefined }));
    t.api
      .intercept({ path: '/v1/workspaces', method: 'GET' })
      .reply(401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid token' });
    const error = await rejection((await t.ctx.api()).request(listWorkspaces()));
    expect(error.message).toBe(
      'the server refused the access token of profile "default", and it cannot be renewed: the login got no refresh token (the server issued none, though the scope "offline_access" asked for offline_access)',
    );
    expect(error.hint).toBe(
      `log in again: wfd auth login --oauth --client-id ${CLIENT_ID} --profile default`,
    );
    expect(error.exitCode).toBe(3);
  });

  it('auth refresh without a refresh token: the token is not called expired; a scope without offline_access gets it back in the hint', async () => {
    t = await loggedIn(oauthProfile({ refreshToken: undefined, scope: 'openid' }));
    const error = await rejection(runRefresh(RefreshOptions.parse({}), t.ctx));
    expect(error.message).toBe(
      'cannot renew the access token of profile "default": the login got no refresh token (its scope "openid" does not ask for offline_access)',
    );
    expect(error.hint).toBe(
      `log in again, asking for offline_access: wfd auth login --oauth --client-id ${CLIENT_ID} --scope 'openid offline_access' --profile default`,
    );
  });
});

describe('auth refresh and auth status', () => {
  it('auth refresh renews a token that is not due', async () => {
    t = await loggedIn();
    t.api.intercept({ path: '/token', method: 'POST' }).reply(200, tokenAnswer(RENEWED, { expiresIn: 3600 }));
    await runRefresh(RefreshOptions.parse({}), t.ctx);
    expect(t.stderr()).toBe(
      '✓ Renewed the access token of profile "default"; it expires at 2026-11-23T13:00:00.000Z\n',
    );
    expect((await savedProfile())?.token).toBe(RENEWED);
  });

  it('auth refresh of a personal token is a usage error', async () => {
    t = await testContext();
    const error = await rejection(runRefresh(RefreshOptions.parse({}), t.ctx));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(
      'WFD_TOKEN holds a personal API token, which does not expire: there is nothing to refresh',
    );
  });

  it('auth status on an 80-column terminal: sentences wrapped at words, within the width', async () => {
    t = await testContext({ env: OAUTH_ENV, now: NOW, stdoutTTY: true, columns: 80 });
    await (await ConfigStore.open(t.ctx.env.WFD_CONFIG_DIR!)).saveProfile('default', oauthProfile());
    interceptWorkspaces(ACCESS);
    await runStatus(StatusOptions.parse({}), t.ctx);
    const lines = t.stdout().trimEnd().split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(t.stdout()).toContain(
      '  - The access token expires in 1h (2026-11-23 13:00 UTC); it is renewed when\n    due\n',
    );
  });

  it('auth status shows the kind of credential, the user, the client and the expiry', async () => {
    t = await loggedIn();
    interceptWorkspaces(ACCESS);
    await runStatus(StatusOptions.parse({}), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual({
      profile: 'default',
      source: 'profile default',
      auth: 'oauth',
      base_url: ORIGIN,
      base_url_from: 'profile default',
      token: 'wfd_11…',
      workspace: WORKSPACE,
      user: { name: 'Alice Martin', email: 'alice@acme.example' },
      client_id: CLIENT_ID,
      expires_at: '2026-11-23T13:00:00.000Z',
      valid: true,
      config_file: `${t.ctx.env.WFD_CONFIG_DIR}/config.json`,
      token_storage: 'file',
    });
  });
});
