import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { RateLimiter } from '../../src/core/budget/limiter.js';
import { ApiError, NetworkError, UsageError } from '../../src/core/errors.js';
import { parseBaseUrl } from '../../src/core/http/base-url.js';
import { ApiClient } from '../../src/core/http/http.js';
import { isLoopback } from '../../src/core/http/network-error.js';
import { encodeQuery } from '../../src/core/http/request.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseUrl: string;
let handlers: Handler[];
let seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const handler = handlers.shift() ?? ((_q, r) => json(r, 200, {}));
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  handlers = [];
  seen = [];
});

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The error a request fails with (the test fails if it succeeds). */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (error: ApiError) => error,
  );
}

function client(extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
  const waits: number[] = [];
  const debug: string[] = [];
  const c = new ApiClient({
    baseUrl,
    token: 'wfd_0123456789abcdef',
    userAgent: 'wfd/test',
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0,
    debug: (line) => debug.push(line),
    ...extra,
  });
  return { c, waits, debug };
}

describe('ApiClient requests', () => {
  it('sends the exact bearer header, user agent, JSON body, under /v1', async () => {
    handlers.push((_q, r) => json(r, 200, { id: 'x' }));
    const { c } = client();
    const out = await c.request({
      method: 'POST',
      path: '/cases',
      body: { title: 'é' },
      schema: () => z.object({ id: z.string() }),
    });
    expect(out).toEqual({ id: 'x' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/cases', body: '{"title":"é"}' });
    expect(seen[0]!.headers.authorization).toBe('Bearer wfd_0123456789abcdef');
    expect(seen[0]!.headers['user-agent']).toBe('wfd/test');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    await c.close();
  });

  it('encodes bracket query names', () => {
    expect(
      encodeQuery([
        ['page[size]', '100'],
        ['filter', '{"a":1}'],
      ]),
    ).toBe('?page%5Bsize%5D=100&filter=%7B%22a%22%3A1%7D');
  });

  it('tolerates a base URL with a path or a pasted /v1', () => {
    expect(parseBaseUrl('https://h.example/api/v1/')).toEqual({
      origin: 'https://h.example',
      prefix: '/api',
    });
    expect(() => parseBaseUrl('ftp://x')).toThrow(UsageError);
    expect(() => parseBaseUrl('ftp://x')).toThrow('only http and https');
    expect(() => parseBaseUrl('nope')).toThrow('invalid base URL "nope"');
  });

  it('rejects an answer that does not match the schema, naming the path', async () => {
    handlers.push((_q, r) => json(r, 200, { data: [{ id: 3 }] }));
    const { c } = client();
    await expect(
      c.request({
        method: 'GET',
        path: '/workspaces',
        schema: () => z.object({ data: z.array(z.object({ id: z.string() })) }),
      }),
    ).rejects.toThrow(/unexpected answer from GET \/workspaces: data\.0\.id/);
    await c.close();
  });
});

describe('errors', () => {
  it('maps the standard shape with validation errors to exit 6', async () => {
    handlers.push((_q, r) =>
      json(r, 400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Validation failed',
        errors: [{ message: 'must be a UUID', path: ['template', 'id'], type: 'uuid' }],
      }),
    );
    const { c } = client();
    const error = await failure(c.request({ method: 'POST', path: '/cases', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(6);
    expect(error.message).toBe('Validation failed: template.id: must be a UUID (HTTP 400)');
    await c.close();
  });

  it('maps the error-list shape', async () => {
    handlers.push((_q, r) =>
      json(r, 400, {
        errors: [{ status: '400', title: 'Bad Request', detail: 'A case template cannot be archived' }],
      }),
    );
    const { c } = client();
    const error = await failure(c.request({ method: 'POST', path: '/cases/x', body: { archived: true } }));
    expect(error.message).toBe('A case template cannot be archived (HTTP 400)');
    expect(error.details[0]).toMatchObject({ status: '400', title: 'Bad Request' });
    await c.close();
  });

  it('401, 403, 404 exit 3, 4, 5 with hints; 5xx carries the request id', async () => {
    const { c } = client({ retries: 0 });
    const cases: [number, number][] = [
      [401, 3],
      [403, 4],
      [404, 5],
      [409, 6],
      [413, 6],
      [422, 6],
      [500, 1],
    ];
    for (const [status, exit] of cases) {
      handlers.push((_q, r) =>
        json(
          r,
          status,
          { statusCode: status, error: 'E', message: `m${status}` },
          { 'x-request-id': 'req-1' },
        ),
      );
      const error = await failure(c.request({ method: 'GET', path: '/x' }));
      expect(error.exitCode, String(status)).toBe(exit);
    }
    handlers.push((_q, r) =>
      json(
        r,
        500,
        { statusCode: 500, error: 'Internal Server Error', message: 'boom' },
        { 'x-request-id': 'req-9' },
      ),
    );
    const error = await failure(c.request({ method: 'GET', path: '/x' }));
    expect(error.message).toBe('boom (HTTP 500, request id req-9)');
    await c.close();
  });
});

describe('retries', () => {
  it('waits out a 429 for the larger of body retryAfter and Retry-After, then succeeds', async () => {
    handlers.push((_q, r) =>
      json(
        r,
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'slow down', retryAfter: 2 },
        { 'retry-after': '5' },
      ),
    );
    handlers.push((_q, r) =>
      json(r, 429, { statusCode: 429, error: 'Too Many Requests', message: 'x', retryAfter: 3 }),
    );
    handlers.push((_q, r) => json(r, 200, { ok: true }));
    const notices: string[] = [];
    const { c, waits, debug } = client({ notice: (line) => notices.push(line) });
    expect(await c.request({ method: 'POST', path: '/cases', body: {} })).toEqual({ ok: true });
    expect(waits).toEqual([5000, 3000]);
    expect(notices).toEqual([
      'HTTP 429 from the API (retryAfter 5s); waiting 5s before retry 1 of 5',
      'HTTP 429 from the API (retryAfter 3s); waiting 3s before retry 2 of 5',
    ]);
    expect(seen).toHaveLength(3);
    expect(debug.join('\n')).toContain('#1 ← 429');
    expect(debug.join('\n')).not.toContain('0123456789abcdef');
    await c.close();
  });

  it('gives up after --retries with exit 7 on 429', async () => {
    for (let i = 0; i < 3; i++) {
      handlers.push((_q, r) =>
        json(r, 429, {
          statusCode: 429,
          error: 'Too Many Requests',
          message: 'Rate limit exceeded',
          retryAfter: 1,
        }),
      );
    }
    const { c } = client({ retries: 2 });
    const error = await failure(c.request({ method: 'GET', path: '/cases' }));
    expect(error.exitCode).toBe(7);
    expect(error.retryAfter).toBe(1);
    expect(seen).toHaveLength(3);
    await c.close();
  });

  it('retries a 503 on GET but never re-sends a POST', async () => {
    handlers.push((_q, r) =>
      json(r, 503, { statusCode: 503, error: 'Service Unavailable', message: 'down' }),
    );
    handlers.push((_q, r) => json(r, 200, { ok: 1 }));
    const { c } = client();
    expect(await c.request({ method: 'GET', path: '/cases' })).toEqual({ ok: 1 });
    expect(seen).toHaveLength(2);

    seen = [];
    handlers.push((_q, r) =>
      json(r, 503, { statusCode: 503, error: 'Service Unavailable', message: 'down' }),
    );
    const error = await failure(c.request({ method: 'POST', path: '/cases', body: {} }));
    expect(error.exitCode).toBe(1);
    expect(seen).toHaveLength(1);
    await c.close();
  });

  it('a refused connection on this machine is a network error (exit 8) at once, without retries', async () => {
    const { c, waits } = client({ baseUrl: 'http://127.0.0.1:9', retries: 2 });
    const error = await failure(c.request({ method: 'GET', path: '/cases' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.exitCode).toBe(8);
    expect(waits).toEqual([]);
    await c.close();
  });

  it('only loopback origins count as this machine', () => {
    for (const origin of [
      'http://localhost:4010',
      'http://127.0.0.1',
      'http://127.8.9.1:80',
      'http://[::1]:4010',
    ])
      expect(isLoopback(origin), origin).toBe(true);
    for (const origin of [
      'https://api.example.com',
      'http://10.0.0.1',
      'http://128.0.0.1',
      'http://localhost.example.com',
    ])
      expect(isLoopback(origin), origin).toBe(false);
  });

  it('a server slower than the time-out is a network error', async () => {
    handlers.push((_q, r) => setTimeout(() => json(r, 200, {}), 500));
    const { c } = client({ timeoutMs: 100, retries: 0 });
    const error = await failure(c.request({ method: 'GET', path: '/slow' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain('timed out after 0.1s');
    await c.close();
  });

  it('a streamed download may take longer than the time-out while its bytes keep coming', async () => {
    handlers.push((_q, r) => {
      r.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '10240' });
      let sent = 0;
      // 2 KiB every 250 ms, 1.25 s in all: above the minimum rate (1 KiB a second) in every window,
      // and each gap far under the 1 s time-out, so a busy machine's late timers cannot fail it.
      const timer = setInterval(() => {
        r.write('abcd'.repeat(512));
        if (++sent === 5) {
          clearInterval(timer);
          r.end();
        }
      }, 250);
    });
    const { c } = client({ timeoutMs: 1000, retries: 0 });
    const answer = await c.stream({ method: 'GET', path: '/attachments/x' });
    let text = '';
    for await (const chunk of answer.body) text += chunk;
    expect(text).toBe('abcd'.repeat(2560));
    await c.close();
  });

  it('a streamed download whose bytes stop coming fails as stalled (exit 8)', async () => {
    handlers.push((_q, r) => {
      r.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '12' });
      r.write('abcd');
    });
    const { c } = client({ timeoutMs: 150, retries: 0 });
    const answer = await c.stream({ method: 'GET', path: '/attachments/x' });
    const error = await failure(
      (async () => {
        for await (const _chunk of answer.body);
      })().catch((cause) => {
        throw c.bodyError(cause);
      }),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain('stalled: no data for 0.15s');
    await c.close();
  });

  it('a GET whose answer breaks off half-way is sent again', async () => {
    handlers.push((_q, r) => {
      r.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      r.write('{"id":');
      setTimeout(() => r.destroy(), 20);
    });
    handlers.push((_q, r) => json(r, 200, { id: 'x' }));
    const { c } = client({ retries: 1 });
    expect(await c.request({ method: 'GET', path: '/cases/x' })).toEqual({ id: 'x' });
    expect(seen).toHaveLength(2);
    await c.close();
  });
});

describe('server-requested waits are capped', () => {
  const tooMany = { statusCode: 429, error: 'Too Many Requests', message: 'slow down' };

  it("a Retry-After beyond the cap (15 minutes) fails at once with exit 7, naming the server's value", async () => {
    handlers.push((_q, r) => json(r, 429, tooMany, { 'retry-after': '999999' }));
    const { c, waits } = client();
    const error = await failure(c.request({ method: 'GET', path: '/cases' }));
    expect(error.exitCode).toBe(7);
    expect(error.message).toBe(
      'slow down (HTTP 429); the API asked to wait 999999s, longer than the 15m wfd waits at most (WFD_MAX_WAIT)',
    );
    expect(waits).toEqual([]);
    expect(seen).toHaveLength(1);
    await c.close();
  });

  it('a body retryAfter or an HTTP date far away counts the same; a 503 on GET exits 1', async () => {
    handlers.push((_q, r) => json(r, 429, { ...tooMany, retryAfter: 2 ** 31 }));
    handlers.push((_q, r) =>
      json(
        r,
        503,
        { statusCode: 503, error: 'Service Unavailable', message: 'down' },
        {
          'retry-after': 'Fri, 01 Jan 2100 00:00:00 GMT',
        },
      ),
    );
    const { c, waits } = client();
    const first = await failure(c.request({ method: 'GET', path: '/cases' }));
    expect(first.exitCode).toBe(7);
    expect(first.message).toContain(`asked to wait ${2 ** 31}s`);
    const second = await failure(c.request({ method: 'GET', path: '/cases' }));
    expect(second.exitCode).toBe(1);
    expect(second.message).toMatch(/^down \(HTTP 503\); the API asked to wait \d+s, longer than the 15m/);
    expect(waits).toEqual([]);
    await c.close();
  });

  it('the cap is an option: within it the wait happens, beyond it the request fails', async () => {
    handlers.push((_q, r) => json(r, 429, tooMany, { 'retry-after': '2' }));
    handlers.push((_q, r) => json(r, 200, { ok: true }));
    handlers.push((_q, r) => json(r, 429, tooMany, { 'retry-after': '4' }));
    const { c, waits } = client({ maxWaitMs: 3000 });
    expect(await c.request({ method: 'GET', path: '/cases' })).toEqual({ ok: true });
    expect(waits).toEqual([2000]);
    const error = await failure(c.request({ method: 'GET', path: '/cases' }));
    expect(error.message).toContain('the API asked to wait 4s, longer than the 3s wfd waits at most');
    await c.close();
  });
});

describe('rate-limit pauses', () => {
  it('back-to-back 429 pauses of one burst print one notice, not one per pause', async () => {
    let clock = 1_000_000;
    const limiter = new RateLimiter(
      { rules: [] },
      {
        now: () => clock,
        sleep: async (ms) => {
          clock += ms;
        },
      },
    );
    // The server's window ends 5 s after the first request; until then each answer asks for 2 s.
    const until = clock + 5000;
    const answer = (_q: IncomingMessage, r: ServerResponse) =>
      clock < until
        ? json(
            r,
            429,
            { statusCode: 429, error: 'Too Many Requests', message: 'slow' },
            { 'retry-after': '2' },
          )
        : json(r, 200, { ok: true });
    for (let i = 0; i < 4; i++) handlers.push(answer);
    const notices: string[] = [];
    const { c } = client({ limiter, now: () => new Date(clock), notice: (line) => notices.push(line) });
    expect(await c.request({ method: 'GET', path: '/cases' })).toEqual({ ok: true });
    expect(seen).toHaveLength(4);
    expect(notices).toEqual([
      'HTTP 429 from the API (retryAfter 2s); pausing all requests 2s before retry 1 of 5',
    ]);
    await c.close();
  });
});

describe('time-outs', () => {
  it('says on the notice channel when a timed-out request is retried, once per retry', async () => {
    for (let i = 0; i < 3; i++) handlers.push((_q, r) => setTimeout(() => json(r, 200, {}), 400));
    const notices: string[] = [];
    const { c } = client({ timeoutMs: 100, retries: 2, notice: (line) => notices.push(line) });
    const error = await failure(c.request({ method: 'GET', path: '/cases' }));
    expect(error.exitCode).toBe(8);
    expect(notices).toEqual([
      'GET /v1/cases timed out after 0.1s; retry 1 of 2',
      'GET /v1/cases timed out after 0.1s; retry 2 of 2',
    ]);
    await c.close();
  });
});

describe('bounded JSON answers', () => {
  it('a 10,000-level nested answer is a one-line error, not a stack overflow later', async () => {
    handlers.push((_q, r) => {
      r.writeHead(200, { 'content-type': 'application/json' });
      r.end(`{"data":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
    });
    const { c } = client();
    const error = await failure(c.request({ method: 'GET', path: '/cases/x' }));
    expect(error.exitCode).toBe(1);
    expect(error.message).toBe('the answer of the API nests deeper than 256 levels, the most wfd reads');
    await c.close();
  });

  it('an answer of more than 32 MiB is refused while it streams in', async () => {
    handlers.push((_q, r) => {
      r.writeHead(200, { 'content-type': 'application/json' });
      const chunk = `"${'x'.repeat(1024 * 1024 - 3)}",`;
      r.write('[');
      let sent = 0;
      const more = () => {
        while (sent < 40 && !r.destroyed) {
          sent++;
          if (!r.write(chunk)) return void r.once('drain', more);
        }
        if (!r.destroyed) r.end('1]');
      };
      r.on('error', () => {});
      more();
    });
    const { c } = client();
    const error = await failure(c.request({ method: 'GET', path: '/cases' }));
    expect(error.message).toBe('the answer of the API is larger than 32 MiB, the most wfd reads');
    await c.close();
  });
});

describe('prepare (dry run)', () => {
  it('shows method, URL with query, headers with the token redacted, and the body', async () => {
    const { c } = client();
    expect(
      await c.prepare({
        method: 'POST',
        path: '/cases/abc',
        query: [['x', 'y z']],
        body: { archived: true },
      }),
    ).toEqual({
      method: 'POST',
      url: `${baseUrl}/v1/cases/abc?x=y%20z`,
      headers: {
        'user-agent': 'wfd/test',
        accept: 'application/json',
        authorization: 'Bearer wfd_01…',
        'content-type': 'application/json',
      },
      body: { archived: true },
    });
  });

  it('shows exactly the headers that are sent, but the token', async () => {
    handlers.push((_q, r) => json(r, 200, {}));
    const { c } = client();
    const prepared = await c.prepare({ method: 'POST', path: '/cases', body: { a: 1 } });
    await c.request({ method: 'POST', path: '/cases', body: { a: 1 } });
    for (const [name, value] of Object.entries(prepared.headers)) {
      if (name === 'authorization') expect(seen[0]!.headers[name]).toBe('Bearer wfd_0123456789abcdef');
      else expect(seen[0]!.headers[name], name).toBe(value);
    }
    await c.close();
  });
});
