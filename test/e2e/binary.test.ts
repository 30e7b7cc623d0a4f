/**
 * The single executable (`npm run build:binary`, dist/bin/wfd-linux-x64) as a CI image without
 * Node runs it: an empty environment (no PATH, so no node to fall back on), a sandbox started by
 * the binary itself, and the commands a CI job runs against it, compared with `bin/wfd.js`, also
 * through a proxy.
 * The binary is built when missing (`npm run build` replaces dist/); in CI a failed build fails.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedFiles } from '../support/exported-files.js';
import { skipSquid, startSquid } from '../support/squid.js';
import {
  collectRun,
  lines,
  type RunResult,
  runWfd,
  type SandboxInfo,
  sandboxInfo,
  tempDir,
} from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BINARY = join(ROOT, 'dist/bin/wfd-linux-x64');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const buildable = process.platform === 'linux' && process.arch === 'x64';

const config = tempDir('wfd-binary-config-');
const work = tempDir('wfd-binary-files-');
/** What `env -i` leaves: nothing but the config dir of this test. */
const bare = { WFD_CONFIG_DIR: config.path };

let sandbox: SandboxInfo;
let server: ChildProcess | undefined;
let client: NodeJS.ProcessEnv;

function runBinary(args: string[], env: NodeJS.ProcessEnv = client): Promise<RunResult> {
  return collectRun(spawn(BINARY, args, { env, stdio: ['ignore', 'pipe', 'pipe'] }));
}

async function startSandboxWithBinary(): Promise<SandboxInfo> {
  const args = ['sandbox', 'start', '--port', '0', '-o', 'json', '--no-profile', '--rate-limit', 'off'];
  // The name a proxy reaches it by (the proxy test below).
  args.push('--allowed-host', 'api.wfd.test');
  const sizes = [
    '--cases',
    '40',
    '--forms',
    '12',
    '--attachments',
    '16',
    '--large-attachment-bytes',
    '200000',
  ];
  server = spawn(BINARY, [...args, ...sizes], { env: bare, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  server.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: server!.stdout! }).once('line', resolve);
    server!.once('exit', (code) => reject(new Error(`the binary's sandbox exited ${code}: ${stderr}`)));
  });
  return sandboxInfo(first);
}

describe.skipIf(!buildable && !process.env.CI)('the single executable, with no Node on PATH', () => {
  beforeAll(async () => {
    if (!existsSync(BINARY)) {
      const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-binary.mjs')], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 280_000,
      });
      if (built.status !== 0) throw new Error(`npm run build:binary failed:\n${built.stderr}`);
    }
    sandbox = await startSandboxWithBinary();
    client = { ...bare, WFD_BASE_URL: sandbox.baseUrl, WFD_TOKEN: sandbox.workspaces[0]!.token };
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    config.remove();
    work.remove();
  });

  it('prints its version', async () => {
    const result = await runBinary(['--version'], bare);
    expect(result).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('lists cases from the sandbox it started', async () => {
    const result = await runBinary(['cases', 'list', '--limit', '5', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const cases = JSON.parse(result.stdout) as { id: string }[];
    expect(cases).toHaveLength(5);
    const script = await runWfd(['cases', 'list', '--limit', '5', '-q'], {
      env: { ...process.env, ...client },
    });
    expect(cases.map((c) => c.id)).toEqual(lines(script.stdout));
  });

  it("serves its sandbox's console from files it carries", async () => {
    for (const file of [
      'console.js',
      'reference.js',
      'console.css',
      'swagger-ui-bundle.js',
      'swagger-ui.css',
    ]) {
      const answer = await fetch(`${sandbox.baseUrl}/_sandbox/console/${file}`);
      expect(answer.status, file).toBe(200);
      expect((await answer.arrayBuffer()).byteLength, file).toBeGreaterThan(1000);
    }
    expect((await fetch(`${sandbox.baseUrl}/reference`)).status).toBe(200);
  });

  it('exports attachments as bin/wfd.js does', async () => {
    const byBinary = join(work.path, 'binary');
    const byScript = join(work.path, 'script');
    const result = await runBinary(['attachments', 'export', '--dir', byBinary]);
    expect(result.code, result.stderr).toBe(0);
    const script = await runWfd(['attachments', 'export', '--dir', byScript], {
      env: { ...process.env, ...client },
    });
    expect(script.code, script.stderr).toBe(0);
    const files = exportedFiles(byBinary);
    expect(files.length).toBeGreaterThan(0);
    expect(files).toEqual(exportedFiles(byScript));
    const manifest = lines(readFileSync(join(byBinary, 'manifest.ndjson'), 'utf8'))
      .map((line) => JSON.parse(line) as { type?: string; path: string; sha256: string })
      .filter((entry) => entry.type === undefined);
    expect(manifest.map((entry) => `${entry.path} ${entry.sha256}`).sort()).toEqual(files);
  });

  it.skipIf(skipSquid)(
    'reaches the API through a proxy (squid) whose hosts file alone knows its host',
    async () => {
      const squid = await startSquid({ hosts: { 'api.wfd.test': '127.0.0.1' } });
      try {
        const base = `http://api.wfd.test:${new URL(sandbox.baseUrl).port}`;
        const result = await runBinary(['cases', 'list', '--limit', '3', '-q'], {
          ...client,
          WFD_BASE_URL: base,
          HTTP_PROXY: squid.url,
        });
        expect(result.code, result.stderr).toBe(0);
        expect(lines(result.stdout)).toHaveLength(3);
        expect(squid.accessLog().join('\n')).toContain(`GET ${base}/v1/cases?`);
      } finally {
        await squid.stop();
      }
    },
  );

  it('prints the bash completion script that is committed', async () => {
    const result = await runBinary(['completion', 'bash'], bare);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(readFileSync(join(ROOT, 'completions/wfd.bash'), 'utf8'));
  });

  it('fails as the script does: a usage error is exit 2 with one line', async () => {
    const result = await runBinary(['forms', 'get', 'not-an-id']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
