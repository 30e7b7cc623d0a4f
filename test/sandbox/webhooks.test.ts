/**
 * Webhook deliveries to a real local receiver: headers, payload, subscriptions,
 * retries (on a manual clock), and an API that answers whatever the receiver does.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/time.js';
import {
  type Json,
  listAll,
  startTestSandbox,
  type TestSandbox,
  UUID_RE,
  useTestSandbox,
} from './helpers.js';
import { type Receiver, startReceiver } from './receiver.js';

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterEach(() => {
  receiver.received.length = 0;
  receiver.statuses = [];
  receiver.release();
});
afterAll(() => receiver.close());

const createForm = (t: TestSandbox, webhooks: Record<string, string[]>) =>
  t.post('/v1/forms', { flow: { slug: 'customer-feedback' }, user: { email: 'hook@example.com' }, webhooks });

const deliveriesOf = async (t: TestSandbox, formId: string): Promise<Json[]> =>
  (await t.get(`/_sandbox/deliveries?form_id=${formId}`, { token: null })).body.deliveries;

/** Waits (without a deadline of its own: the test's time-out bounds it) until the deliveries satisfy `done`. */
async function settled(t: TestSandbox, formId: string, done: (d: Json[]) => boolean): Promise<Json[]> {
  for (;;) {
    const deliveries = await deliveriesOf(t, formId);
    if (done(deliveries)) return deliveries;
    await sleep(20);
  }
}
const allSettled = (deliveries: Json[]) => deliveries.every((d) => d.outcome !== 'pending');

describe('deliveries on real time', () => {
  const t = useTestSandbox({ webhookRetryDelaysMs: [20, 20, 20] });

  it('POSTs forms:created with the documented payload and headers', async () => {
    const url = `${receiver.url}/created`;
    const res = await createForm(t, { [url]: ['forms:created', 'responses:completed'] });
    expect(res.status).toBe(201);
    await receiver.waitFor(1);
    const [got] = receiver.received;
    expect(got!.path).toBe('/created');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['x-wfd-event']).toBe('forms:created');
    expect(got!.headers['x-wfd-delivery']).toMatch(UUID_RE);
    const { responses: _responses, ...formWithoutResponses } = res.body;
    expect(got!.body).toEqual({
      id: expect.stringMatching(UUID_RE),
      event: 'forms:created',
      created_at: expect.any(String),
      data: formWithoutResponses,
    });
    expect(got!.body.id).not.toBe(got!.headers['x-wfd-delivery']);

    const [delivery] = await settled(t, res.body.id, allSettled);
    expect(delivery).toEqual({
      seq: expect.any(Number),
      id: got!.headers['x-wfd-delivery'],
      event: 'forms:created',
      form_id: res.body.id,
      url,
      outcome: 'delivered',
      resend_of: null,
      created_at: got!.body.created_at,
      // The start of the receiver's answer, for the console.
      attempts: [{ at: expect.any(String), status: 200, error: null, answer: 'received' }],
    });
  });

  it('notifies each URL of the events listed for it only', async () => {
    const archive = `${receiver.url}/archive`;
    const updates = `${receiver.url}/updates`;
    const form = (
      await createForm(t, { [archive]: ['forms:archived', 'forms:unarchived'], [updates]: ['forms:updated'] })
    ).body;
    await t.call('PATCH', `/v1/forms/${form.id}`, { body: { archived: true } });
    await t.call('PATCH', `/v1/forms/${form.id}`, { body: { status: 'reminded' } });
    await t.call('PATCH', `/v1/forms/${form.id}`, { body: { status: 'reminded' } });
    await t.call('PATCH', `/v1/forms/${form.id}`, { body: { archived: false } });
    const deliveries = await settled(t, form.id, (d) => d.length === 5 && allSettled(d));
    expect(deliveries.map((d) => [d.url, d.event])).toEqual([
      [updates, 'forms:updated'],
      [archive, 'forms:archived'],
      [updates, 'forms:updated'],
      [updates, 'forms:updated'],
      [archive, 'forms:unarchived'],
    ]);
    const byPath = (path: string) =>
      receiver.received.filter((r) => r.path === path).map((r) => r.headers['x-wfd-event']);
    expect(byPath('/archive')).toEqual(['forms:archived', 'forms:unarchived']);
    expect(byPath('/updates')).toEqual(['forms:updated', 'forms:updated', 'forms:updated']);
    const archived = receiver.received.find((r) => r.headers['x-wfd-event'] === 'forms:archived')!;
    expect(archived.body.data).toMatchObject({ id: form.id, archived: true });
  });

  it('answers the API call while the receiver has not answered, then delivers', async () => {
    receiver.hold = true;
    const res = await createForm(t, { [`${receiver.url}/slow`]: ['forms:created'] });
    expect(res.status).toBe(201);
    await receiver.waitFor(1);
    const [inFlight] = await deliveriesOf(t, res.body.id);
    expect(inFlight).toMatchObject({ outcome: 'pending', attempts: [] });
    expect((await t.get(`/v1/forms/${res.body.id}`)).status).toBe(200);
    receiver.release();
    const [done] = await settled(t, res.body.id, allSettled);
    expect(done).toMatchObject({ outcome: 'delivered', attempts: [{ status: 200 }] });
  });

  it('retries a failing receiver with the same delivery id, up to three times', async () => {
    receiver.statuses = [500, 503, 404, 500];
    const res = await createForm(t, { [`${receiver.url}/down`]: ['forms:created'] });
    const [failed] = await settled(t, res.body.id, allSettled);
    expect(failed.outcome).toBe('failed');
    expect(failed.attempts.map((a: Json) => a.status)).toEqual([500, 503, 404, 500]);
    expect(new Set(receiver.received.map((r) => r.headers['x-wfd-delivery']))).toEqual(new Set([failed.id]));
    expect(new Set(receiver.received.map((r) => r.body.id)).size).toBe(1);
  });

  it('fails deliveries to reserved names such as hooks.example at once, without DNS', async () => {
    const res = await createForm(t, { 'https://hooks.example/acme/forms': ['forms:created'] });
    const [failed] = await settled(t, res.body.id, allSettled);
    expect(failed.outcome).toBe('failed');
    expect(failed.attempts).toHaveLength(4);
    for (const a of failed.attempts) {
      expect(a).toEqual({
        at: expect.any(String),
        status: null,
        error: 'getaddrinfo ENOTFOUND hooks.example',
        answer: null,
      });
    }
  });

  it('records connection failures as errors', async () => {
    const closed = await startReceiver();
    const url = `${closed.url}/gone`;
    await closed.close();
    const res = await createForm(t, { [url]: ['forms:created'] });
    const [failed] = await settled(t, res.body.id, allSettled);
    expect(failed.attempts[0]).toMatchObject({
      status: null,
      error: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('sends nothing for a form without receivers, or for events nobody subscribed to', async () => {
    const res = await createForm(t, {});
    await t.call('PATCH', `/v1/forms/${res.body.id}`, { body: { processed: true } });
    expect(await deliveriesOf(t, res.body.id)).toEqual([]);
  });
});

describe('retries on a manual clock', () => {
  const clock = new ManualClock();
  const t = useTestSandbox({ clock, webhookRetryDelaysMs: [1000, 5000, 25_000] });

  it('makes the first attempt after the response and backs off 1 s, then 5 s', async () => {
    receiver.statuses = [500, 502, 200];
    const start = clock.now();
    const res = await createForm(t, { [`${receiver.url}/flaky`]: ['forms:created'] });
    expect(res.body.created_at).toBe(new Date(start).toISOString());
    expect(clock.pending).toBe(1);
    expect((await deliveriesOf(t, res.body.id))[0]).toMatchObject({ outcome: 'pending', attempts: [] });

    await clock.advance(0);
    await clock.advance(999);
    expect(receiver.received).toHaveLength(1);
    await clock.advance(1);
    expect(receiver.received).toHaveLength(2);
    await clock.advance(4999);
    expect(receiver.received).toHaveLength(2);
    await clock.advance(1);
    const [delivery] = await deliveriesOf(t, res.body.id);
    expect(delivery.outcome).toBe('delivered');
    expect(delivery.attempts).toEqual([
      { at: new Date(start).toISOString(), status: 500, error: null, answer: 'received' },
      { at: new Date(start + 1000).toISOString(), status: 502, error: null, answer: 'received' },
      { at: new Date(start + 6000).toISOString(), status: 200, error: null, answer: 'received' },
    ]);
    expect(clock.pending).toBe(0);
  });

  it('gives up after the third retry, 31 s after the first attempt', async () => {
    receiver.statuses = [500, 500, 500, 500, 500];
    const res = await createForm(t, { [`${receiver.url}/broken`]: ['forms:created'] });
    await clock.advance(30_999);
    expect((await deliveriesOf(t, res.body.id))[0]).toMatchObject({ outcome: 'pending' });
    await clock.advance(1);
    const [delivery] = await deliveriesOf(t, res.body.id);
    expect(delivery.outcome).toBe('failed');
    expect(delivery.attempts).toHaveLength(4);
    expect(receiver.received).toHaveLength(4);
  });
});

describe('closing the sandbox', () => {
  it('drops the retries still to come', async () => {
    const clock = new ManualClock();
    const t = await startTestSandbox({ clock });
    receiver.statuses = [500, 500];
    await createForm(t, { [`${receiver.url}/closing`]: ['forms:created'] });
    await clock.advance(0);
    expect(receiver.received).toHaveLength(1);
    expect(clock.pending).toBe(1);
    await t.close();
    expect(clock.pending).toBe(0);
    await clock.advance(60_000);
    expect(receiver.received).toHaveLength(1);
  });
  it('cuts short an attempt in flight without scheduling its retry', async () => {
    const clock = new ManualClock();
    const t = await startTestSandbox({ clock });
    receiver.hold = true;
    await createForm(t, { [`${receiver.url}/held`]: ['forms:created'] });
    const attempt = clock.advance(0);
    await receiver.waitFor(1);
    await t.close();
    await attempt;
    expect(clock.pending).toBe(0);
  });
});

describe('POST /_sandbox/trigger', () => {
  const t = useTestSandbox({ webhookRetryDelaysMs: [20, 20, 20] });
  let hooks: Record<string, string[]>;
  beforeAll(async () => {
    hooks = {
      [`${receiver.url}/all`]: [
        'responses:created',
        'responses:updated',
        'responses:completed',
        'responses:deleted',
        'forms:deleted',
      ],
    };
  });

  const trigger = (body: Record<string, unknown>) => t.post('/_sandbox/trigger', body, { token: null });

  it('simulates a respondent through a response’s life, each step emitting its event', async () => {
    const form = (await createForm(t, hooks)).body;

    const created = await trigger({ event: 'responses:created', form_id: form.id });
    expect(created.status).toBe(202);
    expect(created.body).toEqual({
      event: 'responses:created',
      form_id: form.id,
      response_id: expect.stringMatching(UUID_RE),
      delivery_ids: [expect.stringMatching(UUID_RE)],
    });
    const responseId = created.body.response_id;
    const opened = (await t.get(`/v1/forms/${form.id}`)).body;
    expect(opened.status).toBe('opened');
    expect(opened.responses.map((r: Json) => r.id)).toEqual([responseId]);
    expect(opened.responses[0].completed_at).toBeNull();

    const updated = await trigger({ event: 'responses:updated', form_id: form.id, attachments: 2 });
    expect(updated.body.response_id).toBe(responseId);
    const withFiles = (await t.get(`/v1/responses/${responseId}`)).body;
    expect(withFiles.attachments).toHaveLength(2);

    const completed = await trigger({ event: 'responses:completed', form_id: form.id, signature: true });
    expect(completed.status).toBe(202);
    const done = (await t.get(`/v1/responses/${responseId}`)).body;
    expect(done.completed_at).not.toBeNull();
    expect(done.signatures).toHaveLength(1);
    expect(Object.keys(done.answers).sort()).toEqual([
      'comments',
      'email',
      'full_name',
      'rating',
      'recommend',
    ]);
    expect((await t.get(`/v1/signatures/${done.signatures[0].id}`)).status).toBe(200);
    expect((await t.get(`/v1/forms/${form.id}`)).body).toMatchObject({
      status: 'completed',
      completed: true,
      active: false,
    });

    const deleted = await trigger({ event: 'responses:deleted', form_id: form.id, response_id: responseId });
    expect(deleted.body.response_id).toBe(responseId);
    expect((await t.get(`/v1/responses/${responseId}`)).status).toBe(404);
    expect((await t.get(`/v1/signatures/${done.signatures[0].id}`)).status).toBe(404);

    const gone = await trigger({ event: 'forms:deleted', form_id: form.id });
    expect(gone.body).toMatchObject({ event: 'forms:deleted', response_id: null });
    expect((await t.get(`/v1/forms/${form.id}`)).status).toBe(404);

    const deliveries = await settled(t, form.id, (d) => d.length === 5 && allSettled(d));
    expect(deliveries.map((d) => [d.event, d.outcome])).toEqual([
      ['responses:created', 'delivered'],
      ['responses:updated', 'delivered'],
      ['responses:completed', 'delivered'],
      ['responses:deleted', 'delivered'],
      ['forms:deleted', 'delivered'],
    ]);
    expect(deliveries.map((d) => d.id)).toEqual(
      [created, updated, completed, deleted, gone].flatMap((r) => r.body.delivery_ids),
    );
    const payloads = receiver.received.map((r) => r.body);
    expect(payloads[0].data).toMatchObject({ id: responseId, form: { id: form.id }, completed_at: null });
    expect(payloads[2].data).toMatchObject({ id: responseId, completed_at: done.completed_at });
    expect(payloads[3].data).toEqual(done);
    expect(payloads[4].data).toMatchObject({ id: form.id, status: 'completed' });
  });

  it('acts on any workspace’s seeded form, and answers with no delivery when nobody listens', async () => {
    const form = (await listAll(t, '/v1/forms', { 'flow[slug]': 'incident-report' }, t.otherToken)).find(
      (f) => Object.keys(f.webhooks).length === 0,
    )!;
    const res = await trigger({ event: 'responses:created', form_id: form.id.toUpperCase(), attachments: 1 });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ form_id: form.id, delivery_ids: [] });
    const response = (await t.get(`/v1/responses/${res.body.response_id}`, { token: t.otherToken })).body;
    expect(response.attachments[0].filename).toMatch(/^photos-1\.(pdf|png|txt)$/);
  });

  it('adds files under the names given, exactly, downloadable', async () => {
    const form = (await listAll(t, '/v1/forms', { 'flow[slug]': 'incident-report' }, t.otherToken))[0]!;
    const names = ['CON.pdf', 'a:b?.txt', 'Report.PDF', 'report.pdf', 'dots...'];
    const res = await trigger({ event: 'responses:created', form_id: form.id, filenames: names });
    expect(res.status).toBe(202);
    const response = (await t.get(`/v1/responses/${res.body.response_id}`, { token: t.otherToken })).body;
    expect(response.attachments.map((a: Json) => a.filename)).toEqual(names);
    const file = await t.get(`/v1/attachments/${response.attachments[0].id}`, {
      token: t.otherToken,
    });
    expect(file.status).toBe(200);
  });

  it.each([
    [
      'an unknown event',
      { event: 'forms:sent', form_id: '00000000-0000-4000-8000-000000000000' },
      400,
      ['event'],
    ],
    [
      'an event the API emits itself',
      { event: 'forms:created', form_id: '00000000-0000-4000-8000-000000000000' },
      400,
      ['event'],
    ],
    ['a malformed form id', { event: 'responses:created', form_id: 'x' }, 400, ['form_id']],
    [
      'an unknown form',
      { event: 'responses:created', form_id: '00000000-0000-4000-8000-000000000000' },
      404,
      undefined,
    ],
    [
      'a response id for a new response',
      {
        event: 'responses:created',
        form_id: '00000000-0000-4000-8000-000000000000',
        response_id: '00000000-0000-4000-8000-000000000000',
      },
      400,
      ['response_id'],
    ],
    [
      'attachments for a deletion',
      { event: 'responses:deleted', form_id: '00000000-0000-4000-8000-000000000000', attachments: 1 },
      400,
      ['attachments'],
    ],
    [
      'too many attachments',
      { event: 'responses:updated', form_id: '00000000-0000-4000-8000-000000000000', attachments: 11 },
      400,
      ['attachments'],
    ],
  ])('answers %s in the standard shape', async (_name, body, status, path) => {
    const res = await trigger(body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ statusCode: status });
    if (path) expect(res.body.errors[0].path).toEqual(path);
  });

  it('creates the response an event needs on a form that has none, and emits responses:created first', async () => {
    for (const event of ['responses:updated', 'responses:completed', 'responses:deleted']) {
      const form = (await createForm(t, hooks)).body;
      const res = await trigger({
        event,
        form_id: form.id,
        ...(event === 'responses:deleted' ? {} : { signature: true }),
      });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ event, response_id: expect.stringMatching(UUID_RE) });
      expect(res.body.delivery_ids).toHaveLength(2);
      const deliveries = await settled(t, form.id, (d) => d.length === 2 && allSettled(d));
      expect(deliveries.map((d) => [d.id, d.event])).toEqual([
        [res.body.delivery_ids[0], 'responses:created'],
        [res.body.delivery_ids[1], event],
      ]);
      const response = await t.get(`/v1/responses/${res.body.response_id}`);
      if (event === 'responses:deleted') expect(response.status).toBe(404);
      else expect(response.body.signatures).toHaveLength(1);
      if (event === 'responses:completed') expect(response.body.completed_at).not.toBeNull();
    }
  });

  it('completes a new response once the latest is completed, and answers 404 for another form’s response', async () => {
    const form = (await createForm(t, {})).body;
    const first = (await trigger({ event: 'responses:completed', form_id: form.id })).body.response_id;
    const second = await trigger({ event: 'responses:completed', form_id: form.id });
    expect(second.status).toBe(202);
    expect(second.body.response_id).not.toBe(first);
    const other = (await createForm(t, {})).body;
    const { response_id } = (await trigger({ event: 'responses:created', form_id: other.id })).body;
    const res = await trigger({ event: 'responses:updated', form_id: form.id, response_id });
    expect(res).toMatchObject({ status: 404, body: { message: 'Response not found on this form' } });
    await trigger({ event: 'responses:completed', form_id: other.id, response_id });
    const again = await trigger({ event: 'responses:completed', form_id: other.id, response_id });
    expect(again).toMatchObject({ status: 409, body: { message: 'Response is already completed' } });
  });

  it('needs no token, and is not a /v1 route', async () => {
    expect((await t.get('/_sandbox/deliveries', { token: null })).status).toBe(200);
    expect((await t.post('/v1/_sandbox/trigger', {}, { token: null })).status).toBe(401);
  });
});
