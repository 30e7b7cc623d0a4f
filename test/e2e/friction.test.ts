/** What a new user met and should not any more, each found by trying it. */
import { describe, expect, it } from 'vitest';
import { baseEnv, type RunResult, runWfd, type StartedSandbox, tempDir, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox([], (fixture) => {
  ({ sandbox, env } = fixture);
});

describe('friction removed', () => {
  it('logging in over an existing profile needs --force without a terminal, unless with the token it holds', async () => {
    const dir = tempDir();
    try {
      const own = baseEnv({ WFD_CONFIG_DIR: dir.path });
      const [acme, globex] = sandbox.workspaces;
      const login = (token: string, extra: string[] = []) =>
        runWfd(
          ['auth', 'login', '--with-token', '--base-url', sandbox.baseUrl, '--profile', 'acme', ...extra],
          { env: own, stdin: token },
        );
      expect((await login(acme!.token)).code).toBe(0);
      // The token it holds replaces nothing: the login saves it again (to the keyring, where one answers).
      const same = await login(acme!.token);
      expect(same.code, same.stderr).toBe(0);
      expect(same.stderr).toContain(
        '✓ Logged in to workspace Acme Corporation (acme); saved as profile "acme"',
      );
      const other = await login(globex!.token);
      expect(other.code).toBe(2);
      expect(other.stderr).toMatch(
        /^error: profile "acme" already holds a login \(workspace Acme Corporation at /m,
      );
      expect(other.stderr).toMatch(/^hint: pass --force to replace it/m);
      expect((await login(globex!.token, ['--force'])).code).toBe(0);
    } finally {
      dir.remove();
    }
  });

  it('not logged in, with saved profiles: the hint names them and auth switch', async () => {
    const dir = tempDir();
    try {
      const own = baseEnv({ WFD_CONFIG_DIR: dir.path });
      const login = (profile: string, token: string) =>
        runWfd(['auth', 'login', '--with-token', '--base-url', sandbox.baseUrl, '--profile', profile], {
          env: own,
          stdin: token,
        });
      /** A setup run, which must succeed. */
      const ran = async (what: string, run: Promise<RunResult>) => {
        const { code, stderr } = await run;
        expect(code, `${what}: ${stderr}`).toBe(0);
      };
      await ran('login acme', login('acme', sandbox.workspaces[0]!.token));
      await ran('logout', runWfd(['auth', 'logout', '--profile', 'acme'], { env: own }));
      await ran('login globex', login('globex', sandbox.workspaces[1]!.token));
      const unknown = await runWfd(['cases', 'list', '--profile', 'nope'], { env: own });
      expect(unknown.code).toBe(2);
      expect((await runWfd(['auth', 'switch', 'nope'], { env: own })).code).toBe(2);

      // Two profiles saved, and the current one logged out of: none is current.
      await ran('login acme', login('acme', sandbox.workspaces[0]!.token));
      await ran('login spare', login('spare', sandbox.workspaces[0]!.token));
      await ran('logout spare', runWfd(['auth', 'logout', '--profile', 'spare'], { env: own }));
      const none = await runWfd(['cases', 'list'], { env: own });
      expect(none.code, none.stderr).toBe(3);
      expect(none.stdout).toBe('');
      expect(none.stderr).toMatch(/^error: not logged in: no credentials found$/m);
      expect(none.stderr).toContain(
        'hint: saved profiles: globex, acme; pick one with `wfd auth switch NAME` or --profile NAME\n',
      );
      // The hint works: switching to a saved profile logs the next run in.
      await ran('switch acme', runWfd(['auth', 'switch', 'acme'], { env: own }));
      const listed = await runWfd(['cases', 'list', '--limit', '1', '-q'], { env: own });
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    } finally {
      dir.remove();
    }
  });

  it('a dry run says on stderr that nothing was sent', async () => {
    const result = await runWfd(['cases', 'archive', '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10', '--dry-run'], {
      env,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('dry run: this request was not sent\n');
    expect(result.stdout).toMatch(/^POST .*\/v1\/cases\/5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10$/m);
  });

  it('wfd version and -v print the version', async () => {
    const version = (await runWfd(['--version'], { env })).stdout;
    expect(version).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect((await runWfd(['version'], { env })).stdout).toBe(version);
    expect((await runWfd(['-v'], { env })).stdout).toBe(version);
  });

  it('archiving a case archived long ago reports "already archived"; a fresh one "archived"', async () => {
    const old = (await runWfd(['cases', 'list', '--archived', '--limit', '1', '-q'], { env })).stdout.trim();
    const fresh = (
      await runWfd(['cases', 'list', '--no-archived', '--limit', '1', '-q'], { env })
    ).stdout.trim();
    const result = await runWfd(['cases', 'archive', old, fresh], { env });
    expect(result.code, result.stderr).toBe(0);
    // The sandbox keeps updated_at when nothing changes: the answer shows a change long before.
    expect(result.stdout).toMatch(new RegExp(`^${old}\talready archived\t`, 'm'));
    expect(result.stdout).toMatch(new RegExp(`^${fresh}\tarchived\t`, 'm'));
    await runWfd(['cases', 'unarchive', fresh], { env });
  });
});
