/**
 * Run tests of `wfd webhooks events|list|add|remove` against the fake API (test/support/fake-api.ts), and of
 * `wfd webhooks listen` over real loopback HTTP (its port, a downstream for --forward-to).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddWebhookOptions, runAddWebhook } from '../../src/commands/webhooks/add.js';
import { ListWebhookEventsOptions, runListWebhookEvents } from '../../src/commands/webhooks/events.js';
import { ListWebhooksOptions, runListWebhooks } from '../../src/commands/webhooks/list.js';
import { ListenWebhooksOptions, runListenWebhooks } from '../../src/commands/webhooks/listen.js';
import { RemoveWebhookOptions, runRemoveWebhook } from '../../src/commands/webhooks/remove.js';
import { UsageError } from '../../src/core/errors.js';
import { type TestContext, type TestContextOptions, testContext } from '../support/context.js';
import { makeForm } from '../support/factories.js';

let t: TestContext;
afterEach(() => t.close());

const FORM = '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10';
const HOOK = 'https://example.org/hook';
const OTHER = 'http://127.0.0.1:8080/';
const FIELDS = ['url', 'events'];

function formWith(webhooks: unknown) {
  return makeForm({ id: FORM, webhooks });
}

/** Intercepts the GET of the form, and a PATCH of exactly `patch` (answered with the new map). */
function readModifyWrite(before: unknown, patch?: Record<string, string[]>) {
  t.api.intercept({ path: `/v1/forms/${FORM}`, method: 'GET' }).reply(200, formWith(before));
  if (patch) {
    t.api
      .intercept({ path: `/v1/forms/${FORM}`, method: 'PATCH', body: JSON.stringify({ webhooks: patch }) })
      .reply(200, formWith(patch));
  }
}

describe('webhooks events', () => {
  it('lists the nine names of the spec, one per line, without a request', async () => {
    t = await testContext({ fields: ['event'] });
    await runListWebhookEvents(ListWebhookEventsOptions.parse({}), t.ctx);
    expect(t.stdout()).toBe(
      'forms:created\nforms:updated\nforms:deleted\nforms:archived\nforms:unarchived\n' +
        'responses:created\nresponses:updated\nresponses:deleted\nresponses:completed\n',
    );
  });
});

describe('webhooks list', () => {
  it('prints a row per receiver with its events', async () => {
    t = await testContext({ globals: { json: true }, fields: FIELDS });
    readModifyWrite({ [HOOK]: ['forms:created'], [OTHER]: ['responses:completed'] });
    await runListWebhooks(ListWebhooksOptions.parse({ formId: FORM }), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual([
      { url: HOOK, events: ['forms:created'] },
      { url: OTHER, events: ['responses:completed'] },
    ]);
  });

  it('a webhooks field of another shape is an error, not an empty list', async () => {
    t = await testContext({ fields: FIELDS });
    readModifyWrite({ [HOOK]: 'forms:created' });
    await expect(runListWebhooks(ListWebhooksOptions.parse({ formId: FORM }), t.ctx)).rejects.toThrow(
      `unexpected webhooks in form ${FORM}: expected a map of URLs to lists of event names`,
    );
  });
});

describe('webhooks add', () => {
  it('merges new events into a known URL and sends the whole map', async () => {
    t = await testContext({ fields: FIELDS });
    readModifyWrite(
      { [HOOK]: ['forms:created'], [OTHER]: ['forms:updated'] },
      { [HOOK]: ['forms:created', 'responses:completed'], [OTHER]: ['forms:updated'] },
    );
    await runAddWebhook(
      AddWebhookOptions.parse({ formId: FORM, url: HOOK, events: 'forms:created,responses:completed' }),
      t.ctx,
    );
    expect(t.stdout()).toBe(
      `${HOOK}\t["forms:created","responses:completed"]\n${OTHER}\t["forms:updated"]\n`,
    );
  });

  it('adds a new URL to a form without webhooks (null)', async () => {
    t = await testContext({ fields: FIELDS });
    readModifyWrite(null, { [OTHER]: ['forms:archived'] });
    await runAddWebhook(
      AddWebhookOptions.parse({ formId: FORM, url: OTHER, events: 'forms:archived' }),
      t.ctx,
    );
    expect(t.stdout()).toBe(`${OTHER}\t["forms:archived"]\n`);
  });

  it('events already there: no PATCH, a note on stderr', async () => {
    t = await testContext({ fields: FIELDS });
    readModifyWrite({ [HOOK]: ['forms:created'] });
    await runAddWebhook(AddWebhookOptions.parse({ formId: FORM, url: HOOK, events: 'forms:created' }), t.ctx);
    expect(t.stderr()).toBe(`nothing to change: form ${FORM} already has these webhooks\n`);
    expect(t.stdout()).toBe(`${HOOK}\t["forms:created"]\n`);
  });

  it('--dry-run reads the form and prints the PATCH it would send', async () => {
    t = await testContext({ globals: { json: true }, fields: FIELDS });
    readModifyWrite({});
    await runAddWebhook(
      AddWebhookOptions.parse({ formId: FORM, url: HOOK, events: 'forms:updated', dryRun: true }),
      t.ctx,
    );
    expect(JSON.parse(t.stdout())).toMatchObject({
      method: 'PATCH',
      url: `http://api.test/v1/forms/${FORM}`,
      body: { webhooks: { [HOOK]: ['forms:updated'] } },
    });
  });

  it.each([
    [
      { url: 'ftp://example.org/' },
      'invalid <url> "ftp://example.org/": expected an absolute http:// or https:// URL',
    ],
    [{ events: 'forms:deleted,forms:signed' }, /^unknown event "forms:signed" in --events/],
    [{ formId: 'f-1' }, 'invalid form id "f-1": expected a UUID or its first 8+ characters'],
  ])('%j exits 2 before any request', async (bad, message) => {
    t = await testContext({ fields: FIELDS });
    const options = AddWebhookOptions.parse({ formId: FORM, url: HOOK, events: 'forms:created', ...bad });
    const error = await runAddWebhook(options, t.ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    if (typeof message === 'string') expect((error as Error).message).toBe(message);
    else expect((error as Error).message).toMatch(message);
  });
});

describe('webhooks remove', () => {
  it('--events drops those events and keeps the URL in its place', async () => {
    t = await testContext({ fields: FIELDS });
    readModifyWrite(
      { [HOOK]: ['forms:created', 'forms:updated'], [OTHER]: ['forms:updated'] },
      { [HOOK]: ['forms:created'], [OTHER]: ['forms:updated'] },
    );
    await runRemoveWebhook(
      RemoveWebhookOptions.parse({ formId: FORM, url: HOOK, events: 'forms:updated' }),
      t.ctx,
    );
    expect(t.stdout()).toBe(`${HOOK}\t["forms:created"]\n${OTHER}\t["forms:updated"]\n`);
  });

  it('--events naming every event of the URL drops the URL', async () => {
    t = await testContext({ fields: FIELDS });
    readModifyWrite(
      { [HOOK]: ['forms:created'], [OTHER]: ['forms:updated'] },
      { [OTHER]: ['forms:updated'] },
    );
    await runRemoveWebhook(
      RemoveWebhookOptions.parse({ formId: FORM, url: HOOK, events: 'forms:created,forms:archived' }),
      t.ctx,
    );
    expect(t.stdout()).toBe(`${OTHER}\t["forms:updated"]\n`);
  });

  it('without --events drops the URL; the last one leaves {}', async () => {
    t = await testContext({ fields: FIELDS });
    readModifyWrite({ [HOOK]: ['forms:created', 'forms:updated'] }, {});
    await runRemoveWebhook(RemoveWebhookOptions.parse({ formId: FORM, url: HOOK }), t.ctx);
    expect(t.stdout()).toBe('');
  });

  it('a URL the form does not notify exits 5 and sends no PATCH', async () => {
    t = await testContext({ fields: FIELDS });
    readModifyWrite({ [HOOK]: ['forms:created'] });
    const error = await runRemoveWebhook(
      RemoveWebhookOptions.parse({ formId: FORM, url: OTHER }),
      t.ctx,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      exitCode: 5,
      message: `form ${FORM} does not notify "${OTHER}"`,
      hint: `run \`wfd webhooks list ${FORM}\` to see its webhooks`,
    });
  });
});

// --- webhooks listen: real HTTP on loopback ---------------------------------------------------

/** Waits until stderr matches (polled: the verb runs concurrently); returns the match. */
async function stderrMatch(pattern: RegExp): Promise<RegExpExecArray> {
  for (let i = 0; i < 2000; i++) {
    const match = pattern.exec(t.stderr());
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`stderr never matched ${pattern}: ${t.stderr()}`);
}

/** The listener's URL, from its first stderr line. */
async function listeningUrl(): Promise<string> {
  return (await stderrMatch(/^listening on (\S+)\n/))[1]!;
}

async function deliver(
  url: string,
  event: string,
  delivery: string,
  data: unknown,
  extra: Record<string, string> = {},
) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-wfd-event': event,
      'x-wfd-delivery': delivery,
      ...extra,
    },
    body: JSON.stringify({ id: `event-${delivery}`, event, created_at: '2026-11-23T12:00:00.000Z', data }),
  });
  return response.status;
}

async function listen(options: Record<string, unknown>, context: TestContextOptions = {}) {
  t = await testContext(context);
  const run = runListenWebhooks(
    ListenWebhooksOptions.parse({ host: '127.0.0.1', port: 0, path: '/', ...options }),
    t.ctx,
  );
  run.catch(() => {});
  return { run, url: await listeningUrl() };
}

/** A downstream for --forward-to that records what reached it. */
async function downstream(
  status: number,
): Promise<{ url: string; seen: { headers: IncomingHttpHeaders; body: string }[]; server: Server }> {
  const seen: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ headers: req.headers, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`, seen, server };
}

describe('webhooks listen', () => {
  it('prints a line per delivery, answers 202, skips filtered events, exits after --max and closes the port', async () => {
    const { run, url } = await listen({ events: 'forms:updated,responses:completed', max: 2 });
    expect(t.stderr()).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\/\n$/);
    expect(await deliver(url, 'forms:created', 'd0', { id: FORM })).toBe(202);
    expect(await deliver(url, 'forms:updated', 'd1', { id: FORM })).toBe(202);
    expect(await deliver(url, 'responses:completed', 'd2', { id: 'r1', form: { id: FORM } })).toBe(202);
    await run;
    expect(t.stdout()).toBe(
      `2026-11-23T12:00:00.000Z\tforms:updated\td1\t${FORM}\n2026-11-23T12:00:00.000Z\tresponses:completed\td2\t${FORM}\n`,
    );
    await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('on an 80-column terminal: aligned columns under a header, ids cut to 8 characters, within the width', async () => {
    const { run, url } = await listen({ max: 2 }, { stdoutTTY: true, columns: 80, env: { NO_COLOR: '1' } });
    const delivery = 'a1b2c3d4-0000-4000-8000-000000000001';
    await deliver(url, 'responses:created', delivery, { id: 'r1', form: { id: FORM } });
    await deliver(url, 'responses:completed', 'd2', { id: 'r1', form: { id: FORM } });
    await run;
    expect(t.stdout()).toBe(
      [
        'TIME UTC  EVENT                DELIVERY  FORM',
        `12:00:00  responses:created    a1b2c3d4  ${FORM.slice(0, 8)}`,
        `12:00:00  responses:completed  d2        ${FORM.slice(0, 8)}`,
        '',
      ].join('\n'),
    );
  });

  it('on a terminal wide enough, whole ids', async () => {
    const { run, url } = await listen({ max: 1 }, { stdoutTTY: true, columns: 120, env: { NO_COLOR: '1' } });
    const delivery = 'a1b2c3d4-0000-4000-8000-000000000001';
    await deliver(url, 'forms:updated', delivery, { id: FORM });
    await run;
    expect(t.stdout()).toContain(`12:00:00  forms:updated        ${delivery}  ${FORM}\n`);
  });

  it('-o ndjson prints {received_at, headers, body} with terminal controls escaped, the data exact', async () => {
    const { run, url } = await listen({ max: 1 }, { globals: { output: 'ndjson' } });
    const sneaky = 'f\u001b[2J\u009b31m\u202e';
    await deliver(url, 'forms:updated', 'd1', { id: sneaky });
    await run;
    const line = t.stdout();
    for (const raw of ['\u001b', '\u009b', '\u202e']) expect(line).not.toContain(raw);
    const printed = JSON.parse(line);
    expect(printed.received_at).toBe('2026-11-23T12:00:00.000Z');
    expect(printed.headers).toMatchObject({ 'x-wfd-event': 'forms:updated', 'x-wfd-delivery': 'd1' });
    expect(printed.body.data.id).toBe(sneaky);
  });

  it('the plain line escapes control characters; other paths and methods are not deliveries', async () => {
    const { run, url } = await listen({ max: 1, path: '/hooks' });
    expect(url).toMatch(/\/hooks$/);
    expect((await fetch(url.replace(/\/hooks$/, '/other'), { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(url)).status).toBe(405);
    // No X-Wfd-* headers: the event and the id come from the body, as another server may send them.
    const body = JSON.stringify({ id: 'e\tx', event: 'forms:updated\u0007', data: { id: FORM } });
    expect((await fetch(url, { method: 'POST', body })).status).toBe(202);
    await run;
    expect(t.stdout()).toBe(`2026-11-23T12:00:00.000Z\tforms:updated^G\te x\t${FORM}\n`);
  });

  it('--timeout with fewer than --max deliveries exits 8', async () => {
    const { run, url } = await listen({ max: 2, timeout: 200 });
    await deliver(url, 'forms:updated', 'd1', { id: FORM });
    const error = await run.catch((e: unknown) => e);
    expect(error).toMatchObject({ exitCode: 8, message: 'timed out after 200ms with 1 of 2 deliveries' });
    await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('--forward-to relays body and headers and shows the status; a failing downstream does not stop it', async () => {
    const down = await downstream(201);
    const { run, url } = await listen({
      max: 2,
      forwardTo: down.url,
      header: ['X-Secret: s1', 'x-extra: set'],
    });
    await deliver(url, 'forms:updated', 'd1', { id: FORM }, { 'x-extra': 'kept' });
    await vi.waitFor(() => expect(t.stdout()).toContain('\td1\t'));
    await new Promise<void>((resolve) => down.server.close(() => resolve()));
    await deliver(url, 'forms:archived', 'd2', { id: FORM });
    await run;
    expect(down.seen).toHaveLength(1);
    expect(down.seen[0]!.headers).toMatchObject({
      'x-wfd-event': 'forms:updated',
      'x-wfd-delivery': 'd1',
      'x-extra': 'set',
      'x-secret': 's1',
    });
    expect(JSON.parse(down.seen[0]!.body)).toMatchObject({ event: 'forms:updated', data: { id: FORM } });
    expect(t.stdout()).toBe(
      `2026-11-23T12:00:00.000Z\tforms:updated\td1\t${FORM}\t201\n2026-11-23T12:00:00.000Z\tforms:archived\td2\t${FORM}\tfailed\n`,
    );
    const lines = t.stderr().split('\n');
    expect(lines.some((line) => line.startsWith(`forward d2 -> ${down.url} failed: `))).toBe(true);
    expect(lines.filter((line) => line.startsWith('forward d1'))).toEqual([]);
  });

  it('--forms adds --public-url beside the receivers there, removes only that, and names what it could not remove', async () => {
    const tunnel = 'https://tunnel.example/hooks';
    t = await testContext();
    readModifyWrite(
      { [OTHER]: ['forms:created'] },
      { [OTHER]: ['forms:created'], [tunnel]: ['forms:updated'] },
    );
    // At the end someone else has added a receiver: it stays; the PATCH is refused.
    t.api
      .intercept({ path: `/v1/forms/${FORM}`, method: 'GET' })
      .reply(
        200,
        formWith({ [OTHER]: ['forms:created'], [tunnel]: ['forms:updated'], [HOOK]: ['forms:archived'] }),
      );
    t.api
      .intercept({
        path: `/v1/forms/${FORM}`,
        method: 'PATCH',
        body: JSON.stringify({ webhooks: { [OTHER]: ['forms:created'], [HOOK]: ['forms:archived'] } }),
      })
      .reply(409, { message: 'Conflict' });
    const run = runListenWebhooks(
      ListenWebhooksOptions.parse({
        host: '127.0.0.1',
        port: 0,
        path: '/',
        forms: FORM,
        publicUrl: tunnel,
        events: 'forms:updated',
        max: 1,
      }),
      t.ctx,
    );
    run.catch(() => {});
    const url = await listeningUrl();
    await stderrMatch(/^registered /m);
    await deliver(url, 'forms:updated', 'd1', { id: FORM });
    const error = await run.catch((e: unknown) => e);
    expect(error).toMatchObject({
      exitCode: 1,
      message: '1 webhook registration not confirmed removed (named above)',
    });
    expect(t.stderr()).toContain(`registered ${tunnel} on form ${FORM} for forms:updated\n`);
    expect(t.stderr()).toMatch(new RegExp(`not removed: ${tunnel} is still on form ${FORM}: .+\\n`));
    expect(t.stderr()).toContain(`hint: run \`wfd webhooks remove ${FORM} ${tunnel}\``);
  });

  it('--forms without --public-url against an API elsewhere exits 2 before listening', async () => {
    t = await testContext();
    const error = await runListenWebhooks(
      ListenWebhooksOptions.parse({ host: '127.0.0.1', port: 0, path: '/', forms: FORM }),
      t.ctx,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ exitCode: 2 });
    expect((error as Error).message).toMatch(/^--forms needs --public-url: the API at http:\/\/api\.test /);
    expect(t.stderr()).toBe('');
  });

  it.each([
    [{ events: 'forms:signed' }, {}, /^unknown event "forms:signed" in --events/],
    [{ forwardTo: 'localhost:3000' }, {}, /^invalid --forward-to "localhost:3000"/],
    [
      { forwardTo: 'http://127.0.0.1:1/', header: ['NoColon'] },
      {},
      `invalid --header "NoColon": expected 'Name: value'`,
    ],
    [{ header: ['X-A: b'] }, {}, '--header is sent with each forwarded delivery: give --forward-to too'],
    [{ forms: 'nope' }, {}, /^invalid form id "nope": expected a UUID or its first 8\+ characters/],
    [{ publicUrl: 'https://a.example/' }, {}, '--public-url is the URL --forms registers: give --forms too'],
    [
      {},
      { globals: { output: 'csv' as const } },
      '-o csv does not stream: use -o ndjson (one delivery per line)',
    ],
  ])('%j %j exits 2 before listening', async (options, context, message) => {
    t = await testContext(context);
    const error = await runListenWebhooks(
      ListenWebhooksOptions.parse({ host: '127.0.0.1', port: 0, path: '/', ...options }),
      t.ctx,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    if (typeof message === 'string') expect((error as Error).message).toBe(message);
    else expect((error as Error).message).toMatch(message);
    expect(t.stderr()).toBe('');
  });
});
