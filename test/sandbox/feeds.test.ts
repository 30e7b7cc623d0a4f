/**
 * The test hooks as feeds (`wfd sandbox logs|deliveries --follow` read them): numbered entries,
 * `since`/`limit` paging with a cursor, long polls with `wait`, and the fields of a log entry.
 */
import { describe, expect, it, vi } from 'vitest';
import { longPollsWaiting } from '../../src/sandbox/long-poll.js';
import { badRequest, type Json, manualClock, startTestSandbox, useTestSandbox } from './helpers.js';

const clock = manualClock();
const t = useTestSandbox({ clock, webhookRetryDelaysMs: [1000] });

const hook = async (path: string): Promise<Json> => {
  const res = await t.get(path, { token: null });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('GET /_sandbox/requests as a feed', () => {
  it('logs when a request arrived, its normalised path, how long it took and the token prefix', async () => {
    const { cursor } = await hook('/_sandbox/requests');
    await t.get('/%76%31/workspaces?x=1');
    const { requests } = await hook(`/_sandbox/requests?since=${cursor}`);
    expect(requests).toEqual([
      {
        seq: cursor + 1,
        time: new Date(clock.now()).toISOString(),
        method: 'GET',
        url: '/%76%31/workspaces?x=1',
        path: '/v1/workspaces',
        status: 200,
        duration_ms: expect.any(Number),
        token_prefix: t.token.slice(0, 8),
        workspace: 'acme',
        fault: null,
      },
    ]);
    expect(requests[0].duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('pages with since and limit; the cursor is where to go on from', async () => {
    const start = (await hook('/_sandbox/requests')).cursor;
    for (let i = 0; i < 5; i++) await t.get(`/v1/workspaces?n=${i}`);
    const first = await hook(`/_sandbox/requests?since=${start}&limit=2`);
    expect(first.requests.map((r: Json) => r.seq)).toEqual([start + 1, start + 2]);
    expect(first.cursor).toBe(start + 2);
    const rest = await hook(`/_sandbox/requests?since=${first.cursor}`);
    expect(rest.requests.map((r: Json) => r.url)).toEqual([
      '/v1/workspaces?n=2',
      '/v1/workspaces?n=3',
      '/v1/workspaces?n=4',
    ]);
    expect(rest.cursor).toBe(start + 5);
    // Nothing new: the cursor stays.
    expect(await hook(`/_sandbox/requests?since=${rest.cursor}`)).toMatchObject({
      requests: [],
      cursor: start + 5,
    });
  });

  it('keeps numbering across a reset, and reads a number from an earlier run from the start', async () => {
    const before = (await hook('/_sandbox/requests')).cursor;
    expect((await t.call('DELETE', '/_sandbox/requests', { token: null })).status).toBe(204);
    await t.get('/v1/workspaces');
    const after = await hook(`/_sandbox/requests?since=${before}`);
    expect(after.requests.map((r: Json) => r.seq)).toEqual([before + 1]);
    expect((await hook(`/_sandbox/requests?since=${before + 1000}`)).requests).toHaveLength(1);
  });

  it('holds a long poll until a request comes, and answers an empty one when the wait is over', async () => {
    const { cursor } = await hook('/_sandbox/requests');
    const polling = hook(`/_sandbox/requests?since=${cursor}&wait=30000`);
    await t.get('/v1/workspaces?from=elsewhere');
    expect((await polling).requests.map((r: Json) => r.url)).toEqual(['/v1/workspaces?from=elsewhere']);
    const { cursor: latest } = await hook('/_sandbox/requests');
    expect((await hook(`/_sandbox/requests?since=${latest}&wait=20`)).requests).toEqual([]);
  });

  it.each([
    ['since=-1', ['since']],
    ['limit=0', ['limit']],
    ['wait=60001', ['wait']],
    ['since=1&since=2', ['since']],
    ['sinse=1&limit=x', ['sinse', 'limit']],
  ])('refuses %s with a 400 naming the parameter', async (query, paths) => {
    const res = await t.get(`/_sandbox/requests?${query}`, { token: null });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(badRequest('Invalid query parameters'));
    expect(res.body.errors.map((e: Json) => e.path[0])).toEqual(paths);
  });
});

describe('GET /_sandbox/deliveries as a feed', () => {
  it('answers the deliveries changed since a number, in the order of their changes', async () => {
    const { cursor } = await hook('/_sandbox/deliveries');
    const form = await t.post('/v1/forms', {
      flow: { slug: 'customer-feedback' },
      user: { email: 'feed@example.com' },
      webhooks: { 'https://hooks.example/feed': ['forms:created', 'forms:updated'] },
    });
    expect(form.status).toBe(201);
    const created = await hook(`/_sandbox/deliveries?since=${cursor}`);
    expect(created.deliveries).toMatchObject([
      { seq: cursor + 1, event: 'forms:created', outcome: 'pending' },
    ]);
    await clock.advance(0);
    const tried = await hook(`/_sandbox/deliveries?since=${created.cursor}`);
    expect(tried.deliveries).toMatchObject([
      {
        seq: created.cursor + 1,
        id: created.deliveries[0].id,
        outcome: 'pending',
        attempts: [{ status: null, error: 'getaddrinfo ENOTFOUND hooks.example' }],
      },
    ]);
    await t.call('PATCH', `/v1/forms/${form.body.id}`, { body: { status: 'changed' } });
    await clock.advance(500);
    // forms:updated was made and tried once since; forms:created has not changed.
    const updated = await hook(`/_sandbox/deliveries?since=${tried.cursor}`);
    expect(updated.deliveries.map((d: Json) => [d.event, d.outcome, d.attempts.length])).toEqual([
      ['forms:updated', 'pending', 1],
    ]);
    const polling = hook(`/_sandbox/deliveries?since=${updated.cursor}&wait=30000&form_id=${form.body.id}`);
    await clock.advance(500);
    // Both retries fell due: forms:created's first, as it was scheduled first.
    const retried = await hook(`/_sandbox/deliveries?since=${updated.cursor}&form_id=${form.body.id}`);
    expect(retried.deliveries.map((d: Json) => [d.event, d.outcome, d.attempts.length])).toEqual([
      ['forms:created', 'failed', 2],
      ['forms:updated', 'failed', 2],
    ]);
    expect((await polling).deliveries.length).toBeGreaterThan(0);
  });
});

describe('closing the sandbox', () => {
  it('ends the long polls under way', async () => {
    const own = await startTestSandbox();
    expect(longPollsWaiting()).toBe(0);
    const polls = [
      own.get('/_sandbox/requests?since=0&wait=60000', { token: null }),
      own.get('/_sandbox/deliveries?since=0&wait=60000', { token: null }),
    ];
    // Both polls are in and waiting before the close, so the close is what ends them.
    await vi.waitFor(() => expect(longPollsWaiting()).toBe(2), { timeout: 10_000 });
    await own.close();
    const [requests, deliveries] = await Promise.all(polls);
    expect(requests!.status).toBe(200);
    expect(requests!.body).toMatchObject({ requests: [] });
    expect(deliveries!.status).toBe(200);
    expect(deliveries!.body).toMatchObject({ deliveries: [] });
    expect(longPollsWaiting()).toBe(0);
  });
});
