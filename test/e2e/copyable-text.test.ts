/**
 * Text meant to be copied survives wfd's wrapping at 80 columns: `auth login --oauth --manual`,
 * the flow for a browser on another machine, shows the authorize URL whole on one line of the
 * pseudo-terminal's output (the terminal soft-wraps it), and a sentence is not broken where its
 * message had a newline.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authorize } from './auth-oauth-driver.js';
import { BIN, baseEnv, type StartedSandbox, startSandbox, tempDir } from './harness.js';

let sandbox: StartedSandbox;
const dir = tempDir();

beforeAll(async () => {
  sandbox = await startSandbox(['--rate-limit', 'off', '--no-profile', '--cases', '10']);
});
afterAll(async () => {
  await sandbox.stop();
  dir.remove();
});

it('auth login --oauth --manual at 80 columns: the URL stands whole on a line and logs in', async () => {
  const args = [
    BIN,
    'auth',
    'login',
    '--oauth',
    '--manual',
    '--no-browser',
    '--client-id',
    sandbox.oauth.client_id,
    '--base-url',
    sandbox.baseUrl,
  ];
  const command = [process.execPath, ...args].map((a) => `'${a}'`).join(' ');
  const child = spawn('script', ['-qec', `stty cols 80 rows 24; ${command}`, '/dev/null'], {
    env: {
      ...baseEnv({ WFD_CONFIG_DIR: dir.path, WFD_CLIENT_SECRET: sandbox.oauth.client_secret }),
      TERM: 'xterm',
    },
    stdio: 'pipe',
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
  let screen = '';
  const prompted = new Promise<void>((resolve) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      screen += chunk.replace(/\r/g, '');
      if (screen.includes('Paste the address')) resolve();
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  await prompted;
  const shown = /^ {2}(http\S+\/authorize\?\S*)$/m.exec(screen)?.[1];
  expect(shown, screen).toBeDefined();
  const url = new URL(shown!);
  expect([...url.searchParams.keys()].sort()).toEqual(
    [
      'client_id',
      'code_challenge',
      'code_challenge_method',
      'redirect_uri',
      'response_type',
      'scope',
      'state',
    ].sort(),
  );
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  // No sentence broken at a newline that met the re-wrap.
  expect(screen).toMatch(/shows an error page: nothing listens there\./);
  const landed = await authorize(sandbox, shown!, sandbox.workspaces[0]!.id, 'approve');
  child.stdin.write(`${landed}\r`);
  const code = await exited;
  clearTimeout(timer);
  expect(code, screen).toBe(0);
});
