/**
 * Fault injection (--faults): applied to /v1 only, after auth and the rate limit; deterministic
 * from the seed; `reset` after the request was processed; changed at run time by a test hook.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { request } from '../support/http-request.js';
import {
  type Json,
  manualClock,
  qs,
  rawExchange,
  startTestSandbox,
  type TestSandbox,
  useTestSandbox,
} from './helpers.js';

const t = useTestSandbox({ seed: 3 });

const setFaults = (target: TestSandbox, faults: string, slow_ms?: number) =>
  target.call('PUT', '/_sandbox/faults', { token: null, body: { faults, slow_ms } });
const logged = async (target: TestSandbox) =>
  (await target.get('/_sandbox/requests')).body.requests as Json[];
const someCaseId = async (archived: boolean) =>
  (await t.get(`/v1/cases${qs({ archived: String(archived), 'page[size]': 1 })}`)).body.data[0].id as string;

/** Sends `count` requests one after another, of a few kinds; a dropped connection is an answer too. */
async function sendSequence(target: TestSandbox, count: number, caseId: string): Promise<void> {
  for (let i = 0; i < count; i++) {
    const kind = i % 3;
    const call =
      kind === 0
        ? target.get('/v1/workspaces')
        : kind === 1
          ? target.get(`/v1/cases${qs({ 'page[size]': 5, 'page[number]': i })}`)
          : target.post(`/v1/cases/${caseId}`, { archived: i % 2 === 0 });
    await call.catch(() => undefined);
  }
}

describe('settings', () => {
  it.each([
    [
      'boom:0.1',
      /^Invalid faults "boom:0.1": unknown fault "boom"; expected one of 429, 500, 502, 503, 504, reset, slow$/,
    ],
    ['503:2', /"503:2" needs a share from 0 to 1/],
    ['503', /"503" needs a share from 0 to 1/],
    ['503:-0.1', /needs a share from 0 to 1/],
    ['503:0.5,503:0.1', /503 is given twice/],
    ['503:0.6,500:0.6', /the shares add up to 1.2, more than 1/],
  ])('refuses --faults %s at start with a one-line error', async (faults, message) => {
    await expect(startSandbox({ port: 0, faults })).rejects.toThrow(message);
  });

  it('refuses a slow delay that is not whole milliseconds from 0 to 600000', async () => {
    await expect(startSandbox({ port: 0, slowMs: -1 })).rejects.toThrow(
      'Invalid slow delay -1: expected milliseconds from 0 to 600000',
    );
  });

  it('shows the faults in force and changes them at run time', async () => {
    expect((await t.get('/_sandbox/faults', { token: null })).body).toEqual({ faults: 'off', slow_ms: 1000 });
    const put = await setFaults(t, 'slow:0.02,503:0.05,429:0.1', 250);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ faults: '429:0.1,503:0.05,slow:0.02', slow_ms: 250 });
    expect((await setFaults(t, '503:1')).body).toEqual({ faults: '503:1', slow_ms: 250 });
    expect((await t.get('/v1/workspaces')).status).toBe(503);
    expect((await setFaults(t, 'off')).body).toEqual({ faults: 'off', slow_ms: 250 });
    expect((await t.get('/v1/workspaces')).status).toBe(200);
  });

  it('refuses invalid settings with a 400 naming the field, and keeps the ones in force', async () => {
    await setFaults(t, '500:0.5', 1000);
    const res = await setFaults(t, '500:0.5,bad:1');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid request body',
      errors: [
        {
          message:
            'Invalid faults "500:0.5,bad:1": unknown fault "bad"; expected one of 429, 500, 502, 503, 504, reset, slow',
          path: ['faults'],
          type: 'invalid_value',
        },
      ],
    });
    const slow = await setFaults(t, 'off', 600_001);
    expect(slow.status).toBe(400);
    expect(slow.body.errors[0].path).toEqual(['slow_ms']);
    expect((await t.get('/_sandbox/faults', { token: null })).body).toEqual({
      faults: '500:0.5',
      slow_ms: 1000,
    });
    await setFaults(t, 'off');
  });
});

describe('injected errors', () => {
  beforeEach(async () => {
    await setFaults(t, 'off');
    await t.call('DELETE', '/_sandbox/requests');
  });

  it('answers 429 in the rate-limit shape with a Retry-After of 1 s, without running the handler', async () => {
    const id = await someCaseId(false);
    await setFaults(t, '429:1');
    const res = await t.post(`/v1/cases/${id}`, { archived: true });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Rate limit exceeded, retry in 1 seconds',
      retryAfter: 1,
    });
    await setFaults(t, 'off');
    expect((await t.get(`/v1/cases/${id}`)).body.archived_at).toBeNull();
  });

  it.each([
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [504, 'Gateway Timeout'],
  ])('answers %i in the standard shape, without running the handler', async (status, error) => {
    const count = (await t.get('/v1/cases/count')).body.count;
    const template = (await t.get('/v1/case_templates')).body.data[0].id;
    await setFaults(t, `${status}:1`);
    const res = await t.post('/v1/cases', { template: { id: template }, title: 'never stored' });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({
      statusCode: status,
      error,
      message: `${error} (a fault injected by --faults)`,
    });
    await setFaults(t, 'off');
    expect((await t.get('/v1/cases/count')).body.count).toBe(count);
  });

  it('leaves the test hooks, OAuth and requests that fail auth alone', async () => {
    await setFaults(t, '500:1');
    expect((await t.get('/_sandbox/health', { token: null })).status).toBe(200);
    expect((await t.get('/.well-known/openid-configuration', { token: null })).status).toBe(200);
    expect((await t.get('/v1/workspaces', { token: null })).status).toBe(401);
    expect((await t.get('/v1/workspaces', { token: 'wfd_0000' })).status).toBe(401);
    expect((await t.get('/v1/workspaces')).status).toBe(500);
    expect((await logged(t)).map((r) => [r.status, r.fault])).toEqual([
      [401, null],
      [401, null],
      [500, '500'],
    ]);
  });

  it('logs the fault of every request, and null for the others', async () => {
    const id = await someCaseId(false);
    await t.call('DELETE', '/_sandbox/requests');
    await setFaults(t, '503:0.5');
    await sendSequence(t, 30, id);
    const log = await logged(t);
    expect(log).toHaveLength(30);
    for (const entry of log) expect(entry.fault === '503').toBe(entry.status === 503);
    expect(log.filter((r) => r.fault === '503').length).toBeGreaterThan(0);
  });
});

describe('distribution and determinism', () => {
  it('gives each fault roughly its share of the requests', async () => {
    await setFaults(t, '429:0.2,500:0.1,503:0.1,slow:0.1', 0);
    await t.call('DELETE', '/_sandbox/requests');
    for (let i = 0; i < 500; i++) await t.get('/v1/workspaces');
    const counts = new Map<string | null, number>();
    for (const { fault } of await logged(t)) counts.set(fault, (counts.get(fault) ?? 0) + 1);
    expect(counts.get('429')).toBeGreaterThan(60);
    expect(counts.get('429')).toBeLessThan(140);
    for (const fault of ['500', '503', 'slow']) {
      expect(counts.get(fault)).toBeGreaterThan(20);
      expect(counts.get(fault)).toBeLessThan(85);
    }
    expect(counts.get(null)).toBeGreaterThan(190);
    expect(counts.get(null)).toBeLessThan(310);
    await setFaults(t, 'off', 1000);
  });

  it('gives the same faults to the same requests with the same seed, and others with another', async () => {
    const faults = '429:0.1,503:0.1,reset:0.1,slow:0.1';
    const runs = await Promise.all(
      [7, 7, 8].map(async (seed) => {
        const own = await startTestSandbox({ seed });
        try {
          const id = (await own.get(`/v1/cases${qs({ 'page[size]': 1 })}`)).body.data[0].id;
          await setFaults(own, faults, 0);
          await own.call('DELETE', '/_sandbox/requests');
          await sendSequence(own, 60, id);
          return (await logged(own)).map((r) => r.fault);
        } finally {
          await own.close();
        }
      }),
    );
    expect(runs[0]).toHaveLength(60);
    expect(new Set(runs[0])).toEqual(new Set([null, '429', '503', 'reset', 'slow']));
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).not.toEqual(runs[0]);
  });

  it('restarts the draws when the settings change, so the same settings repeat the same faults', async () => {
    const draws = async () => {
      await setFaults(t, '503:0.3', 0);
      await t.call('DELETE', '/_sandbox/requests');
      for (let i = 0; i < 40; i++) await t.get('/v1/workspaces');
      return (await logged(t)).map((r) => r.fault);
    };
    const first = await draws();
    expect(first).toContain('503');
    expect(await draws()).toEqual(first);
    await setFaults(t, 'off', 1000);
  });
});

describe('reset', () => {
  afterAll(() => setFaults(t, 'off'));

  it('processes the request, sends the head and half the body, then drops the connection', async () => {
    const id = await someCaseId(false);
    await setFaults(t, 'reset:1');
    await t.call('DELETE', '/_sandbox/requests');
    const body = JSON.stringify({ archived: true });
    const res = await rawExchange(
      t.sandbox.baseUrl,
      `POST /v1/cases/${id} HTTP/1.1\r\nhost: localhost\r\nauthorization: Bearer ${t.token}\r\n` +
        `content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    );
    expect(res.status).toBe(200);
    const length = Number(res.headers['content-length']);
    expect(res.bodyBytes).toBe(Math.floor(length / 2));
    expect((await logged(t)).map((r) => [r.status, r.fault])).toEqual([[200, 'reset']]);

    await setFaults(t, 'off');
    expect((await t.get(`/v1/cases/${id}`)).body.archived_at).not.toBeNull();
  });

  it('is an error for an HTTP client, after which the write can be read back', async () => {
    const id = await someCaseId(false);
    await setFaults(t, 'reset:1');
    const sent = request(`${t.sandbox.baseUrl}/v1/cases/${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ archived: true }),
    }).then((res) => res.body.text());
    await expect(sent).rejects.toThrow();
    await setFaults(t, 'off');
    expect((await t.get(`/v1/cases/${id}`)).body.archived_at).not.toBeNull();
  });
});

describe('slow', () => {
  it('holds the answer back by slowMs on the sandbox clock; the handler has run already', async () => {
    const clock = manualClock();
    const own = await startTestSandbox({ clock, faults: 'slow:1', slowMs: 5000 });
    try {
      const id = await firstCase(own);
      let answered = false;
      const pending = own.post(`/v1/cases/${id}`, { archived: true }).then((res) => {
        answered = true;
        return res;
      });
      await until(() => clock.pending > 0);
      await setFaults(own, 'off');
      expect((await own.get(`/v1/cases/${id}`)).body.archived_at).not.toBeNull();
      expect(answered).toBe(false);
      await clock.advance(5000);
      const res = await pending;
      expect(res.status).toBe(200);
      expect((await logged(own)).map((r) => r.fault)).toEqual([null, null, 'slow']);
    } finally {
      await own.close();
    }
  });

  it('sends the answers held back at once when the sandbox closes', async () => {
    const clock = manualClock();
    const own = await startTestSandbox({ clock, faults: 'slow:1', slowMs: 600_000 });
    const pending = own.get('/v1/workspaces');
    await until(() => clock.pending > 0);
    await own.close();
    expect((await pending).status).toBe(200);
  });
});

/** The first case of a sandbox whose answers are held back until its manual clock moves. */
async function firstCase(target: TestSandbox): Promise<string> {
  await setFaults(target, 'off');
  const id = (await target.get(`/v1/cases${qs({ archived: 'false', 'page[size]': 1 })}`)).body.data[0].id;
  await setFaults(target, 'slow:1');
  return id;
}

/** Waits for a condition that follows from a request in flight, without timing assumptions. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
