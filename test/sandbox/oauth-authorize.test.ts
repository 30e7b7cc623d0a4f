import { describe, expect, it } from 'vitest';
import { manualClock, startTestSandbox, useTestSandbox } from './helpers.js';
import { authorize, CALLBACK, getAuthorize, inputValue, postForm, signIn } from './oauth-flow.js';

const t = useTestSandbox();

describe('GET /.well-known/openid-configuration', () => {
  it('describes the endpoints at the host root, the grants, scopes and client auth methods', async () => {
    const res = await t.get('/.well-known/openid-configuration', { token: null });
    expect(res.status).toBe(200);
    const base = t.sandbox.baseUrl;
    expect(res.body).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
    expect(res.body.scopes_supported).toContain('offline_access');
  });
});

describe('the default client', () => {
  it('is derived from the seed, with loopback redirect URIs', async () => {
    const again = await startTestSandbox();
    const other = await startTestSandbox({ seed: 2 });
    try {
      expect(again.sandbox.oauth).toEqual(t.sandbox.oauth);
      expect(other.sandbox.oauth.client_id).not.toBe(t.sandbox.oauth.client_id);
      expect(other.sandbox.oauth.client_secret).not.toBe(t.sandbox.oauth.client_secret);
      expect(t.sandbox.oauth.redirect_uris).toContain('https://127.0.0.1/callback');
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
  });

  it('refuses invalid provisioned clients at start-up', async () => {
    const client = { client_id: 'x', client_secret: 's', redirect_uris: ['http://127.0.0.1/callback'] };
    await expect(startTestSandbox({ oauthClients: [client] })).rejects.toThrow(
      'Invalid OAuth client "x": redirect_uri must use https://',
    );
  });
});

describe('GET /authorize: an untrustworthy client or redirect shows an error page and never redirects', () => {
  const client = () => t.sandbox.oauth.client_id;
  it.each([
    ['an empty client_id', () => ({ client_id: '' }), 'The request has no client_id.'],
    ['an unknown client_id', () => ({ client_id: 'nobody' }), 'The client_id "nobody" is not registered.'],
    ['an empty redirect_uri', () => ({ redirect_uri: '' }), 'The request has no redirect_uri.'],
    ['http://', () => ({ redirect_uri: 'http://127.0.0.1:8123/callback' }), 'must use https://'],
    ['a relative URI', () => ({ redirect_uri: '/callback' }), 'is not an absolute URL'],
    ['code in its query', () => ({ redirect_uri: `${CALLBACK}?code=1` }), 'query parameter code'],
    ['state in its query', () => ({ redirect_uri: `${CALLBACK}?a=1&state=2` }), 'query parameter state'],
    ['error in its query', () => ({ redirect_uri: `${CALLBACK}?error=x` }), 'query parameter error'],
    [
      'error_description in its query',
      () => ({ redirect_uri: `${CALLBACK}?error_description=x` }),
      'query parameter error_description',
    ],
    ['a fragment', () => ({ redirect_uri: `${CALLBACK}#top` }), 'must not contain a fragment'],
    ['an unregistered path', () => ({ redirect_uri: 'https://127.0.0.1:8123/other' }), 'is not registered'],
    ['an unregistered host', () => ({ redirect_uri: 'https://evil.example/callback' }), 'is not registered'],
    ['a registered URI with a query added', () => ({ redirect_uri: `${CALLBACK}?x=1` }), 'is not registered'],
    ['port 0', () => ({ redirect_uri: 'https://127.0.0.1:0/callback' }), 'is not registered'],
    ['a repeated client_id', () => ({}), 'client_id is given more than once'],
  ])('%s', async (name, query, message) => {
    const res =
      name === 'a repeated client_id'
        ? await t.get(`/authorize?client_id=${client()}&client_id=${client()}&response_type=code`, {
            token: null,
          })
        : await getAuthorize(t, query());
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>Authorization failed</h1>');
    expect(res.body).toContain(message.replaceAll('"', '&quot;'));
    expect(res.body).not.toContain('<form');
  });

  it('a missing client_id parameter', async () => {
    const res = await t.get(`/authorize?redirect_uri=${encodeURIComponent(CALLBACK)}`, { token: null });
    expect(res.status).toBe(400);
    expect(res.body).toContain('The request has no client_id.');
  });

  it('escapes echoed values, so a crafted client_id or redirect_uri cannot inject markup', async () => {
    const res = await getAuthorize(t, { client_id: '<script>alert(1)</script>"' });
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    expect(res.body).not.toContain('<script>');
    const uri = await getAuthorize(t, { redirect_uri: 'https://x/"><img src=x onerror=alert(1)>' });
    expect(uri.body).not.toContain('<img');
  });
});

describe('GET /authorize: other errors redirect back with error, error_description and state', () => {
  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ response_type: '' }, 'invalid_request'],
    [{ scope: 'admin' }, 'invalid_scope'],
    [{ code_challenge: 'short', code_challenge_method: 'S256' }, 'invalid_request'],
    [{ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }, 'invalid_request'],
  ])('%j -> %s', async (query, error) => {
    const res = await getAuthorize(t, query);
    expect(res.status).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('error_description')).toEqual(expect.any(String));
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('a missing response_type or a repeated parameter is invalid_request', async () => {
    const base = `/authorize?client_id=${t.sandbox.oauth.client_id}&redirect_uri=${encodeURIComponent(CALLBACK)}`;
    const missing = await t.get(`${base}&state=s1`, { token: null });
    expect(String(missing.headers.location)).toBe(
      `${CALLBACK}?error=invalid_request&error_description=response_type+is+missing&state=s1`,
    );
    const repeated = await t.get(`${base}&response_type=code&scope=openid&scope=email`, { token: null });
    expect(new URL(String(repeated.headers.location)).searchParams.get('error')).toBe('invalid_request');
  });
});

describe('the sign-in page', () => {
  it('is an accessible form: main, heading, labelled e-mail field with autofocus, no script', async () => {
    const res = await getAuthorize(t);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const page: string = res.body;
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(page).toMatch(/<main>\s*<h1>Sign in<\/h1>/);
    expect(page).toContain('<label for="email">E-mail address</label>');
    expect(page).toMatch(/<input id="email" name="email" type="email"[^>]* autofocus/);
    expect(page).toContain('<form method="post" action="/authorize/sign-in">');
    expect(page).toContain('<button type="submit">Continue</button>');
    expect(page).not.toContain('<script');
  });

  it('escapes the echoed e-mail of a failed sign-in and ties the error to the field', async () => {
    const start = await getAuthorize(t);
    const res = await signIn(t, start.body, '"><b>x</b>@example.com');
    expect(res.status).toBe(400);
    expect(res.body).toContain('value="&quot;&gt;&lt;b&gt;x&lt;/b&gt;@example.com"');
    expect(res.body).not.toContain('<b>x</b>');
    expect(res.body).toMatch(/aria-describedby="email-error email-hint" aria-invalid="true"/);
    expect(res.body).toContain('<p id="email-error" class="error">No sandbox user has the e-mail address');
    expect(res.body).toContain('<title>Error: Sign in');
  });

  it('accepts the e-mail again on the page it shows after a failure', async () => {
    const start = await getAuthorize(t);
    const failed = await signIn(t, start.body, '');
    expect(failed.status).toBe(400);
    expect(failed.body).toContain('Enter your e-mail address.');
    const ok = await signIn(t, failed.body, 'dana.kim@globex.example');
    expect(ok.status).toBe(200);
  });

  it('does not echo the state into the page', async () => {
    const res = await getAuthorize(t, { state: '<svg onload=alert(1)>' });
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('<svg');
  });
});

describe('the workspace choice', () => {
  it('offers the first acme owner both workspaces, and others their own', async () => {
    const start = await getAuthorize(t);
    const alice = await signIn(t, start.body, 'ALICE.MARTIN@acme.example');
    expect(alice.status).toBe(200);
    const [acme, globex] = t.sandbox.workspaces;
    expect([...alice.body.matchAll(/name="workspace" value="([^"]+)"/g)].map((m) => m[1])).toEqual([
      acme!.id,
      globex!.id,
    ]);
    expect(alice.body).toContain('<legend>Workspace to give access to</legend>');
    expect(alice.body).toMatch(/<input type="radio" id="workspace-1"[^>]* checked autofocus>/);
    expect(alice.body).toContain('<label for="workspace-2">Globex Inc.');
    expect(alice.body).toContain('<button type="submit" name="decision" value="approve">Approve</button>');
    expect(alice.body).toContain('name="decision" value="deny"');

    const again = await getAuthorize(t);
    const hank = await signIn(t, again.body, 'hank.scorpio@globex.example');
    expect([...hank.body.matchAll(/name="workspace" value="([^"]+)"/g)].map((m) => m[1])).toEqual([
      globex!.id,
    ]);
  });

  it('asks again when approval names no workspace, or one the user is not a member of', async () => {
    const start = await getAuthorize(t);
    const hank = await signIn(t, start.body, 'hank.scorpio@globex.example');
    const res = await postForm(t, '/authorize/consent', {
      session: inputValue(hank.body, 'session'),
      csrf: inputValue(hank.body, 'csrf'),
      workspace: t.sandbox.workspaces[0]!.id,
      decision: 'approve',
    });
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('<fieldset aria-describedby="workspace-error">');
    expect(res.body).toContain('<p id="workspace-error" class="error">Choose a workspace.</p>');
  });
});

describe('the decision', () => {
  it('approval redirects (303) to the redirect_uri with a code and the same state', async () => {
    const location = await authorize(t, { query: { state: 'a b&c=d' }, workspace: 'globex' });
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(location.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
    expect(location.searchParams.get('state')).toBe('a b&c=d');
    expect(location.searchParams.has('error')).toBe(false);
  });

  it('keeps the query of a registered redirect URI and omits a state that was not sent', async () => {
    const client = {
      client_id: 'with-query',
      client_secret: 'secret',
      redirect_uris: ['https://app.example:8443/cb?tenant=a%20b'],
    };
    const own = await startTestSandbox({ oauthClients: [client] });
    try {
      const start = await own.get(
        `/authorize?client_id=with-query&response_type=code&redirect_uri=${encodeURIComponent(client.redirect_uris[0]!)}`,
        { token: null },
      );
      const consent = await signIn(own, start.body, 'dana.kim@globex.example');
      const done = await postForm(own, '/authorize/consent', {
        session: inputValue(consent.body, 'session'),
        csrf: inputValue(consent.body, 'csrf'),
        workspace: inputValue(consent.body, 'workspace'),
        decision: 'approve',
      });
      expect(String(done.headers.location)).toMatch(
        /^https:\/\/app\.example:8443\/cb\?tenant=a%20b&code=[0-9a-f]{32}$/,
      );
    } finally {
      await own.close();
    }
  });

  it('denial redirects with access_denied, error_description and the state, and no code', async () => {
    const location = await authorize(t, { decision: 'deny' });
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBe('The user denied access');
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('accepts any port on a registered loopback URI, and localhost too', async () => {
    for (const uri of ['https://127.0.0.1:1/callback', 'https://localhost:65535/callback']) {
      const location = await authorize(t, { query: { redirect_uri: uri } });
      expect(`${location.origin}${location.pathname}`).toBe(uri);
    }
  });
});

describe('anti-CSRF and sessions', () => {
  it('refuses a form without its current anti-CSRF value, and a form posted twice', async () => {
    const start = await getAuthorize(t);
    const forged = await postForm(t, '/authorize/sign-in', {
      session: inputValue(start.body, 'session'),
      csrf: 'f'.repeat(32),
      email: 'alice.martin@acme.example',
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toContain('This page has expired or was already used.');

    const consent = await signIn(t, start.body, 'alice.martin@acme.example');
    // The sign-in page's value was used up: the consent page shows a new one.
    expect(inputValue(consent.body, 'csrf')).not.toBe(inputValue(start.body, 'csrf'));
    expect((await signIn(t, start.body, 'alice.martin@acme.example')).status).toBe(400);

    const fields = {
      session: inputValue(consent.body, 'session'),
      csrf: inputValue(consent.body, 'csrf'),
      workspace: inputValue(consent.body, 'workspace'),
      decision: 'approve',
    };
    expect((await postForm(t, '/authorize/consent', fields)).status).toBe(303);
    const twice = await postForm(t, '/authorize/consent', fields);
    expect(twice.status).toBe(400);
    expect(twice.headers.location).toBeUndefined();
  });

  it('refuses a decision before sign-in, and bodies that are not a form of strings', async () => {
    const start = await getAuthorize(t);
    const early = await postForm(t, '/authorize/consent', {
      session: inputValue(start.body, 'session'),
      csrf: inputValue(start.body, 'csrf'),
      decision: 'approve',
    });
    expect(early.status).toBe(400);
    for (const body of ['{"session": 1}', '[]']) {
      const res = await t.call('POST', '/authorize/sign-in', { token: null, body });
      expect(res.status).toBe(400);
      expect(res.body).toContain('This page has expired or was already used.');
    }
    const text = await t.call('POST', '/authorize/sign-in', {
      token: null,
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(text.body).toContain('The form could not be read.');
  });

  it('lets a session lapse after 10 minutes', async () => {
    const clock = manualClock();
    const own = await startTestSandbox({ clock });
    try {
      const start = await getAuthorize(own);
      clock.advance(10 * 60_000);
      const res = await signIn(own, start.body, 'alice.martin@acme.example');
      expect(res.status).toBe(400);
      expect(res.body).toContain('This page has expired or was already used.');
    } finally {
      await own.close();
    }
  });
});
