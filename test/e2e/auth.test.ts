import { spawn } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIN,
  baseEnv,
  loginWithToken,
  runWfd,
  type StartedSandbox,
  startSandbox,
  tempDir,
} from './harness.js';

let sandbox: StartedSandbox;
const dirs: { remove(): void }[] = [];

function configDir(): string {
  const dir = tempDir();
  dirs.push(dir);
  return dir.path;
}

beforeAll(async () => {
  sandbox = await startSandbox(['--rate-limit', 'off', '--no-profile']);
});

afterAll(async () => {
  await sandbox.stop();
  for (const dir of dirs) dir.remove();
});

describe('auth login', () => {
  it('reads the token from stdin, verifies it, saves a 0600 profile, and status shows it without the token', async () => {
    const dir = configDir();
    const env = baseEnv({ WFD_CONFIG_DIR: dir });
    const [acme] = sandbox.workspaces;
    const login = await loginWithToken(sandbox, `${acme!.token}\n`, env);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(`Logged in to workspace ${acme!.name} (${acme!.slug})`);
    expect(login.stdout).toBe('');
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);

    const status = await runWfd(['auth', 'status', '--json'], { env });
    expect(status.code, status.stderr).toBe(0);
    const parsed = JSON.parse(status.stdout);
    expect(parsed).toMatchObject({
      profile: 'default',
      base_url: sandbox.baseUrl,
      valid: true,
      workspace: { id: acme!.id, slug: acme!.slug, name: acme!.name },
    });
    expect(status.stdout).not.toContain(acme!.token);
    expect(parsed.token.replace('…', '').length).toBeLessThanOrEqual(6);

    const token = await runWfd(['auth', 'token'], { env });
    expect(token.stdout).toBe(`${acme!.token}\n`);

    const workspaces = await runWfd(['workspaces', 'list', '-o', 'json'], { env });
    expect(JSON.parse(workspaces.stdout)).toEqual([{ id: acme!.id, slug: acme!.slug, name: acme!.name }]);
  });

  it('with no D-Bus session (no keyring) the token goes to config.json, with one notice; --insecure-storage chooses it quietly', async () => {
    const dir = configDir();
    const env = baseEnv({ WFD_CONFIG_DIR: dir });
    const [acme] = sandbox.workspaces;
    const login = await loginWithToken(sandbox, acme!.token, env);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toBe(
      `wfd: the token of profile "default" is saved in ${join(dir, 'config.json')} (mode 0600): the system keyring (Secret Service) did not answer: no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)\n` +
        `✓ Logged in to workspace ${acme!.name} (${acme!.slug}); saved as profile "default"\n`,
    );
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default;
    expect(saved.token).toBe(acme!.token);
    expect(saved.tokenStorage).toBeUndefined();
    const status = await runWfd(['auth', 'status', '--json'], { env });
    expect(JSON.parse(status.stdout).token_storage).toBe('file');

    const quiet = await runWfd(
      ['auth', 'login', '--with-token', '--insecure-storage', '--force', '--base-url', sandbox.baseUrl],
      { env, stdin: acme!.token },
    );
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).not.toContain('wfd:');
  });

  it('refuses an invalid token with exit 3 and saves nothing', async () => {
    const dir = configDir();
    const env = baseEnv({ WFD_CONFIG_DIR: dir });
    const login = await loginWithToken(sandbox, 'wfd_0000000000000000000000000000dead\n', env);
    expect(login.code).toBe(3);
    expect(login.stderr).toMatch(/^error: the token was refused by .*Invalid token/m);
    expect(login.stderr).not.toContain('wfd_0000000000000000000000000000dead');
    const profiles = await runWfd(['auth', 'profiles', '-o', 'json'], { env });
    expect(JSON.parse(profiles.stdout)).toEqual([]);
  });

  it('prompts for the token on a terminal without echoing it', async () => {
    const dir = configDir();
    const [acme] = sandbox.workspaces;
    // `script` gives wfd a pseudo-terminal; the token is typed into it after the prompt shows.
    const child = spawn(
      'script',
      ['-qec', `'${process.execPath}' '${BIN}' auth login --base-url ${sandbox.baseUrl}`, '/dev/null'],
      {
        env: baseEnv({ WFD_CONFIG_DIR: dir, TERM: 'dumb' }),
      },
    );
    let screen = '';
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString();
      if (screen.includes('Paste your API token:') && !child.stdin.writableEnded)
        child.stdin.end(`${acme!.token}\r`);
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(screen).toContain(`Logged in to workspace ${acme!.name}`);
    expect(screen).not.toContain(acme!.token);
    const status = await runWfd(['auth', 'status', '--json'], { env: baseEnv({ WFD_CONFIG_DIR: dir }) });
    expect(JSON.parse(status.stdout).valid).toBe(true);
  });

  it('keeps several profiles and switches between them', async () => {
    const env = baseEnv({ WFD_CONFIG_DIR: configDir() });
    const [acme, globex] = sandbox.workspaces;
    for (const [name, ws] of [
      ['acme', acme!],
      ['globex', globex!],
    ] as const) {
      const result = await runWfd(
        ['auth', 'login', '--with-token', '--base-url', sandbox.baseUrl, '--profile', name],
        { env, stdin: ws.token },
      );
      expect(result.code, result.stderr).toBe(0);
    }
    const profiles = await runWfd(['auth', 'profiles', '-o', 'json'], { env });
    const rows = JSON.parse(profiles.stdout) as { profile: string; current: boolean }[];
    expect(rows.map((r) => [r.profile, r.current])).toEqual([
      ['acme', false],
      ['globex', true],
    ]);
    // The same key names as `auth status --json`, and -q prints the names.
    const status = JSON.parse((await runWfd(['auth', 'status', '--json'], { env })).stdout);
    expect(Object.keys(rows[0]!).every((key) => key === 'current' || key in status)).toBe(true);
    expect((await runWfd(['auth', 'profiles', '-q'], { env })).stdout).toBe('acme\nglobex\n');

    const before = await runWfd(['workspaces', 'list', '-q'], { env });
    expect(before.stdout.trim()).toBe(globex!.id);
    expect((await runWfd(['auth', 'switch', 'acme'], { env })).code).toBe(0);
    const after = await runWfd(['workspaces', 'list', '-q'], { env });
    expect(after.stdout.trim()).toBe(acme!.id);
    // --profile and WFD_PROFILE pick a profile for one run.
    expect((await runWfd(['workspaces', 'list', '-q', '--profile', 'globex'], { env })).stdout.trim()).toBe(
      globex!.id,
    );
    expect(
      (await runWfd(['workspaces', 'list', '-q'], { env: { ...env, WFD_PROFILE: 'globex' } })).stdout.trim(),
    ).toBe(globex!.id);

    const unknown = await runWfd(['auth', 'switch', 'nope'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('saved profiles: acme, globex');

    // Without a terminal, logout removes only a profile it is named: never the current one unasked.
    const unnamed = await runWfd(['auth', 'logout'], { env });
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toBe(
      'error: no profile named to log out of: pass --profile NAME\n' +
        'hint: without a terminal, logout removes only the profile that --profile or WFD_PROFILE names; `wfd auth profiles` lists the saved ones\n',
    );
    expect((await runWfd(['auth', 'profiles', '-q'], { env })).stdout).toBe('acme\nglobex\n');

    // Then it says which profile is current, or how to choose one.
    const other = await runWfd(['auth', 'logout', '--profile', 'globex'], { env });
    expect(other.code, other.stderr).toBe(0);
    expect(other.stderr.split('\n').slice(1)).toEqual(['The current profile is still "acme"', '']);
    expect(
      (
        await runWfd(
          ['auth', 'login', '--with-token', '--base-url', sandbox.baseUrl, '--profile', 'globex'],
          { env, stdin: globex!.token },
        )
      ).code,
    ).toBe(0);
    expect((await runWfd(['auth', 'switch', 'acme'], { env })).code).toBe(0);
    const current = await runWfd(['auth', 'logout'], { env: { ...env, WFD_PROFILE: 'acme' } });
    expect(current.code, current.stderr).toBe(0);
    expect(current.stderr.split('\n').slice(1)).toEqual([
      'No profile is current now: choose one with `wfd auth switch NAME` (saved: globex)',
      '',
    ]);
    expect((await runWfd(['auth', 'profiles', '-q'], { env })).stdout).toBe('globex\n');
    const last = await runWfd(['auth', 'logout', '--profile', 'globex'], { env });
    expect(last.stderr.split('\n').slice(1)).toEqual([
      'No profile is left: log in with `wfd auth login`',
      '',
    ]);
  });

  it('a config folder and config.json linked by a dotfile manager (GNU stow) work as they would in place', async () => {
    const home = configDir();
    const dotfiles = join(home, 'dotfiles', 'wfd', '.config', 'wfd');
    mkdirSync(dotfiles, { recursive: true, mode: 0o755 });
    writeFileSync(join(dotfiles, 'config.json'), '{"profiles":{}}\n', { mode: 0o600 });
    // `stow wfd` from ~/dotfiles: ~/.config/wfd -> ../dotfiles/wfd/.config/wfd
    mkdirSync(join(home, '.config'), { mode: 0o700 });
    symlinkSync('../dotfiles/wfd/.config/wfd', join(home, '.config', 'wfd'));
    const env = baseEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), WFD_PROMPT_DISABLED: '1' });
    const [acme] = sandbox.workspaces;
    const login = await loginWithToken(sandbox, `${acme!.token}\n`, { ...env, DBUS_SESSION_BUS_ADDRESS: '' });
    expect(login.code, login.stderr).toBe(0);
    const count = await runWfd(['cases', 'count'], { env });
    expect(count.code, count.stderr).toBe(0);
    expect(count.stdout).toMatch(/^\d+\n$/);
    // Written where the link leads; the link is still a link.
    expect(lstatSync(join(home, '.config', 'wfd')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(dotfiles, 'config.json'), 'utf8')).currentProfile).toBe('default');
  });

  it('WFD_TOKEN and WFD_BASE_URL override the profiles', async () => {
    const [, globex] = sandbox.workspaces;
    const env = baseEnv({
      WFD_CONFIG_DIR: configDir(),
      WFD_TOKEN: globex!.token,
      WFD_BASE_URL: sandbox.baseUrl,
    });
    const result = await runWfd(['workspaces', 'list', '-q'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(globex!.id);
    const status = await runWfd(['auth', 'status', '--json'], { env });
    expect(JSON.parse(status.stdout).source).toBe('WFD_TOKEN');
  });
});

describe('credential errors', () => {
  it('an invalid token exits 3 with the API message', async () => {
    const env = baseEnv({
      WFD_CONFIG_DIR: configDir(),
      WFD_TOKEN: 'wfd_ffffffffffffffffffffffffffffffff',
      WFD_BASE_URL: sandbox.baseUrl,
    });
    const result = await runWfd(['cases', 'list'], { env });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: Invalid token \(HTTP 401\)$/m);
    expect(result.stderr).toMatch(/^hint: the token comes from WFD_TOKEN, which overrides every profile/m);
    expect(result.stderr).not.toContain('wfd_ffffffffffffffffffffffffffffffff');
  });

  it('a revoked token exits 3, and auth status reports it as invalid', async () => {
    const dir = configDir();
    // A sandbox of its own, so revoking does not disturb the other tests.
    const own = await startSandbox(['--rate-limit', 'off', '--no-profile', '--seed', '7']);
    try {
      const token = own.workspaces[0]!.token;
      const env = baseEnv({ WFD_CONFIG_DIR: dir });
      expect(
        (await runWfd(['auth', 'login', '--with-token', '--base-url', own.baseUrl], { env, stdin: token }))
          .code,
      ).toBe(0);
      await fetch(`${own.baseUrl}/_sandbox/tokens/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      const list = await runWfd(['cases', 'list'], { env });
      expect(list.code).toBe(3);
      expect(list.stderr).toContain('Invalid token');
      // The profile and the command that replaces its token; WFD_TOKEN is not set, so not named.
      expect(list.stderr).toContain(
        'hint: the token saved in profile "default" is invalid or revoked: log in again with `wfd auth login --profile default`',
      );
      expect(list.stderr).not.toContain('WFD_TOKEN');
      const status = await runWfd(['auth', 'status', '--json'], { env });
      expect(status.code).toBe(3);
      expect(JSON.parse(status.stdout).valid).toBe(false);
    } finally {
      await own.stop();
    }
  });

  it("another workspace's case is forbidden: exit 4", async () => {
    const [acme, globex] = sandbox.workspaces;
    const env = (token: string) =>
      baseEnv({ WFD_CONFIG_DIR: configDir(), WFD_TOKEN: token, WFD_BASE_URL: sandbox.baseUrl });
    const globexCase = (
      await runWfd(['cases', 'list', '--limit', '1', '-q'], { env: env(globex!.token) })
    ).stdout.trim();
    expect(globexCase).toMatch(/^[0-9a-f-]{36}$/);
    const result = await runWfd(['cases', 'get', globexCase], { env: env(acme!.token) });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('No access to this resource');
  });
});
