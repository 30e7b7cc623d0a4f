/** Run tests of `wfd sandbox logs` and `wfd sandbox deliveries`: the no-token feed hooks. */
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveriesSandboxOptions, runDeliveriesSandbox } from '../../src/commands/sandbox/deliveries.js';
import { FOLLOW_WAIT_MS } from '../../src/commands/sandbox/feed.js';
import { LogsSandboxOptions, runLogsSandbox } from '../../src/commands/sandbox/logs.js';
import { ResendDeliveryOptions, runResendDelivery } from '../../src/commands/sandbox/resend.js';
import { UsageError } from '../../src/core/errors.js';
import { interrupt } from '../../src/core/process/interrupt.js';
import { REQUEST_LOG_FIELDS } from '../../src/resources/sandbox-feeds.js';
import { type TestContext, testContext } from '../support/context.js';

let t: TestContext;
afterEach(() => t.close());

const FIELDS = [...REQUEST_LOG_FIELDS];

function entry(seq: number, url: string, status: number, extra: Record<string, unknown> = {}) {
  return {
    seq,
    time: '2026-11-23T12:00:00.000Z',
    method: 'GET',
    url,
    path: url.split('?')[0],
    status,
    duration_ms: 1.5,
    token_prefix: 'wfd_0123',
    workspace: 'acme',
    fault: null,
    ...extra,
  };
}

const noToken = (headers: Record<string, string>) => !('authorization' in headers);

describe('sandbox logs', () => {
  it('prints the log without a token, one plain line per request, filtered by status class and path', async () => {
    t = await testContext({ fields: FIELDS });
    t.api.intercept({ path: '/_sandbox/requests', method: 'GET', headers: noToken }).reply(200, {
      count: 4,
      cursor: 4,
      requests: [
        entry(1, '/v1/cases?page%5Bsize%5D=2', 200),
        entry(2, '/v1/cases/nope', 400),
        entry(3, '/v1/forms', 404),
        entry(4, '/v1/cases', 503, { fault: '503' }),
      ],
    });
    await runLogsSandbox(LogsSandboxOptions.parse({ status: '4xx', path: '/v1/cases' }), t.ctx);
    expect(t.stdout()).toBe('2026-11-23T12:00:00.000Z\tGET\t/v1/cases/nope\t400\t1.5\twfd_0123\t\n');
  });

  it('filters one status; -o ndjson carries each entry whole', async () => {
    t = await testContext({ fields: FIELDS, globals: { output: 'ndjson' } });
    const faulty = entry(4, '/v1/cases', 503, { fault: '503' });
    t.api
      .intercept({ path: '/_sandbox/requests', method: 'GET' })
      .reply(200, { count: 2, cursor: 4, requests: [entry(3, '/v1/forms', 404), faulty] });
    await runLogsSandbox(LogsSandboxOptions.parse({ status: '503' }), t.ctx);
    expect(t.stdout()).toBe(`${JSON.stringify(faulty)}\n`);
  });

  it('--follow prints new requests as they come, from the cursor, and stops at Ctrl-C (exit 130)', async () => {
    t = await testContext({ fields: FIELDS });
    t.api
      .intercept({ path: '/_sandbox/requests', method: 'GET' })
      .reply(200, { count: 1, cursor: 1, requests: [entry(1, '/v1/cases', 200)] });
    t.api
      .intercept({ path: `/_sandbox/requests?since=1&wait=${FOLLOW_WAIT_MS}`, method: 'GET' })
      .reply(200, { count: 2, cursor: 1, requests: [] });
    t.api.intercept({ path: `/_sandbox/requests?since=1&wait=${FOLLOW_WAIT_MS}`, method: 'GET' }).reply(200, {
      count: 3,
      cursor: 3,
      requests: [entry(2, '/v1/forms', 200), entry(3, '/v1/workspaces', 401)],
    });
    // Ctrl-C while the next poll waits.
    t.api
      .intercept({ path: `/_sandbox/requests?since=3&wait=${FOLLOW_WAIT_MS}`, method: 'GET' })
      .reply(() => {
        void interrupt('SIGINT');
        return { statusCode: 200, data: { count: 4, cursor: 4, requests: [entry(4, '/v1/late', 200)] } };
      });
    await expect(runLogsSandbox(LogsSandboxOptions.parse({ follow: true }), t.ctx)).rejects.toMatchObject({
      exitCode: 130,
    });
    const urls = t
      .stdout()
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[2]);
    expect(urls).toEqual(['/v1/cases', '/v1/forms', '/v1/workspaces']);
  });

  it('--follow on an 80-column terminal: aligned columns, clock times, URLs decoded and wrapped last', async () => {
    t = await testContext({
      fields: FIELDS,
      stdoutTTY: true,
      columns: 80,
      env: { NO_COLOR: '1' },
    });
    const filter = encodeURIComponent(JSON.stringify({ attributes: { title: { $ilike: '%é%' } } }));
    const long = `/v1/cases?filter=${filter}&page%5Bnumber%5D=1&page%5Bsize%5D=100`;
    t.api
      .intercept({ path: '/_sandbox/requests', method: 'GET' })
      .reply(200, { count: 1, cursor: 1, requests: [entry(1, '/v1/workspaces', 200)] });
    t.api
      .intercept({ path: `/_sandbox/requests?since=1&wait=${FOLLOW_WAIT_MS}`, method: 'GET' })
      .reply(200, { count: 2, cursor: 2, requests: [entry(2, long, 200)] });
    t.api
      .intercept({ path: `/_sandbox/requests?since=2&wait=${FOLLOW_WAIT_MS}`, method: 'GET' })
      .reply(() => {
        void interrupt('SIGINT');
        return { statusCode: 200, data: { count: 2, cursor: 2, requests: [] } };
      });
    await expect(runLogsSandbox(LogsSandboxOptions.parse({ follow: true }), t.ctx)).rejects.toMatchObject({
      exitCode: 130,
    });
    expect(t.stdout()).toBe(
      [
        'TIME UTC  STATUS  METHOD  MS      TOKEN     URL',
        '12:00:00  200     GET     1.5     wfd_0123  /v1/workspaces',
        '12:00:00  200     GET     1.5     wfd_0123  /v1/cases?filter={"attributes":{"tit',
        '                                            le":{"$ilike":"%é%"}}}&page[number]=',
        '                                            1&page[size]=100',
        '',
      ].join('\n'),
    );
  });

  it.each([
    [{ status: '6xx' }, /^invalid --status "6xx": expected 4xx, 5xx/],
    [{ status: '40' }, /^invalid --status "40"/],
  ])('%j exits 2 before any request', async (bad, message) => {
    t = await testContext({ fields: FIELDS });
    const error = await runLogsSandbox(LogsSandboxOptions.parse(bad), t.ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
  });

  it('refuses -o json with --follow before any request: it does not stream', async () => {
    t = await testContext({ fields: FIELDS, globals: { output: 'json' } });
    const error = await runLogsSandbox(LogsSandboxOptions.parse({ follow: true }), t.ctx).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(
      '-o json does not stream: use -o ndjson with --follow (one entry per line)',
    );
  });

  it('says when the server is not a sandbox', async () => {
    t = await testContext({ fields: FIELDS });
    t.api
      .intercept({ path: '/_sandbox/requests', method: 'GET' })
      .reply(404, { statusCode: 404, error: 'Not Found', message: 'Not Found' });
    const error = await runLogsSandbox(LogsSandboxOptions.parse({}), t.ctx).catch((e: unknown) => e);
    expect(error).toMatchObject({
      exitCode: 1,
      message: 'http://api.test has no /_sandbox/requests hook: is it a wfd sandbox?',
    });
  });
});

describe('sandbox deliveries', () => {
  const FORM = '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10';
  const delivery = (seq: number, outcome: string, attempts: number) => ({
    seq,
    id: `d${seq}`,
    event: 'forms:updated',
    form_id: FORM,
    url: 'https://hooks.example/a',
    outcome,
    created_at: '2026-11-23T12:00:00.000Z',
    attempts: Array.from({ length: attempts }, () => ({
      at: '2026-11-23T12:00:01.000Z',
      status: 500,
      error: null,
    })),
  });

  it('prints the deliveries of a form, with their outcome and number of attempts', async () => {
    t = await testContext({ fields: ['id'] });
    t.api
      .intercept({ path: `/_sandbox/deliveries?form_id=${FORM}`, method: 'GET', headers: noToken })
      .reply(200, { cursor: 2, deliveries: [delivery(2, 'failed', 4)] });
    await runDeliveriesSandbox(DeliveriesSandboxOptions.parse({ form: FORM }), t.ctx);
    expect(t.stdout()).toBe(
      `2026-11-23T12:00:00.000Z\td2\tforms:updated\t${FORM}\thttps://hooks.example/a\tfailed\t4\n`,
    );
  });

  it('--follow prints a delivery again at each change', async () => {
    t = await testContext({ fields: ['id'], globals: { output: 'ndjson' } });
    t.api
      .intercept({ path: '/_sandbox/deliveries', method: 'GET' })
      .reply(200, { cursor: 1, deliveries: [delivery(1, 'pending', 0)] });
    // The same delivery after a failed attempt (a retry pending): printed again, as it now is.
    t.api
      .intercept({ path: `/_sandbox/deliveries?since=1&wait=${FOLLOW_WAIT_MS}`, method: 'GET' })
      .reply(200, { cursor: 2, deliveries: [delivery(1, 'pending', 1)] });
    t.api
      .intercept({ path: `/_sandbox/deliveries?since=2&wait=${FOLLOW_WAIT_MS}`, method: 'GET' })
      .reply(() => {
        void interrupt('SIGINT');
        return { statusCode: 200, data: { cursor: 2, deliveries: [] } };
      });
    await expect(
      runDeliveriesSandbox(DeliveriesSandboxOptions.parse({ follow: true }), t.ctx),
    ).rejects.toMatchObject({ exitCode: 130 });
    expect(t.stdout()).toBe(
      `${JSON.stringify(delivery(1, 'pending', 0))}\n${JSON.stringify(delivery(1, 'pending', 1))}\n`,
    );
  });

  it('checks --form before any request', async () => {
    t = await testContext({ fields: ['id'] });
    const error = await runDeliveriesSandbox(DeliveriesSandboxOptions.parse({ form: 'f-1' }), t.ctx).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe('invalid form id "f-1": expected a UUID');
  });
});

describe('sandbox deliveries resend', () => {
  const kept = (id: string, url: string) => ({ seq: 1, id, event: 'forms:updated', url, attempts: [] });
  const first = 'abcdef12-0000-4000-8000-000000000001';
  const second = 'abcdef12-0000-4000-8000-000000000002';

  it('takes an id prefix: one GET of the kept deliveries, then the resend of the one it names', async () => {
    t = await testContext({ fields: ['id'], globals: { quiet: true } });
    t.api.intercept({ path: '/_sandbox/deliveries', method: 'GET', headers: noToken }).reply(200, {
      cursor: 2,
      deliveries: [kept(first, 'https://a.example/h'), kept('0123abcd-0000-4000-8000-000000000003', 'x')],
    });
    t.api.intercept({ path: `/_sandbox/deliveries/${first}/resend`, method: 'POST' }).reply(202, {
      ...kept('feedbeef-0000-4000-8000-000000000004', 'https://a.example/h'),
      resend_of: first,
    });
    await runResendDelivery(ResendDeliveryOptions.parse({ deliveryId: 'ABCDEF12' }), t.ctx);
    expect(t.stdout()).toBe('feedbeef-0000-4000-8000-000000000004\n');
  });

  it('an ambiguous prefix lists the deliveries it matches and resends none (exit 2)', async () => {
    t = await testContext({ fields: ['id'] });
    t.api.intercept({ path: '/_sandbox/deliveries', method: 'GET' }).reply(200, {
      cursor: 2,
      deliveries: [kept(first, 'https://a.example/h'), kept(second, 'https://b.example/h')],
    });
    const error = await runResendDelivery(
      ResendDeliveryOptions.parse({ deliveryId: 'abcdef12-0000' }),
      t.ctx,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe(
      'id prefix "abcdef12-0000" is ambiguous: it matches several deliveries:\n' +
        `  ${first}  forms:updated  https://a.example/h\n` +
        `  ${second}  forms:updated  https://b.example/h`,
    );
  });
});
