/**
 * Downloads from a hostile server, the built binary against a small node:http server in this
 * test: an answer below 400 that is not the file (a redirect to a sign-in page) and a body that
 * trickles in a byte at a time. Neither may end as a file on disk with exit 0, nor run forever.
 */

import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, runWfd, tempDir } from './harness.js';

const REDIRECTED = '7c1d0000-0000-4000-8000-000000000001';
const TRICKLING = '7c1d0000-0000-4000-8000-000000000002';

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
});
