/**
 * What the console reads and steers through the test hooks: a request's exchange (secrets
 * masked), the request log and deliveries as server-sent events, quiet reads, the rate limit
 * changed at run time, the registered webhooks, the start of a receiver's answer, and writes
 * refused to pages of another origin.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_CHARS } from '../../src/sandbox/exchanges.js';
import { ANSWER_START_BYTES } from '../../src/sandbox/webhooks/transport.js';
import { request } from '../support/http-request.js';
import { type Json, startTestSandbox, type TestSandbox } from './helpers.js';
import { startReceiver } from './receiver.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ cases: 300 });
  // Opened, the console keeps exchanges from now on.
  await t.get('/', { token: null });
});
afterAll(() => t.close());

/** The number of the latest request in the log. */
async function latestSeq(): Promise<number> {
  return (await t.get('/_sandbox/requests', { token: null })).body.cursor;
}

describe('GET /_sandbox/requests/SEQ', () => {
  it('keeps no exchange before the console is first opened; its page starts keeping them', async () => {
    const own = await startTestSandbox();
    try {
      await own.get('/v1/workspaces');
      const before = await own.get('/_sandbox/requests/1', { token: null });
      expect(before.body).toMatchObject({ seq: 1, url: '/v1/workspaces', request: null, response: null });
      expect((await own.get('/', { token: null })).status).toBe(200);
      await own.get('/v1/workspaces');
      const after = await own.get('/_sandbox/requests/2', { token: null });
      expect(after.body.response.body).toMatchObject({ text: expect.stringContaining('"slug":"acme"') });
    } finally {
      await own.close();
    }
  });

  it("shows a request's headers and body and its answer's, the token and secret fields masked", async () => {
    const body = { title: 'A case', client_secret: 'abcdefghijklmnop', note: 'not a secret' };
    const sent = await t.post('/v1/cases', body);
    expect(sent.status).toBe(400);
    const seq = await latestSeq();
    const { status, body: detail } = await t.get(`/_sandbox/requests/${seq}`, { token: null });
    expect(status).toBe(200);
    expect(detail).toMatchObject({
      seq,
      method: 'POST',
      url: '/v1/cases',
      status: 400,
      token_prefix: t.token.slice(0, 8),
      workspace: 'acme',
      request: {
        headers: { authorization: `Bearer ${t.token.slice(0, 8)}…`, 'content-type': 'application/json' },
        body: {
          content_type: 'application/json',
          text: '{"title":"A case","client_secret":"abcdefgh…","note":"not a secret"}',
          truncated: false,
        },
      },
      response: {
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: { content_type: 'application/json; charset=utf-8', truncated: false },
      },
    });
    expect(JSON.parse(detail.response.body.text)).toEqual(sent.body);
    expect(JSON.stringify(detail)).not.toContain(t.token);
    expect(JSON.stringify(detail)).not.toContain('abcdefghijklmnop');
  });

  it('keeps the start of a long answer, and says it is cut', async () => {
    const list = await t.get('/v1/cases?page%5Bsize%5D=100');
    expect(JSON.stringify(list.body).length).toBeGreaterThan(MAX_BODY_CHARS);
    const { body: detail } = await t.get(`/_sandbox/requests/${await latestSeq()}`, { token: null });
    expect(detail.request.body).toBeNull();
    expect(detail.response.body.truncated).toBe(true);
    expect(detail.response.body.text).toHaveLength(MAX_BODY_CHARS);
    expect(JSON.stringify(list.body).startsWith(detail.response.body.text)).toBe(true);
  });

  it('answers 404 for a request it never logged, and for what is not a number', async () => {
    for (const seq of ['999999', '0', 'abc']) {
      const res = await t.get(`/_sandbox/requests/${seq}`, { token: null });
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/^Request not found/);
    }
  });
});

describe('quiet reads: GET /_sandbox/quiet/v1/...', () => {
  let quiet: TestSandbox;
  beforeAll(async () => {
    quiet = await startTestSandbox({ rateLimit: '1/1m', faults: '503:1' });
  });
  afterAll(() => quiet.close());

  it('are answered as /v1 reads with the token given, and are not logged, limited or faulted', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await quiet.get('/_sandbox/quiet/v1/workspaces', { token: quiet.otherToken });
      expect(res.status).toBe(200);
      expect(res.body.data[0].slug).toBe('globex');
    }
    const cases = await quiet.get('/_sandbox/quiet/v1/cases?page%5Bsize%5D=2&sort=-created_at');
    expect(cases.body.data).toHaveLength(2);
    expect((await quiet.get('/_sandbox/requests', { token: null })).body.count).toBe(0);
    // The same read under /v1 meets the fault, and counts.
    expect((await quiet.get('/v1/workspaces')).status).toBe(503);
    expect((await quiet.get('/_sandbox/requests', { token: null })).body.count).toBe(1);
  });

  it('need a token, and read only', async () => {
    expect((await quiet.get('/_sandbox/quiet/v1/workspaces', { token: null })).status).toBe(401);
    const post = await quiet.post('/_sandbox/quiet/v1/cases', { title: 'x' });
    expect(post.status).toBe(404);
    expect((await quiet.get('/_sandbox/quiet/elsewhere')).status).toBe(404);
  });
});

describe('the rate limit at run time', () => {
  afterEach(async () => {
    await t.call('PUT', '/_sandbox/rate-limit', { token: null, body: { rate_limit: 'off' } });
  });

  it('PUT /_sandbox/rate-limit puts other limits in force, counted from now; GET says which', async () => {
    expect((await t.get('/_sandbox/rate-limit', { token: null })).body).toEqual({ rate_limit: 'off' });
    const put = await t.call('PUT', '/_sandbox/rate-limit', { token: null, body: { rate_limit: '2/1m' } });
    expect(put).toMatchObject({ status: 200, body: { rate_limit: '2/1m' } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.get('/v1/workspaces')).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await t.get('/_sandbox/rate-limit', { token: null })).body).toEqual({ rate_limit: '2/1m' });
  });

  it('refuses a limit it cannot read, naming the field, and keeps the one in force', async () => {
    const put = await t.call('PUT', '/_sandbox/rate-limit', { token: null, body: { rate_limit: 'lots' } });
    expect(put.status).toBe(400);
    expect(put.body.errors[0]).toMatchObject({
      path: ['rate_limit'],
      message: expect.stringMatching(/lots/),
    });
    expect((await t.get('/_sandbox/rate-limit', { token: null })).body).toEqual({ rate_limit: 'off' });
  });
});

describe('webhooks', () => {
  it('GET /_sandbox/webhooks lists every registered URL, by workspace and form', async () => {
    const { body } = await t.get('/_sandbox/webhooks', { token: null });
    expect(body.webhooks.length).toBeGreaterThan(0);
    for (const entry of body.webhooks) {
      expect(entry).toEqual({
        workspace: expect.stringMatching(/^(acme|globex)$/),
        form_id: expect.any(String),
        url: expect.any(String),
        events: expect.any(Array),
      });
      const form = await t.get(`/v1/forms/${entry.form_id}`, {
        token: entry.workspace === 'acme' ? t.token : t.otherToken,
      });
      expect(form.body.webhooks[entry.url]).toEqual(entry.events);
    }
  });

  it("keeps the first bytes of the receiver's answer of each attempt", async () => {
    const receiver = await startReceiver();
    receiver.answer = `{"ok":true,"padding":"${'x'.repeat(1000)}"}`;
    try {
      const url = `${receiver.url}/hooks`;
      const forms = await t.get('/v1/forms?page%5Bsize%5D=1');
      const id = forms.body.data[0].id;
      await t.call('PATCH', `/v1/forms/${id}`, { body: { webhooks: { [url]: ['forms:updated'] } } });
      await t.call('PATCH', `/v1/forms/${id}`, { body: { status: 'reminded' } });
      await receiver.waitFor(1);
      await expect
        .poll(async () => {
          const { body } = await t.get(`/_sandbox/deliveries?form_id=${id}`, { token: null });
          return body.deliveries.find((d: Json) => d.url === url)?.attempts[0]?.answer;
        })
        .toBe(receiver.answer.slice(0, ANSWER_START_BYTES));
    } finally {
      await receiver.close();
    }
  });
});

/** An open event stream of a hook: the events read so far, and more as they come. */
interface EventStream {
  readonly status: number;
  readonly contentType: string | undefined;
  /** The events read so far. */
  readonly events: ReadonlyArray<{ id: string; event: string; data: Json }>;
  /** Resolves with the events once `count` have come. */
  next(count: number): Promise<Array<{ id: string; event: string; data: Json }>>;
  close(): void;
}

function openStream(path: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${t.sandbox.baseUrl}${path}`, { headers });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      const events: Array<{ id: string; event: string; data: Json }> = [];
      let buffer = '';
      let wake = () => {};
      res.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (fields.data !== undefined)
            events.push({ id: fields.id ?? '', event: fields.event ?? '', data: JSON.parse(fields.data) });
        }
        wake();
      });
      resolve({
        status: res.statusCode ?? 0,
        contentType: res.headers['content-type'],
        events,
        next: (count) =>
          new Promise((done) => {
            wake = () => events.length >= count && done(events.slice(0, count));
            wake();
          }),
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}

describe('event streams', () => {
  it('GET /_sandbox/requests/events sends the log, then each request as it is answered', async () => {
    await t.get('/v1/workspaces');
    const before = await latestSeq();
    const stream = await openStream(`/_sandbox/requests/events?since=${before - 1}`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
      const [first] = await stream.next(1);
      expect(first).toMatchObject({
        id: String(before),
        event: 'request',
        data: { seq: before, url: '/v1/workspaces' },
      });
      await t.get('/v1/cases/00000000-0000-4000-8000-000000000000');
      const [, second] = await stream.next(2);
      expect(second).toMatchObject({
        id: String(before + 1),
        data: { seq: before + 1, status: 404, workspace: 'acme' },
      });
    } finally {
      stream.close();
    }
  });

  it('a reconnecting reader (Last-Event-ID) gets only what came after its last event', async () => {
    await t.get('/v1/workspaces');
    await t.get('/v1/workspaces?again=1');
    const last = await latestSeq();
    const stream = await openStream('/_sandbox/requests/events?since=0', {
      'last-event-id': String(last - 1),
    });
    try {
      const [only] = await stream.next(1);
      expect(only).toMatchObject({ id: String(last), data: { url: '/v1/workspaces?again=1' } });
    } finally {
      stream.close();
    }
  });

  it('GET /_sandbox/deliveries/events sends each delivery when made and when tried', async () => {
    const receiver = await startReceiver();
    const { cursor } = (await t.get('/_sandbox/deliveries', { token: null })).body;
    const stream = await openStream(`/_sandbox/deliveries/events?since=${cursor}`);
    try {
      const forms = await t.get('/v1/forms?page%5Bsize%5D=1');
      const id = forms.body.data[0].id;
      const url = `${receiver.url}/streamed`;
      await t.call('PATCH', `/v1/forms/${id}`, { body: { webhooks: { [url]: ['forms:updated'] } } });
      await t.call('PATCH', `/v1/forms/${id}`, { body: { status: 'streamed' } });
      // Both changes are forms:updated (the first registers the URL): each delivery comes when
      // it is made, then when its attempt is answered.
      const byDelivery = () => {
        const seen = new Map<string, unknown[]>();
        for (const e of stream.events.filter((e) => e.data.url === url)) {
          seen.set(e.data.id, [
            ...(seen.get(e.data.id) ?? []),
            [e.event, e.data.outcome, e.data.attempts.length],
          ]);
        }
        return [...seen.values()];
      };
      const madeThenTried = [
        ['delivery', 'pending', 0],
        ['delivery', 'delivered', 1],
      ];
      await expect.poll(byDelivery).toEqual([madeThenTried, madeThenTried]);
    } finally {
      stream.close();
      await receiver.close();
    }
  });

  it('ends its streams when the sandbox closes', async () => {
    const own = await startTestSandbox();
    const res = await new Promise<IncomingMessage>((resolve) =>
      httpRequest(`${own.sandbox.baseUrl}/_sandbox/requests/events`).on('response', resolve).end(),
    );
    const ended = new Promise((resolve) => res.on('close', resolve).resume());
    await own.close();
    await ended;
  });
});

describe('writes from another origin', () => {
  afterEach(async () => {
    await t.call('PUT', '/_sandbox/faults', { token: null, body: { faults: 'off' } });
  });

  it('are refused with 403 for the hooks; same-origin pages and programs (no Origin) may write', async () => {
    const put = (origin?: string) =>
      request(`${t.sandbox.baseUrl}/_sandbox/faults`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify({ faults: '503:1' }),
      });
    for (const origin of [
      'http://evil.example',
      'null',
      `${t.sandbox.baseUrl.replace('127.0.0.1', 'localhost')}`,
    ]) {
      const refused = await put(origin);
      expect(refused.statusCode).toBe(403);
      expect((refused.body.json() as Json).message).toMatch(/^Cross-origin write refused/);
    }
    expect((await t.get('/_sandbox/faults', { token: null })).body.faults).toBe('off');
    expect((await put(t.sandbox.baseUrl)).statusCode).toBe(200);
    expect((await put()).statusCode).toBe(200);
  });

  it('may still read the hooks, and reach the API (its token guards it)', async () => {
    const headers = { origin: 'http://evil.example' };
    expect((await t.get('/_sandbox/faults', { token: null, headers })).status).toBe(200);
    expect((await t.get('/v1/workspaces', { headers })).status).toBe(200);
  });
});

describe('the console pages', () => {
  it.each(['/', '/reference'])('%s is HTML that may load nothing from another origin', async (path) => {
    const res = await t.get(path, { token: null });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'self';/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.body).toMatch(/<script defer src="\/_sandbox\/console\/[\w.-]+\.js"><\/script>/);
    expect(res.body).not.toMatch(/https?:\/\//);
  });

  it('serves none but its own files', async () => {
    for (const file of ['nothing.js', 'console.ts', 'swagger-ui-LICENSE']) {
      expect((await t.get(`/_sandbox/console/${file}`, { token: null })).status).toBe(404);
    }
  });
});
