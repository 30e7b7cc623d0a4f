/**
 * OAuth end to end without a browser: the built binary against a sandbox, the authorize pages
 * driven over plain HTTP. Login by loopback and by --manual, refresh during a long listing,
 * two processes sharing one refresh, the refusals, Ctrl-C and a busy port, and no secret in any
 * output, trace or process argument.
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hook, oauthLogin, savedConfig, startOAuthLogin } from './auth-oauth-driver.js';
import {
  BIN,
  baseEnv,
  collectRun,
  lines,
  type RunResult,
  runWfd,
  type StartedSandbox,
  startSandbox,
  tempDir,
} from './harness.js';

let sandbox: StartedSandbox;
const dirs: { remove(): void }[] = [];

beforeAll(async () => {
  sandbox = await startSandbox(['--rate-limit', 'off', '--no-profile', '--cases', '400']);
});
afterAll(async () => {
  await sandbox.stop();
  for (const dir of dirs) dir.remove();
});
beforeEach(async () => {
  await hook(sandbox, 'DELETE', '/oauth/token-requests');
});

/** A fresh config folder and the environment of a user who has the client secret. */
function user(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = tempDir();
  dirs.push(dir);
  return {
    dir: dir.path,
    env: baseEnv({ WFD_CONFIG_DIR: dir.path, WFD_CLIENT_SECRET: sandbox.oauth.client_secret }),
  };
}

async function tokenRequests(): Promise<{ grant_type: string | null; status: number }[]> {
  return ((await hook(sandbox, 'GET', '/oauth/token-requests')) as { requests: [] }).requests;
}

/** The ids `cases list --all -q` prints with the personal token of a workspace: what OAuth must match. */
async function casesOf(slug: string): Promise<string[]> {
  const workspace = sandbox.workspaces.find((w) => w.slug === slug)!;
  const env = baseEnv({ WFD_TOKEN: workspace.token, WFD_BASE_URL: sandbox.baseUrl });
  const result = await runWfd(['cases', 'list', '--all', '-q'], { env });
  expect(result.code, result.stderr).toBe(0);
  return lines(result.stdout);
}

/** Makes the saved access token due now, as hours passing would. */
function makeDue(dir: string): void {
  const config = savedConfig(dir);
  config.profiles.default!.oauth!.expiresAt = '2020-01-01T00:00:00.000Z';
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
}

function expectNoSecrets(text: string, dir: string): void {
  const profile = savedConfig(dir).profiles.default;
  const secrets = [sandbox.oauth.client_secret, profile?.token, profile?.oauth?.refreshToken].filter(Boolean);
  for (const secret of secrets) expect(text).not.toContain(secret);
}

/**
 * `wfd args` as nobody, from a copy of the built binary in a folder nobody may read: the checkout
 * itself may sit where other users cannot enter (a home folder of mode 0700).
 */
async function runAsNobody(args: string[], env: NodeJS.ProcessEnv, stdin: string): Promise<RunResult> {
  const install = tempDir('wfd-e2e-nobody-');
  dirs.push(install);
  chmodSync(install.path, 0o755);
  const checkout = join(dirname(BIN), '..');
  for (const part of ['bin', 'dist', 'package.json']) {
    cpSync(join(checkout, part), join(install.path, part), { recursive: true });
  }
  const cache = join(install.path, 'cache');
  mkdirSync(cache);
  chmodSync(cache, 0o777);
  const child = spawn(process.execPath, [join(install.path, 'bin', 'wfd.js'), ...args], {
    env: { ...env, HOME: install.path, WFD_CACHE_DIR: cache },
    cwd: install.path,
    uid: 65534,
    gid: 65534,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return collectRun(child, stdin);
}

describe('auth login --oauth', () => {
  it('loopback: signs in, picks the second workspace, and cases list shows that workspace’s cases', async () => {
    const { dir, env } = user();
    const login = await oauthLogin(sandbox, { env, args: ['--debug'] });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(
      '✓ Logged in to workspace Globex Inc. (globex) as Alice Martin <alice.martin@acme.example>; saved as profile "default"',
    );
    expect(login.stderr).toMatch(/^ {2}SHA-256 ([0-9A-F]{2}:){31}[0-9A-F]{2}$/m);
    const list = await runWfd(['cases', 'list', '--all', '-q'], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(lines(list.stdout)).toEqual(await casesOf('globex'));
    // The --debug trace of the login, and every later output, holds no secret.
    expectNoSecrets(login.stderr + login.stdout + list.stderr, dir);
    const status = await runWfd(['auth', 'status', '--json'], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({
      auth: 'oauth',
      user: { name: 'Alice Martin', email: 'alice.martin@acme.example' },
      client_id: sandbox.oauth.client_id,
      workspace: { slug: 'globex' },
      valid: true,
    });
    expectNoSecrets(status.stdout, dir);
  });

  it('--manual: the pasted address logs in; the secret never appears in the process arguments', async () => {
    const { dir, env } = user();
    let cmdline = '';
    const login = await oauthLogin(sandbox, {
      env,
      manual: true,
      workspace: 'acme',
      whileWaiting: (child) => {
        cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8');
      },
    });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain('Copy the whole address from the address bar');
    expect(cmdline).toContain('--oauth');
    expect(cmdline).not.toContain(sandbox.oauth.client_secret);
    const token = await runWfd(['auth', 'token'], { env });
    expect(token.stdout).toBe(`${savedConfig(dir).profiles.default!.token}\n`);
    expect(lines((await runWfd(['workspaces', 'list', '-q'], { env })).stdout)).toEqual([
      sandbox.workspaces[0]!.id,
    ]);
  });

  it('a wrong client secret: the token endpoint refuses the code, exit 3, nothing saved', async () => {
    const { env } = user();
    const login = await oauthLogin(sandbox, { env: { ...env, WFD_CLIENT_SECRET: 'not-the-secret' } });
    expect(login.code).toBe(3);
    expect(login.stderr).toMatch(/^error: the token endpoint refused the login: .*\(HTTP 401\)$/m);
    expect(login.stderr).toMatch(/^hint: check the client id and its secret/m);
    const profiles = await runWfd(['auth', 'profiles', '-o', 'json'], { env });
    expect(JSON.parse(profiles.stdout)).toEqual([]);
  });

  it('Ctrl-C while waiting for the browser: exit 130, and the listener is gone', async () => {
    const { env } = user();
    const login = startOAuthLogin(sandbox, { env });
    const url = new URL(await login.url);
    const port = Number(new URL(url.searchParams.get('redirect_uri')!).port);
    login.child.kill('SIGINT');
    const result = await login.result;
    expect(result.code).toBe(130);
    expect(result.stderr).toMatch(/^error: login cancelled: nothing was saved$/m);
    expect(await portIsFree(port)).toBe(true);
  });

  it('a port already in use: exit 3 with a clear message', async () => {
    const { env } = user();
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as { port: number }).port;
    try {
      const result = await runWfd(
        [
          'auth',
          'login',
          '--oauth',
          '--client-id',
          sandbox.oauth.client_id,
          '--base-url',
          sandbox.baseUrl,
          '--no-browser',
          '--redirect-uri',
          `https://127.0.0.1:${port}/callback`,
        ],
        { env },
      );
      expect(result.code).toBe(3);
      expect(result.stderr).toContain(
        `error: cannot listen on 127.0.0.1:${port} for the OAuth redirect: the port is in use`,
      );
    } finally {
      busy.close();
    }
  });
});

describe('refresh', () => {
  it('an access token expired at the server is renewed during cases list --all, once', async () => {
    const { dir, env } = user();
    expect((await oauthLogin(sandbox, { env })).code).toBe(0);
    const before = savedConfig(dir).profiles.default!;
    await hook(sandbox, 'POST', '/oauth/expire', { access_token: before.token });
    await hook(sandbox, 'DELETE', '/oauth/token-requests');
    const list = await runWfd(['cases', 'list', '--all', '-q', '--concurrency', '4'], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(lines(list.stdout)).toEqual(await casesOf('globex'));
    expect(await tokenRequests()).toEqual([{ grant_type: 'refresh_token', status: 200 }]);
    const after = savedConfig(dir).profiles.default!;
    expect(after.token).not.toBe(before.token);
    expect(after.oauth?.refreshToken).toBe(before.oauth?.refreshToken);
  });

  it('two processes refreshing at once: one refresh request at the sandbox, and both succeed', async () => {
    const { dir, env } = user();
    expect((await oauthLogin(sandbox, { env })).code).toBe(0);
    await hook(sandbox, 'POST', '/oauth/expire', { access_token: savedConfig(dir).profiles.default!.token });
    await hook(sandbox, 'DELETE', '/oauth/token-requests');
    await sandbox.resetRequests();
    // Hold the config lock, as a third process would, until both have been refused (401) with
    // the old token: both then want to refresh, and queue for the lock.
    const held = holdLock(join(dir, 'config.json.lock'));
    const runs = Promise.all([
      runWfd(['workspaces', 'list', '-q'], { env }),
      runWfd(['cases', 'count'], { env }),
    ]);
    try {
      await until(
        async () => (await sandbox.requests()).requests.filter((r) => r.status === 401).length === 2,
      );
    } finally {
      held.release();
    }
    const [a, b] = await runs;
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(await tokenRequests()).toEqual([{ grant_type: 'refresh_token', status: 200 }]);
  });

  it('a token due at once in two processes is renewed by one of them', async () => {
    const { dir, env } = user();
    expect((await oauthLogin(sandbox, { env })).code).toBe(0);
    makeDue(dir);
    await hook(sandbox, 'DELETE', '/oauth/token-requests');
    const [a, b] = await Promise.all([
      runWfd(['workspaces', 'list', '-q'], { env }),
      runWfd(['cases', 'count'], { env }),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(await tokenRequests()).toEqual([{ grant_type: 'refresh_token', status: 200 }]);
  });

  it('a revoked refresh token: exit 3 and the command that logs in again', async () => {
    const { dir, env } = user();
    expect((await oauthLogin(sandbox, { env })).code).toBe(0);
    const saved = savedConfig(dir).profiles.default!;
    await hook(sandbox, 'POST', '/oauth/revoke', { refresh_token: saved.oauth!.refreshToken });
    await hook(sandbox, 'POST', '/oauth/expire', { access_token: saved.token });
    const list = await runWfd(['cases', 'list', '--debug'], { env });
    expect(list.code).toBe(3);
    expect(list.stderr).toMatch(
      /^error: the authorization saved in profile "default" was refused by the token endpoint: .*\(HTTP 400\)$/m,
    );
    expect(list.stderr).toContain(
      `hint: log in again: wfd auth login --oauth --client-id ${sandbox.oauth.client_id}`,
    );
    expectNoSecrets(list.stderr, dir);
    const refresh = await runWfd(['auth', 'refresh'], { env });
    expect(refresh.code).toBe(3);
  });

  it('auth refresh renews now; auth logout removes the grant', async () => {
    const { dir, env } = user();
    expect((await oauthLogin(sandbox, { env })).code).toBe(0);
    const before = savedConfig(dir).profiles.default!.token;
    const refresh = await runWfd(['auth', 'refresh'], { env });
    expect(refresh.code, refresh.stderr).toBe(0);
    expect(refresh.stderr).toMatch(/^✓ Renewed the access token of profile "default"; it expires at /);
    expect(savedConfig(dir).profiles.default!.token).not.toBe(before);
    expect((await runWfd(['auth', 'logout', '--profile', 'default'], { env })).code).toBe(0);
    expect(savedConfig(dir).profiles).toEqual({});
  });
});

describe('the config file under concurrency and when broken', () => {
  it('ten concurrent logins end with ten profiles, the folder 0700 and the file 0600 under umask 000', async () => {
    const { dir, env } = user();
    const token = sandbox.workspaces[0]!.token;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        runUnderUmask000(
          ['auth', 'login', '--with-token', '--base-url', sandbox.baseUrl, '--profile', `p${i}`],
          {
            env,
            stdin: token,
          },
        ),
      ),
    );
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    expect(Object.keys(savedConfig(dir).profiles).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${i}`).sort(),
    );
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('a config folder wfd may not write: one line, after the token was checked', async () => {
    const { dir, env } = user();
    chmodSync(dir, 0o555);
    const args = ['auth', 'login', '--with-token', '--base-url', sandbox.baseUrl];
    const stdin = sandbox.workspaces[0]!.token;
    // root may write anywhere: the test then runs wfd as nobody, to whom root's folder is one wfd
    // may use (no one but root could change it) and cannot write.
    const asRoot = process.getuid?.() === 0;
    const result = asRoot ? await runAsNobody(args, env, stdin) : await runWfd(args, { env, stdin });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: cannot write ${dir}: permission denied\n` +
        'hint: give yourself access (chmod u+rwx on the folder, u+rw on its files), or set WFD_CONFIG_DIR to another folder\n',
    );
    chmodSync(dir, 0o700);
  });

  it('a malformed config file: one line naming it, and no need for it when the environment has everything', async () => {
    const { dir, env } = user();
    writeFileSync(join(dir, 'config.json'), '{"profiles": ');
    const broken = await runWfd(['cases', 'count'], { env });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe(
      `error: the config file ${join(dir, 'config.json')} is not valid JSON\n` +
        `hint: fix it in an editor, or move it aside (mv ${join(dir, 'config.json')} ${join(dir, 'config.json')}.bak) and log in again\n`,
    );
    const withEnv = await runWfd(['cases', 'count'], {
      env: { ...env, WFD_TOKEN: sandbox.workspaces[0]!.token, WFD_BASE_URL: sandbox.baseUrl },
    });
    expect(withEnv.code, withEnv.stderr).toBe(0);
  });
});

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** `wfd args` with the loosest umask, so that modes are wfd's doing and not the shell's. */
function runUnderUmask000(
  args: string[],
  options: { env: NodeJS.ProcessEnv; stdin: string },
): Promise<RunResult> {
  const child = spawn('sh', ['-c', 'umask 000 && exec "$0" "$@"', process.execPath, BIN, ...args], {
    env: options.env,
  });
  return collectRun(child, options.stdin);
}

/** Takes a config lock the way proper-lockfile does (a folder kept fresh), until released. */
function holdLock(path: string): { release(): void } {
  mkdirSync(path);
  const keepFresh = setInterval(() => utimesSync(path, new Date(), new Date()), 1000);
  return {
    release() {
      clearInterval(keepFresh);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Polls `condition` until it holds (the test's own time-out bounds it). */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}
