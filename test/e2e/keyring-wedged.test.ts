/**
 * A keyring that never answers: a D-Bus session address at a socket that accepts and never
 * says a word (a wedged session bus, a dead forwarded socket). The native binding would wait on
 * it forever; wfd bounds each keyring call and takes its "the keyring did not answer" path, and
 * a signal still ends a command at once.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIN,
  baseEnv,
  collectRun,
  loginWithToken,
  runWfd,
  type StartedSandbox,
  startSandbox,
  tempDir,
} from './harness.js';

let sandbox: StartedSandbox;
let bus: Server;
/** the connections the silent bus accepted */
const connections: Socket[] = [];
const dirs: { remove(): void }[] = [];
let busAddress: string;

beforeAll(async () => {
  sandbox = await startSandbox(['--rate-limit', 'off', '--no-profile']);
  const dir = tempDir('wfd-bus-');
  dirs.push(dir);
  const path = join(dir.path, 'bus');
  bus = createServer((socket) => {
    connections.push(socket);
    // Read (and drop) what comes, so that the peer's end is seen.
    socket.resume().on('error', () => {});
  });
  await new Promise<void>((resolve) => bus.listen(path, resolve));
  busAddress = `unix:path=${path}`;
});

afterAll(async () => {
  for (const socket of connections) socket.destroy();
  await new Promise((resolve) => bus?.close(resolve));
  await sandbox?.stop();
  for (const dir of dirs) dir.remove();
});

function user(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = tempDir();
  dirs.push(dir);
  return { dir: dir.path, env: baseEnv({ WFD_CONFIG_DIR: dir.path, DBUS_SESSION_BUS_ADDRESS: busAddress }) };
}

/** A profile whose token the keyring keeps (as a login where one answered leaves it). */
function keyringProfile(dir: string): void {
  const [acme] = sandbox.workspaces;
  const profile = { baseUrl: sandbox.baseUrl, authType: 'token', tokenStorage: 'keyring' };
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ currentProfile: 'default', profiles: { default: { ...profile, workspace: acme } } }),
    { mode: 0o600 },
  );
}

const NO_ANSWER = 'the system keyring (Secret Service) did not answer: no answer within 5 seconds';

describe('a session bus that accepts and never answers', () => {
  it('auth login --with-token keeps the token in config.json, saying why', async () => {
    const { dir, env } = user();
    const [acme] = sandbox.workspaces;
    const login = await loginWithToken(sandbox, acme!.token, env);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toBe(
      `wfd: the token of profile "default" is saved in ${join(dir, 'config.json')} (mode 0600): ${NO_ANSWER}\n` +
        `✓ Logged in to workspace ${acme!.name} (${acme!.slug}); saved as profile "default"\n`,
    );
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default;
    expect(saved.token).toBe(acme!.token);
    expect(saved.tokenStorage).toBeUndefined();
    // The token works from the file, with no keyring call.
    const count = await runWfd(['cases', 'count'], { env });
    expect(count.code, count.stderr).toBe(0);
  });

  it('cases count and auth status on a keyring profile exit 3 with the hint', async () => {
    const { dir, env } = user();
    keyringProfile(dir);
    for (const args of [
      ['cases', 'count'],
      ['auth', 'status'],
    ]) {
      const run = await runWfd(args, { env });
      expect(run.code, args.join(' ')).toBe(3);
      expect(run.stderr).toBe(
        `error: the token of profile "default" is kept in the system keyring (Secret Service), which did not answer: no answer within 5 seconds\n` +
          `hint: start the D-Bus session of a Secret Service (GNOME Keyring, KWallet) and unlock it, and run the command again; or log in again, with --insecure-storage to keep the token in ${join(dir, 'config.json')}\n`,
      );
    }
  });

  for (const [signal, code] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`${signal} during a keyring call ends the command (${code}), and the call with it`, async () => {
      const { dir, env } = user();
      keyringProfile(dir);
      const before = connections.length;
      const child = spawn(process.execPath, [BIN, 'cases', 'count'], {
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const result = collectRun(child);
      // The call is under way once the bus has its connection.
      await expect.poll(() => connections.length, { timeout: 20_000 }).toBeGreaterThan(before);
      const connection = connections.at(-1)!;
      child.kill(signal);
      // The signal's code: not 3, which the keyring's deadline would have given.
      expect((await result).code).toBe(code);
      // Nothing is left waiting on the bus.
      await expect.poll(() => connection.closed, { timeout: 20_000 }).toBe(true);
    });
  }

  it('SIGKILL during a keyring call: the keyring process, holding the call, ends with wfd', async () => {
    const { dir, env } = user();
    keyringProfile(dir);
    const before = connections.length;
    const child = spawn(process.execPath, [BIN, 'auth', 'status'], { env, stdio: 'ignore' });
    await expect.poll(() => connections.length, { timeout: 20_000 }).toBeGreaterThan(before);
    const connection = connections.at(-1)!;
    child.kill('SIGKILL');
    // The keyring process notices its parent is gone although its call never returns.
    await expect.poll(() => connection.closed, { timeout: 10_000 }).toBe(true);
  });
});
