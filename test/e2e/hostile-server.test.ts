/**
 * The built binary against a server that tries to drive it into a loop, a hang, a crash, a
 * terminal takeover or a token leak: a small in-test HTTP server plays that server.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeCase } from '../support/factories.js';
import { BIN, baseEnv, collectRun, runWfd, tempDir } from './harness.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const TOKEN = 'wfd_hostile0123456789abcdefghijklmnop';
const ESC = '\u001b';
const CASE_ID = '00000000-0000-4000-8000-000000000042';

let server: Server;
let handler: Handler;
let requests: number;
let env: NodeJS.ProcessEnv;
const config = tempDir();

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** A page `page` of a collection that says `totalPages` pages exist. */
function page(data: unknown[], page: number, totalPages: number) {
  return {
    data,
    meta: { total_count: totalPages * 100, total_pages: totalPages, page_size: 100, current_page: page },
  };
}

function pageNumber(req: IncomingMessage): number {
  return Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page[number]') ?? 1);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  env = baseEnv({
    WFD_CONFIG_DIR: config.path,
    WFD_TOKEN: TOKEN,
    WFD_BASE_URL: baseUrl,
    WFD_RATE_LIMIT: 'off',
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  config.remove();
});

beforeEach(() => {
  requests = 0;
});

/** Runs wfd on a pseudo-terminal (`script`) without blocking this process, whose server must answer. */
function onTerminalAsync(args: string[]): Promise<string> {
  const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', `stty cols 200; ${quoted}`, '/dev/null'], {
      env: { ...env, TERM: 'xterm' },
    });
    let screen = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      screen += chunk;
    });
    child.on('error', reject);
    child.on('close', () => resolve(screen));
  });
}

describe('a server in a page cycle', () => {
  // The same rows on every page, and always one page more to come.
  const cycle: Handler = (req, res) => {
    const n = pageNumber(req);
    json(res, 200, page([makeCase({ id: CASE_ID })], n, n + 1));
  };

  it('cases list --all stops with an error after a few requests', async () => {
    handler = cycle;
    const result = await runWfd(['cases', 'list', '--all', '-o', 'ndjson'], { env, timeoutMs: 15_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: page 2 adds no new row: the API repeats pages (a page cycle)');
    expect(requests).toBeLessThanOrEqual(6);
  });

  it('api --paginate stops the same way', async () => {
    handler = cycle;
    const result = await runWfd(['api', 'GET', '/cases', '--paginate'], { env, timeoutMs: 15_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('(a page cycle)');
    expect(requests).toBeLessThanOrEqual(6);
  });
});

describe('a web application given as the API host', () => {
  // Every path is a page of the web app's, and an unknown one its HTML 404 page.
  const webApp: Handler = (_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Page not found</title><h1>Oops</h1>');
  };

  it('a 404 on the list path names the URL and asks whether the base URL is the API root (exit 5)', async () => {
    handler = webApp;
    const base = `${env.WFD_BASE_URL}/app`;
    for (const args of [
      ['cases', 'list'],
      ['forms', 'count'],
    ]) {
      const result = await runWfd([...args, '--base-url', base], { env, timeoutMs: 15_000 });
      expect(result.code).toBe(5);
      const [error, hint] = result.stderr.trim().split('\n');
      expect(error).toMatch(
        new RegExp(
          `^error: GET ${base}/v1/(cases|forms/count) answered HTTP 404: that is not the API's list$`,
        ),
      );
      expect(hint).toBe(
        `hint: is ${base} the API's root? The base URL is the host root without /v1 (--base-url, WFD_BASE_URL or the profile)`,
      );
    }
  });
});

describe('a server asking for an endless wait', () => {
  it('Retry-After: 999999 fails at once with exit 7, naming the value', async () => {
    handler = (_req, res) =>
      json(
        res,
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'slow down' },
        { 'retry-after': '999999' },
      );
    const result = await runWfd(['cases', 'list'], { env, timeoutMs: 15_000 });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('the API asked to wait 999999s, longer than the 15m wfd waits at most');
    expect(requests).toBe(1);
  });

  it('WFD_MAX_WAIT sets the cap', async () => {
    handler = (_req, res) =>
      json(
        res,
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'slow down' },
        { 'retry-after': '20' },
      );
    const result = await runWfd(['cases', 'list'], {
      env: { ...env, WFD_MAX_WAIT: '10s' },
      timeoutMs: 15_000,
    });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('asked to wait 20s, longer than the 10s');
    const bad = await runWfd(['cases', 'list'], { env: { ...env, WFD_MAX_WAIT: 'soon' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('error: invalid WFD_MAX_WAIT "soon"');
  });
});

describe('a server limiting at its own rate', () => {
  it('a 429 sent with --retries 0 quotes what the server said and the flag, not the spec or --concurrency', async () => {
    handler = (_req, res) =>
      json(
        res,
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'slow down', retryAfter: 7 },
        { 'retry-after': '7', 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0' },
      );
    const result = await runWfd(['cases', 'count', '--retries', '0'], { env, timeoutMs: 15_000 });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(
      'hint: the server said Retry-After: 7, x-ratelimit-limit: 2, x-ratelimit-remaining: 0; sent with --retries 0, so it was not retried: wait 7s',
    );
    expect(result.stderr).not.toMatch(/100 requests|--concurrency/);
    expect(requests).toBe(1);
  });
});

describe('a server that redirects', () => {
  it('a list answered by a 302 says the server redirected, and where (exit 1)', async () => {
    handler = (_req, res) => {
      res.writeHead(302, {
        location: 'https://login.example/sso?next=%2Fv1%2Fcases',
        'content-type': 'text/html',
      });
      res.end('<a href="https://login.example/sso">sign in</a>');
    };
    const result = await runWfd(['cases', 'list'], { env, timeoutMs: 15_000 });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^error: the server redirected GET ${env.WFD_BASE_URL}/v1/cases\\?\\S+: it answered 302 Found, redirecting to "https://login.example/sso\\?next=%2Fv1%2Fcases", not the API's answer$`,
        'm',
      ),
    );
    expect(result.stderr).toContain('hint: wfd follows no redirect: check the base URL');
    expect(result.stderr).not.toContain('expected object');
  });
});

describe('a server whose TLS certificate is self-signed', () => {
  it('is a network failure (exit 8): no request reached it, with a hint', async () => {
    const made = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    });
    let reached = 0;
    const tls = createHttpsServer({ key: made.private, cert: made.cert }, (_req, res) => {
      reached++;
      res.end('{}');
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const base = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
      const result = await runWfd(['cases', 'count', '--base-url', base], { env, timeoutMs: 15_000 });
      expect(result.code).toBe(8);
      // The issuer it could not verify (a self-signed certificate is its own), and how to trust it.
      expect(result.stderr).toContain(
        `error: cannot connect to ${base}: its TLS certificate was refused (self-signed certificate); issued by "127.0.0.1"\n`,
      );
      expect(result.stderr).toContain(
        "hint: check the base URL; if you trust that issuer (your organisation's CA, say), give Node its certificate: NODE_EXTRA_CA_CERTS=/path/to/ca.pem, or NODE_USE_SYSTEM_CA=1",
      );
      expect(reached).toBe(0);
    } finally {
      tls.close();
    }
  });
});

describe('arguments that are not UTF-8', () => {
  /**
   * Runs wfd through sh, so that `printf` puts raw bytes (\351: é in Latin-1) in its arguments;
   * without blocking this process, whose server must be free to count a request wfd sends.
   */
  const runRaw = (script: string) =>
    collectRun(
      spawn('sh', ['-c', `"$NODE" "$BIN" ${script}`], { env: { ...env, NODE: process.execPath, BIN } }),
    );

  it('--where with invalid UTF-8 is refused (exit 2), not sent with U+FFFD', async () => {
    const result = await runRaw(`cases list --where "$(printf 'title = caf\\351')"`);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: invalid --where "title = caf\uFFFD": it holds U+FFFD');
    expect(requests).toBe(0);
  });

  it.each([
    ['--title', `cases create --template t --title "$(printf 'caf\\351')"`, '--title "caf\uFFFD"'],
    ['--set', `cases update-data 0b7f3d52 --set "$(printf 'city=K\\366ln')"`, '--set "city=K\uFFFDln"'],
    ['<id>', `cases get "$(printf 'caf\\351')"`, '<id> "caf\uFFFD"'],
    ['-f', `api -X POST /cases -f "$(printf 'title=caf\\351')"`, '--raw-field "title=caf\uFFFD"'],
  ])('a %s value with invalid UTF-8 is refused (exit 2), nothing sent', async (_flag, script, named) => {
    const result = await runRaw(script);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error: invalid ${named}: it holds U+FFFD`);
    expect(requests).toBe(0);
  });

  it.each([
    [
      '-F title=@- from stdin',
      `api -X POST /cases -F title=@- < "$LATIN1"`,
      'cannot read stdin for -F: it is not UTF-8 text',
    ],
    ['--body from a file', `cases create --template t --title x --body "$LATIN1"`, 'it is not UTF-8 text'],
  ])('%s with invalid UTF-8 is refused (exit 2), nothing sent', async (_what, script, message) => {
    const latin1 = join(config.path, 'latin1.json');
    writeFileSync(latin1, Buffer.from('{"title": "caf\xe9"}', 'latin1'));
    const result = await collectRun(
      spawn('sh', ['-c', `"$NODE" "$BIN" ${script}`], {
        env: { ...env, NODE: process.execPath, BIN, LATIN1: latin1 },
      }),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(requests).toBe(0);
  });

  it('an upload of a file whose name is not UTF-8 says why it is not found', async () => {
    const dir = join(config.path, 'latin1');
    mkdirSync(dir, { recursive: true });
    writeFileSync(Buffer.from(join(dir, 'caf\xe9.txt'), 'latin1'), 'bytes');
    const result = await runRaw(`attachments upload "$(printf '${dir}/caf\\351.txt')"`);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('its name, as given, is not valid UTF-8');
    expect(result.stderr).not.toContain('no such file');
    expect(requests).toBe(0);
  });
});

describe('a server that does not speak HTTP', () => {
  /** A TCP server that answers any request with `answer`, counting the requests it gets. */
  async function rawServer(answer: string): Promise<{ url: string; count: () => number; close: () => void }> {
    let count = 0;
    const raw = createNetServer((socket) => {
      socket.once('data', () => {
        count++;
        socket.end(answer);
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    return { url, count: () => count, close: () => raw.close() };
  }

  it('another service on the port (SSH) is named: did not answer in HTTP, exit 8, not retried', async () => {
    const ssh = await rawServer('SSH-2.0-OpenSSH_9.2\r\n');
    try {
      const result = await runWfd(['cases', 'list'], { env: { ...env, WFD_BASE_URL: ssh.url } });
      expect(result.code).toBe(8);
      expect(result.stderr).toContain(`error: ${ssh.url} did not answer in HTTP (`);
      expect(result.stderr).toContain('hint: check the base URL');
      expect(result.stderr).not.toContain('Parse Error');
      expect(ssh.count()).toBe(1);
    } finally {
      ssh.close();
    }
  });

  it('a malformed chunk is said to be one, not a network reset (exit 8)', async () => {
    const chunked = await rawServer(
      'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    );
    try {
      const result = await runWfd(['cases', 'list'], { env: { ...env, WFD_BASE_URL: chunked.url } });
      expect(result.code).toBe(8);
      expect(result.stderr).toContain(`error: the answer of ${chunked.url} is not valid HTTP (`);
      expect(result.stderr).not.toContain('ECONNRESET');
    } finally {
      chunked.close();
    }
  });
});

describe('a stalled server', () => {
  it('each retried time-out is said on stderr, one line per retry', async () => {
    handler = () => {};
    const result = await runWfd(['cases', 'list', '--request-timeout', '1s', '--retries', '2'], { env });
    expect(result.code).toBe(8);
    const notices = result.stderr.split('\n').filter((line) => line.includes('timed out after 1s; retry'));
    expect(notices).toEqual([
      'wfd: GET /v1/cases timed out after 1s; retry 1 of 2',
      'wfd: GET /v1/cases timed out after 1s; retry 2 of 2',
    ]);
  });
});

describe('a server answering JSON nested 10,000 levels deep', () => {
  const deep: Handler = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const body = JSON.stringify(makeCase({ id: CASE_ID })).replace(
      '"data":{',
      `"deep":${'['.repeat(10_000)}${']'.repeat(10_000)},"data":{`,
    );
    res.end(body);
  };

  for (const args of [
    ['cases', 'get', CASE_ID],
    ['cases', 'get', CASE_ID, '-o', 'json'],
    ['api', 'GET', `/cases/${CASE_ID}`],
  ])
    it(`${args.join(' ')}: a one-line error, exit 1`, async () => {
      handler = deep;
      const result = await runWfd(args, { env });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        'error: the answer of the API nests deeper than 256 levels, the most wfd reads\n',
      );
      expect(result.stdout).toBe('');
    });
});

describe('a server echoing the token', () => {
  const echo: Handler = (req, res) => {
    const token = String(req.headers.authorization).replace(/^Bearer /, '');
    json(res, 400, {
      statusCode: 400,
      error: 'Bad Request',
      message: `token ${token} is not valid here`,
      errors: [{ detail: `bad token: ${token}`, path: ['authorization'] }],
    });
  };

  it('never prints it in errors or --debug lines: its first characters only', async () => {
    handler = echo;
    for (const args of [
      ['cases', 'list', '--debug'],
      ['api', 'GET', '/cases'],
    ]) {
      const result = await runWfd(args, { env });
      expect(result.code).toBe(6);
      expect(result.stderr).not.toContain(TOKEN);
      expect(result.stderr).toContain('token wfd_ho… is not valid here');
    }
  });
});

describe('a server sending terminal escapes', () => {
  const title = `${ESC}]0;pwned\u0007 \u009b31mred`;
  const hostile: Handler = (req, res) =>
    json(res, 200, page([makeCase({ id: CASE_ID, title })], pageNumber(req), 1));

  it('-o csv and -o json escape them on a terminal', async () => {
    handler = hostile;
    const csv = await onTerminalAsync(['cases', 'list', '-o', 'csv', '--fields', 'id,title']);
    expect(csv).toContain(`${CASE_ID},^[]0;pwned^G ^[31mred`);
    expect(csv).not.toContain(`${ESC}]0;`);
    const json = await onTerminalAsync(['cases', 'list', '-o', 'json', '--fields', 'id,title']);
    expect(json).toContain('\\u001b]0;pwned\\u0007 \\u009b31mred');
    expect(json).not.toContain('\u009b');
  });

  it('piped, the data is exact', async () => {
    handler = hostile;
    const csv = await runWfd(['cases', 'list', '-o', 'csv', '--fields', 'id,title'], { env });
    expect(csv.stdout).toBe(`id,title\n${CASE_ID},${title}\n`);
  });
});
