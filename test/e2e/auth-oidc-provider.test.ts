/**
 * OAuth against a real authorization server: the built binary and `oidc-provider`, a certified
 * OpenID Connect server, at the spec's routes on a loopback port, with an HTTPS redirect URI.
 * The login (and what OpenID Connect makes of offline_access), a forged callback, a forced
 * refresh with refresh-token rotation, and refreshes in parallel processes.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { savedConfig, startOAuthLogin, visit } from './auth-oauth-driver.js';
import { baseEnv, lines, type RunResult, runWfd, tempDir } from './harness.js';
import { type OidcServer, startOidcServer, WORKSPACE } from './oidc-server.js';

let server: OidcServer;
const dirs: { remove(): void }[] = [];

beforeAll(async () => {
  // The client's one registered redirect URI: the loopback listens at its port.
  server = await startOidcServer({ redirectUri: `https://127.0.0.1:${await freePort()}/callback` });
});
afterAll(async () => {
  await server?.close();
  for (const dir of dirs) dir.remove();
});
beforeEach(() => {
  server.tokenCalls.length = 0;
});

function user(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = tempDir();
  dirs.push(dir);
  return {
    dir: dir.path,
    env: baseEnv({ WFD_CONFIG_DIR: dir.path, WFD_CLIENT_SECRET: server.clientSecret }),
  };
}

/**
 * `wfd auth login --oauth` with `scope`, the browser's part played by following the authorize
 * URL's redirects; `beforeCallback` runs with the URL the browser is about to land on.
 */
async function login(
  env: NodeJS.ProcessEnv,
  scope: string,
  beforeCallback?: (landing: string) => Promise<void>,
): Promise<RunResult & { authorizeUrl: URL }> {
  const running = startOAuthLogin(
    { baseUrl: server.baseUrl, oauth: { client_id: server.clientId } },
    { env, args: ['--redirect-uri', server.redirectUri, '--scope', scope, '--timeout', '20s'] },
  );
  const authorizeUrl = await Promise.race([
    running.url,
    running.result.then((r) => Promise.reject(new Error(r.stderr))),
  ]);
  const landing = await server.authorize(authorizeUrl);
  await beforeCallback?.(landing);
  await visit(landing);
  return { ...(await running.result), authorizeUrl: new URL(authorizeUrl) };
}

const refreshes = () => server.tokenCalls.filter((call) => call.grantType === 'refresh_token');

describe('login', () => {
  it('the default scope (offline_access alone) is refused: exit 3, and the hint adds openid', async () => {
    const { env } = user();
    const result = await login(env, 'offline_access');
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('error: the authorization was refused (access_denied)');
    expect(result.stderr).toContain(
      'hint: the server speaks OpenID Connect, which may grant nothing without openid: try --scope "openid offline_access"',
    );
  });

  it('openid offline_access asks for consent and gets a refresh token; a forged callback before it changes nothing', async () => {
    const { dir, env } = user();
    let forged = { status: 0, body: '' };
    const result = await login(env, 'openid offline_access', async (landing) => {
      const other = new URL(landing);
      other.searchParams.set('state', 'forged-by-another-process');
      forged = await visit(other.toString());
    });
    expect(forged.status).toBe(400);
    expect(result.code, result.stderr).toBe(0);
    expect(result.authorizeUrl.searchParams.get('prompt')).toBe('consent');
    expect(result.stderr).toMatch(/^Refused a request to https:\/\/127\.0\.0\.1:\d+\/callback \(its state/m);
    expect(result.stderr).toContain(`✓ Logged in to workspace ${WORKSPACE.name} (${WORKSPACE.slug})`);
    expect(result.stderr).not.toContain('warning:');
    expect(savedConfig(dir).profiles.default?.oauth?.refreshToken).toBeTruthy();
    const list = await runWfd(['workspaces', 'list', '-q'], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(lines(list.stdout)).toEqual([WORKSPACE.id]);
  });

  it('openid alone: the login warns that no refresh token came, and auth refresh says why from the facts', async () => {
    const { env } = user();
    const result = await login(env, 'openid');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      /^warning: the scope "openid" does not ask for offline_access, so the server issued no refresh token: when the access token expires \(at .+\), wfd cannot renew it and you must log in again$/m,
    );
    const refresh = await runWfd(['auth', 'refresh'], { env });
    expect(refresh.code).toBe(3);
    expect(refresh.stderr).toBe(
      'error: cannot renew the access token of profile "default": the login got no refresh token (its scope "openid" does not ask for offline_access)\n' +
        `hint: log in again, asking for offline_access: wfd auth login --oauth --client-id ${server.clientId} --scope 'openid offline_access' --profile default\n`,
    );
  });
});

describe('refresh', () => {
  it('auth refresh rotates the refresh token; the new tokens work and the spent one is refused', async () => {
    const { dir, env } = user();
    expect((await login(env, 'openid offline_access')).code).toBe(0);
    const before = savedConfig(dir).profiles.default!;
    const refresh = await runWfd(['auth', 'refresh'], { env });
    expect(refresh.code, refresh.stderr).toBe(0);
    const after = savedConfig(dir).profiles.default!;
    expect(after.token).not.toBe(before.token);
    expect(after.oauth?.refreshToken).toBeTruthy();
    expect(after.oauth?.refreshToken).not.toBe(before.oauth?.refreshToken);
    expect((await runWfd(['workspaces', 'list', '-q'], { env })).code).toBe(0);
    // The server rotated it: the first refresh token is spent.
    const reuse = await fetch(`${server.baseUrl}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: before.oauth!.refreshToken! }),
    });
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('processes refreshing at once: one refresh for a refused token, and forced ones in turn, each with the latest refresh token', async () => {
    const { dir, env } = user();
    expect((await login(env, 'openid offline_access')).code).toBe(0);
    server.tokenCalls.length = 0;
    // The server forgets the access token: every process meets a 401 and wants a refresh.
    await server.revokeAccessToken(savedConfig(dir).profiles.default!.token);
    const lists = await Promise.all(
      Array.from({ length: 3 }, () => runWfd(['workspaces', 'list', '-q'], { env })),
    );
    for (const list of lists) {
      expect(list.code, list.stderr).toBe(0);
      expect(lines(list.stdout)).toEqual([WORKSPACE.id]);
    }
    expect(refreshes()).toEqual([{ grantType: 'refresh_token', ok: true }]);

    // Forced refreshes all happen, one after the other under the config lock: a process that
    // sent a rotated-away refresh token would be refused (and the server would revoke the grant).
    server.tokenCalls.length = 0;
    const forced = await Promise.all(Array.from({ length: 2 }, () => runWfd(['auth', 'refresh'], { env })));
    for (const run of forced) expect(run.code, run.stderr).toBe(0);
    expect(refreshes()).toEqual(Array.from({ length: 2 }, () => ({ grantType: 'refresh_token', ok: true })));
    expect((await runWfd(['workspaces', 'list', '-q'], { env })).code).toBe(0);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
