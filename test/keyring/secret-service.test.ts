/**
 * Tokens in a real Secret Service: GNOME Keyring in a D-Bus session of its own, which
 * test/keyring/run.sh starts, unlocks and runs these tests in (WFD_KEYRING_SESSION=1). The built
 * binary against a sandbox, as a user runs it: the default path, with no setting of any kind.
 * Outside that session they are skipped, saying so.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hook, oauthLogin } from '../e2e/auth-oauth-driver.js';
import {
  baseEnv,
  loginWithToken,
  runWfd,
  type StartedSandbox,
  startSandbox,
  tempDir,
} from '../e2e/harness.js';

const inSession = process.env.WFD_KEYRING_SESSION === '1';
if (!inSession)
  console.warn('test/keyring: skipped, they need a Secret Service: run them with `sh test/keyring/run.sh`');

let sandbox: StartedSandbox;
const dirs: { remove(): void }[] = [];

/** A user of this D-Bus session with a config folder of their own. */
function user(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = tempDir('wfd-keyring-');
  dirs.push(dir);
  return {
    dir: dir.path,
    env: baseEnv({
      WFD_CONFIG_DIR: dir.path,
      DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
      WFD_CLIENT_SECRET: sandbox.oauth.client_secret,
    }),
  };
}

/** What the Secret Service holds for a profile, read with libsecret's own tool (not wfd's binding). */
function secretOf(dir: string, profile = 'default'): string {
  const result = spawnSync('secret-tool', ['lookup', 'service', 'wfd', 'username', `${profile}@${dir}`], {
    encoding: 'utf8',
  });
  return result.stdout;
}

const configText = (dir: string) => readFileSync(join(dir, 'config.json'), 'utf8');

describe.runIf(inSession)('tokens in the Secret Service (GNOME Keyring)', () => {
  beforeAll(async () => {
    sandbox = await startSandbox(['--rate-limit', 'off', '--no-profile']);
  });
  afterAll(async () => {
    await sandbox?.stop();
    for (const dir of dirs) dir.remove();
  });

  it('login keeps the token in the keyring, none in config.json; it survives a restart of the keyring; logout removes it', async () => {
    const { dir, env } = user();
    const [acme] = sandbox.workspaces;
    const login = await loginWithToken(sandbox, acme!.token, env);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toBe(
      `✓ Logged in to workspace ${acme!.name} (${acme!.slug}); saved as profile "default"\n`,
    );
    expect(configText(dir)).not.toContain(acme!.token);
    expect(JSON.parse(secretOf(dir))).toEqual({ token: acme!.token });

    // A new daemon reads the keyring from disk, as after a reboot (the kernel keyring would be empty).
    const restarted = spawnSync('gnome-keyring-daemon', ['--replace', '--unlock', '--components=secrets'], {
      input: process.env.WFD_TEST_KEYRING_PASSWORD,
      encoding: 'utf8',
    });
    expect(restarted.status, restarted.stderr).toBe(0);
    const listed = await runWfd(['workspaces', 'list', '-q'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim()).toBe(acme!.id);

    const status = await runWfd(['auth', 'status', '--json'], { env });
    expect(JSON.parse(status.stdout)).toMatchObject({ token_storage: 'keyring', valid: true });
    const doctor = JSON.parse((await runWfd(['doctor', '-o', 'json'], { env })).stdout) as {
      check: string;
      status: string;
      detail: string;
    }[];
    expect(doctor.find((c) => c.check === 'keyring')).toMatchObject({
      status: 'ok',
      detail: 'the system keyring (Secret Service) answers: logins keep their tokens there',
    });
    expect(doctor.find((c) => c.check === 'token storage')?.detail).toBe('default in the keyring');

    const logout = await runWfd(['auth', 'logout', '--profile', 'default'], { env });
    expect(logout.stderr).toContain('and the system keyring (Secret Service)');
    expect(secretOf(dir)).toBe('');
  });

  it('a token in config.json keeps working and moves to the keyring at the next login, no --force needed; --insecure-storage moves it back', async () => {
    const { dir, env } = user();
    const [acme] = sandbox.workspaces;
    const login = (extra: string[]) =>
      runWfd(['auth', 'login', '--with-token', '--base-url', sandbox.baseUrl, ...extra], {
        env,
        stdin: acme!.token,
      });
    expect((await login(['--insecure-storage'])).code).toBe(0);
    expect(JSON.parse(configText(dir)).profiles.default.token).toBe(acme!.token);
    expect(secretOf(dir)).toBe('');
    expect((await runWfd(['workspaces', 'list', '-q'], { env })).stdout.trim()).toBe(acme!.id);

    expect((await login([])).code).toBe(0);
    expect(configText(dir)).not.toContain(acme!.token);
    expect(JSON.parse(secretOf(dir)).token).toBe(acme!.token);

    expect((await login(['--insecure-storage'])).code).toBe(0);
    expect(secretOf(dir)).toBe('');
  });

  it('OAuth: access and refresh tokens and the client secret in the keyring; two processes refresh once', async () => {
    const { dir, env } = user();
    const login = await oauthLogin(sandbox, { env });
    expect(login.code, login.stderr).toBe(0);
    const text = configText(dir);
    const secrets = JSON.parse(secretOf(dir)) as {
      token: string;
      refreshToken: string;
      clientSecret: string;
    };
    expect(secrets.clientSecret).toBe(sandbox.oauth.client_secret);
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);

    // Due now, in two processes at once: one renews under the lock, the other reads the renewed
    // token from the keyring under the same lock.
    const config = JSON.parse(text);
    config.profiles.default.oauth.expiresAt = '2020-01-01T00:00:00.000Z';
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
    await hook(sandbox, 'DELETE', '/oauth/token-requests');
    const [a, b] = await Promise.all([
      runWfd(['workspaces', 'list', '-q'], { env }),
      runWfd(['cases', 'count'], { env }),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const requests = (await hook(sandbox, 'GET', '/oauth/token-requests')) as { requests: unknown[] };
    expect(requests.requests).toEqual([{ grant_type: 'refresh_token', status: 200 }]);
    const renewed = JSON.parse(secretOf(dir)) as { token: string };
    expect(renewed.token).not.toBe(secrets.token);
    expect(configText(dir)).not.toContain(renewed.token);
  });

  it('WFD_TOKEN is used as is, and with no D-Bus session the login falls back to the file, saying so', async () => {
    const { dir, env } = user();
    const [acme, globex] = sandbox.workspaces;
    const { DBUS_SESSION_BUS_ADDRESS: _bus, ...noBus } = env;
    const login = await loginWithToken(sandbox, acme!.token, noBus);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toMatch(
      /^wfd: the token of profile "default" is saved in .*config\.json \(mode 0600\)/,
    );
    expect(JSON.parse(configText(dir)).profiles.default.token).toBe(acme!.token);
    expect(secretOf(dir)).toBe('');
    const withEnv = await runWfd(['workspaces', 'list', '-q'], { env: { ...env, WFD_TOKEN: globex!.token } });
    expect(withEnv.stdout.trim()).toBe(globex!.id);
  });
});
