/**
 * Downloads from a hostile server, the built binary against a small node:http server in this
 * test: an answer below 400 that is not the file (a redirect to a sign-in page) and a body that
 * trickles in a byte at a time. Neither may end as a file on disk with exit 0, nor run forever.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN, baseEnv, collectRun, runWfd, tempDir } from './harness.js';

const REDIRECTED = '7c1d0000-0000-4000-8000-000000000001';
const TRICKLING = '7c1d0000-0000-4000-8000-000000000002';
const WHOLE = '7c1d0000-0000-4000-8000-000000000003';

let server: Server;
let env: NodeJS.ProcessEnv;
const work = tempDir('wfd-e2e-hostile-');
const config = tempDir('wfd-e2e-hostile-config-');

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === `/v1/attachments/${REDIRECTED}`) {
      res.writeHead(302, { location: 'https://sso.example.test/login', 'content-type': 'text/html' });
      res.end('<html><body>Sign in</body></html>');
    } else if (req.url === `/v1/attachments/${TRICKLING}`) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '100000' });
      // One byte every 100 ms, until the client goes away.
      const timer = setInterval(() => res.write('x'), 100);
      res.on('close', () => clearInterval(timer));
    } else if (req.url === `/v1/attachments/${WHOLE}`) {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': '5' });
      res.end('whole');
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"statusCode":404,"error":"Not Found","message":"no such thing"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  env = baseEnv({
    WFD_CONFIG_DIR: config.path,
    WFD_TOKEN: 'wfd_0123456789abcdef0123456789abcdef',
    WFD_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    WFD_RATE_LIMIT: 'off',
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  work.remove();
  config.remove();
});

describe('a hostile download', () => {
  it('a 302 with an HTML body is not saved: exit 1, naming the Location', async () => {
    const target = join(work.path, 'redirected.pdf');
    const result = await runWfd(['attachments', 'download', REDIRECTED, '-O', target], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'error: the API answered 302 Found instead of the file, redirecting to "https://sso.example.test/login"\n',
    );
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(work.path)).toEqual([]);
  });

  it('a body trickling under the minimum rate fails (exit 8) once a window passes, saying so', async () => {
    const target = join(work.path, 'trickled.pdf');
    const result = await runWfd(
      [
        'attachments',
        'download',
        TRICKLING,
        '-O',
        target,
        '--request-timeout',
        '1s',
        '--min-download-rate',
        '100',
      ],
      { env, timeoutMs: 20_000 },
    );
    expect(result.code, result.stderr).toBe(8);
    expect(result.stderr).toMatch(
      /^error: the download from http:\/\/127\.0\.0\.1:\d+ was too slow: \d+ bytes in 1s, under the minimum of 100 bytes a second\n/,
    );
    expect(readdirSync(work.path)).toEqual([]);
  });

  /** Starts a download of the trickling file to `target`; resolves once its bytes are coming. */
  async function trickling(target: string): Promise<ChildProcess> {
    const args = ['attachments', 'download', TRICKLING, '-O', target, '--min-download-rate', '0'];
    const child = spawn(process.execPath, [BIN, ...args], { env });
    // The temporary file is there once the first bytes arrived.
    await vi.waitFor(() => expect(readdirSync(work.path).some((name) => name.endsWith('.part'))).toBe(true), {
      timeout: 15_000,
    });
    return child;
  }

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    '%s during a download says "interrupted", names what was not saved, and leaves nothing',
    async (signal, code) => {
      const target = join(work.path, `interrupted-${signal}.pdf`);
      const child = await trickling(target);
      const result = collectRun(child);
      child.kill(signal);
      const { code: exit, stderr } = await result;
      expect(exit).toBe(code);
      expect(stderr).toBe(`wfd: interrupted: ${target} was not saved (nothing of it is left)\n`);
      expect(readdirSync(work.path)).toEqual([]);
    },
  );

  it('a temporary file a killed download left is removed by the next download of the same target, and told', async () => {
    const target = join(work.path, 'killed.pdf');
    const child = await trickling(target);
    child.kill('SIGKILL');
    await once(child, 'exit');
    const [part] = readdirSync(work.path);
    expect(part).toMatch(/^\.killed\.pdf\.[0-9a-f]{12}\.part$/);
    // Not written to for a while: no download under way.
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(join(work.path, part!), old, old);
    const again = await runWfd(['attachments', 'download', WHOLE, '-O', target], { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toBe(
      `wfd: removed ${join(work.path, part!)}, left by an earlier download of ${target} that was stopped before it could\n`,
    );
    expect(readdirSync(work.path)).toEqual(['killed.pdf']);
  });
});
