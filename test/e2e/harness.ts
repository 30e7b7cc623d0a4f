/**
 * End-to-end harness: runs the built `bin/wfd.js` as a child process, with an isolated
 * config directory, against a sandbox that is itself started with `wfd sandbox start`
 * on an ephemeral loopback port. Nothing is mocked: every request crosses real HTTP.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';

export const BIN = fileURLToPath(new URL('../../bin/wfd.js', import.meta.url));

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface SandboxInfo {
  baseUrl: string;
  workspaces: { id: string; slug: string; name: string; token: string }[];
  /** The sandbox's default OAuth client. */
  oauth: { client_id: string; client_secret: string; redirect_uris: string[] };
  /** Where its state is kept (--data-dir, absolute), or null in memory. */
  dataDir: string | null;
  /** With --tls, the CA that signed its certificate; else null. */
  caFile: string | null;
}

/** A clean environment: no CI variables, no colour, no user config, no inherited WFD_* settings. */
export function baseEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SYSTEMROOT']) {
    if (process.env[key] !== undefined) env[key] = process.env[key];
  }
  env.NO_COLOR = '1';
  // The suite's own cache folder (test/support/global-setup.ts), never the user's.
  if (process.env.WFD_CACHE_DIR !== undefined) env.WFD_CACHE_DIR = process.env.WFD_CACHE_DIR;
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) env[key] = value;
  return env;
}

/** Writes `dir/wfd`, a shell script running the built wfd: a `wfd` for PATH, as a user's shell line calls it. */
export function wfdOnPath(dir: string): void {
  writeFileSync(join(dir, 'wfd'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`, { mode: 0o755 });
}

export function tempDir(prefix = 'wfd-e2e-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Runs `wfd args...` to completion. */
export function runWfd(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdin?: string; timeoutMs?: number; cwd?: string; uid?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: options.env ?? baseEnv(),
      ...(options.cwd ? { cwd: options.cwd } : {}),
      // Another user (uid and gid alike), to test what a file's mode keeps from others.
      ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 25_000);
    collectRun(child, options.stdin ?? '').then((result) => {
      clearTimeout(timer);
      resolve(result);
    }, reject);
  });
}

/** `wfd auth login --with-token --base-url <the sandbox's>`, the token on stdin. */
export function loginWithToken(
  sandbox: { baseUrl: string },
  token: string,
  env: NodeJS.ProcessEnv,
): Promise<RunResult> {
  return runWfd(['auth', 'login', '--with-token', '--base-url', sandbox.baseUrl], { env, stdin: token });
}

/** The exit code and the whole output of a spawned process, `stdin` written to it (when piped). */
export function collectRun(child: ChildProcess, stdin = ''): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // A process may end without reading its stdin (EPIPE): its exit code and output tell.
    child.stdin?.on('error', () => {});
    child.stdin?.end(stdin);
  });
}

export interface StartedSandbox extends SandboxInfo {
  process: ChildProcess;
  /** stops the server and waits for it to exit */
  stop(): Promise<void>;
  /** the /v1 requests the sandbox saw since the last reset */
  requests(): Promise<{ count: number; requests: { method: string; url: string; status: number }[] }>;
  resetRequests(): Promise<void>;
  /** injects faults into /v1 requests from now on (`--faults` syntax; 'off' ends them) */
  setFaults(faults: string): Promise<void>;
}

/** The first line of `wfd sandbox start -o json`, its snake_case keys under the names the tests use. */
export function sandboxInfo(line: string): SandboxInfo {
  const { base_url, data_dir, ca_file, ...rest } = JSON.parse(line);
  return { ...rest, baseUrl: base_url, dataDir: data_dir, caFile: ca_file };
}

/** Starts `wfd sandbox start --port 0 -o json` and reads its first stdout line. */
export async function startSandbox(
  args: string[] = [],
  env: NodeJS.ProcessEnv = baseEnv(),
): Promise<StartedSandbox> {
  const child = spawn(process.execPath, [BIN, 'sandbox', 'start', '--port', '0', '-o', 'json', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start in time: ${stderr}`)), 20_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${stderr}`)));
  });
  const info = sandboxInfo(first);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ...info,
    process: child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
    async requests() {
      const response = await fetch(`${info.baseUrl}/_sandbox/requests`);
      return (await response.json()) as Awaited<ReturnType<StartedSandbox['requests']>>;
    },
    async resetRequests() {
      await fetch(`${info.baseUrl}/_sandbox/requests`, { method: 'DELETE' });
    },
    async setFaults(faults) {
      const response = await fetch(`${info.baseUrl}/_sandbox/faults`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ faults }),
      });
      if (response.status !== 200) throw new Error(`PUT /_sandbox/faults: HTTP ${response.status}`);
    },
  };
}

/** Lines of a plain/quiet stdout, without the trailing empty one. */
export function lines(text: string): string[] {
  return text.split('\n').filter((line) => line.length > 0);
}

/**
 * A sandbox for one test file: started before its tests with `extraArgs` (rate limit off, no
 * profile saved), stopped after them, with a client environment (own config dir, WFD_TOKEN of
 * the first workspace, WFD_BASE_URL) handed to `ready`.
 */
export function useSandbox(
  extraArgs: string[],
  ready: (fixture: { sandbox: StartedSandbox; env: NodeJS.ProcessEnv }) => void,
): void {
  const dir = tempDir();
  let sandbox: StartedSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox([
      '--no-profile',
      ...(extraArgs.includes('--rate-limit') ? [] : ['--rate-limit', 'off']),
      ...extraArgs,
    ]);
    const env = baseEnv({
      WFD_CONFIG_DIR: dir.path,
      WFD_TOKEN: sandbox.workspaces[0]!.token,
      WFD_BASE_URL: sandbox.baseUrl,
    });
    ready({ sandbox, env });
  });
  afterAll(async () => {
    await sandbox?.stop();
    dir.remove();
  });
}

const ESC = String.fromCharCode(27);

/**
 * Runs wfd on a pseudo-terminal of `columns` (through `script`) and returns what the screen shows:
 * `script` records the spinner on stderr too, so lines up to its last erase (ESC[0K) and the
 * cursor controls are dropped; colour codes stay, so tests can look for them. Fails the test on a
 * non-zero exit unless `expectCode` says otherwise.
 */
export function onTerminal(
  args: string[],
  options: { env: NodeJS.ProcessEnv; columns?: number; expectCode?: number },
): string {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const result = spawnSync('script', ['-qec', `stty cols ${options.columns ?? 80}; ${quoted}`, '/dev/null'], {
    // What the screen shows, without a pager (test/e2e/pager-config.test.ts tests that).
    env: { WFD_PAGER: 'cat', ...options.env, TERM: 'xterm' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.status, result.stdout).toBe(options.expectCode ?? 0);
  return result.stdout
    .replace(/\r/g, '')
    .replace(new RegExp(`^.*${ESC}\\[0K`, 'gm'), '')
    .replace(new RegExp(`${ESC}\\[\\?[\\d;]*[a-zA-Z]|${ESC}\\[\\d*G`, 'g'), '');
}
