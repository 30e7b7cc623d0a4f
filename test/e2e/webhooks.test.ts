/**
 * End to end: `wfd webhooks` against a sandbox that really delivers. The listeners are the built
 * binary on ephemeral ports; the events come from `wfd forms update` and `wfd sandbox trigger`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { type AddressInfo, createConnection } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it, vi } from 'vitest';
import { BIN, lines, type RunResult, runWfd, type StartedSandbox, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox([], (fixture) => {
  sandbox = fixture.sandbox;
  // The retries of the fault tests would spend the spec's 100 requests a minute.
  env = { ...fixture.env, WFD_RATE_LIMIT: 'off' };
});

interface Listener {
  url: string;
  child: ChildProcess;
  /** what it printed on stderr so far */
  stderr(): string;
  /** resolves when the listener exits */
  done: Promise<RunResult>;
}

/** Starts `wfd webhooks listen --port 0 ...` and waits for its first stderr line. */
async function listen(args: string[]): Promise<Listener> {
  const child = spawn(process.execPath, [BIN, 'webhooks', 'listen', '--port', '0', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  const kill = setTimeout(() => child.kill('SIGKILL'), 25_000);
  const done = new Promise<RunResult>((resolve) => {
    child.on('close', (code) => {
      clearTimeout(kill);
      resolve({ code, stdout, stderr });
    });
  });
  const first = await new Promise<string>((resolve, reject) => {
    const reader = createInterface({ input: child.stderr.setEncoding('utf8') });
    reader.on('line', (line) => {
      stderr += `${line}\n`;
      if (stderr === `${line}\n`) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`listener exited ${code}: ${stderr}`)));
  });
  expect(first).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+\/$/);
  return { url: first.replace('listening on ', ''), child, done, stderr: () => stderr };
}

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** True when nothing accepts connections on the port any more. */
function portClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

async function newForm(): Promise<string> {
  const result = await runWfd(
    [
      'forms',
      'create',
      '--template',
      'customer-feedback',
      '--email',
      'hooks@example.org',
      '--given-name',
      'Ana',
      '--family-name',
      'Silva',
    ],
    { env },
  );
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
}

async function wfdOk(args: string[]): Promise<RunResult> {
  const result = await runWfd(args, { env });
  expect(result.code, result.stderr).toBe(0);
  return result;
}

describe('webhooks listen', () => {
  it('--max 2 receives forms:updated and responses:completed, and not an event the form did not subscribe to', async () => {
    const listener = await listen(['--max', '2', '--timeout', '20s']);
    const created = await wfdOk([
      'forms',
      'create',
      '--template',
      'nda-signature',
      '--email',
      'hooks@example.org',
      '--given-name',
      'Ana',
      '--family-name',
      'Silva',
      '--webhook',
      `${listener.url}=forms:updated,responses:completed`,
    ]);
    const form = created.stdout.trim();
    // forms:created (the creation) and responses:created are not subscribed: never delivered.
    await wfdOk(['forms', 'update', form, '--status', 'reviewing']);
    await wfdOk(['sandbox', 'trigger', 'responses:created', '--form', form]);
    await wfdOk(['sandbox', 'trigger', 'responses:completed', '--form', form]);
    const result = await listener.done;
    expect(result.code, result.stderr).toBe(0);
    const received = lines(result.stdout).map((line) => line.split('\t'));
    expect(received.map(([, event, , formId]) => [event, formId])).toEqual([
      ['forms:updated', form],
      ['responses:completed', form],
    ]);
    expect(await portClosed(portOf(listener.url))).toBe(true);
    const log = await fetch(`${sandbox.baseUrl}/_sandbox/deliveries?form_id=${form}`);
    const { deliveries } = (await log.json()) as { deliveries: { id: string; event: string }[] };
    expect(deliveries.map((d) => d.event)).toEqual(['forms:updated', 'responses:completed']);
    expect(received.map(([, , delivery]) => delivery)).toEqual(deliveries.map((d) => d.id));
  });

  it('--forward-to relays each delivery to a second listener', async () => {
    const downstream = await listen(['--max', '1', '--timeout', '20s', '-o', 'ndjson']);
    const upstream = await listen([
      '--max',
      '1',
      '--timeout',
      '20s',
      '--forward-to',
      downstream.url,
      '-o',
      'ndjson',
    ]);
    const form = await newForm();
    await wfdOk(['webhooks', 'add', form, upstream.url, '--events', 'responses:created']);
    await wfdOk(['sandbox', 'trigger', 'responses:created', '--form', form]);
    const [up, down] = await Promise.all([upstream.done, downstream.done]);
    expect(up.code, up.stderr).toBe(0);
    expect(down.code, down.stderr).toBe(0);
    const sent = JSON.parse(up.stdout);
    const relayed = JSON.parse(down.stdout);
    expect(relayed.body).toEqual(sent.body);
    expect(relayed.headers['x-wfd-delivery']).toBe(sent.headers['x-wfd-delivery']);
    expect(sent.forward).toEqual({ status: 202 });
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s exits %i and frees the port', async (signal, code) => {
    const listener = await listen([]);
    listener.child.kill(signal);
    const result = await listener.done;
    expect(result.code).toBe(code);
    expect(await portClosed(portOf(listener.url))).toBe(true);
  });

  it('--timeout with no delivery exits 8', async () => {
    const listener = await listen(['--timeout', '1s', '--max', '1']);
    const result = await listener.done;
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('error: timed out after 1s with 0 of 1 delivery');
  });
});

describe('webhooks list, add, remove', () => {
  it('a read-modify-write round trip of the map', async () => {
    const form = await newForm();
    await wfdOk(['webhooks', 'add', form, 'https://a.example/h', '--events', 'forms:created']);
    await wfdOk(['webhooks', 'add', form, 'https://a.example/h', '--events', 'forms:archived,forms:created']);
    await wfdOk(['webhooks', 'add', form, 'https://b.example/h', '--events', 'responses:deleted']);
    const listed = JSON.parse((await wfdOk(['webhooks', 'list', form, '--json'])).stdout);
    expect(listed).toEqual([
      { url: 'https://a.example/h', events: ['forms:created', 'forms:archived'] },
      { url: 'https://b.example/h', events: ['responses:deleted'] },
    ]);
    await wfdOk(['webhooks', 'remove', form, 'https://a.example/h', '--events', 'forms:created']);
    await wfdOk(['webhooks', 'remove', form, 'https://b.example/h']);
    const after = await wfdOk(['webhooks', 'list', form]);
    expect(after.stdout).toBe('https://a.example/h\t["forms:archived"]\n');
    const missing = await runWfd(['webhooks', 'remove', form, 'https://b.example/h'], { env });
    expect(missing.code).toBe(5);
  });
});

/** The form's `webhooks` exactly as the API answers them. */
async function webhooksOf(form: string): Promise<unknown> {
  const response = await fetch(`${sandbox.baseUrl}/v1/forms/${form}`, {
    headers: { authorization: `Bearer ${env.WFD_TOKEN}` },
  });
  return ((await response.json()) as { webhooks?: unknown }).webhooks;
}

/** Two new forms, the first already notifying someone else's receiver. */
async function twoForms(): Promise<{ forms: string[]; before: unknown[] }> {
  const forms = [await newForm(), await newForm()];
  await wfdOk(['webhooks', 'add', forms[0]!, 'https://other.example/h', '--events', 'forms:archived']);
  return { forms, before: await Promise.all(forms.map(webhooksOf)) };
}

/** Waits until the listener has registered itself on every form. */
async function registered(listener: Listener, forms: string[]): Promise<void> {
  await vi.waitFor(
    () => {
      for (const form of forms) expect(listener.stderr()).toContain(`on form ${form} for `);
    },
    { timeout: 10_000, interval: 50 },
  );
}

describe('webhooks listen --forms', () => {
  it('registers itself, receives a triggered event, forwards it with --header, and leaves the webhooks as they were', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const receiver = createServer((req, res) => {
      seen.push(req.headers);
      req.resume().on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const downstream = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`;
    const { forms, before } = await twoForms();
    const listener = await listen([
      '--forms',
      forms.join(','),
      '--events',
      'responses:created',
      '--forward-to',
      downstream,
      '--header',
      'X-Test: yes',
      '--max',
      '1',
      '--timeout',
      '20s',
    ]);
    await registered(listener, forms);
    expect(await webhooksOf(forms[0]!)).toEqual({
      ...(before[0] as object),
      [listener.url]: ['responses:created'],
    });
    await wfdOk(['sandbox', 'trigger', 'responses:created', '--form', forms[0]!]);
    const result = await listener.done;
    receiver.close();
    expect(result.code, result.stderr).toBe(0);
    const [line] = lines(result.stdout).map((text) => text.split('\t'));
    expect([line![1], line![3], line![4]]).toEqual(['responses:created', forms[0], '204']);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ 'x-test': 'yes', 'x-wfd-event': 'responses:created' });
    expect(await Promise.all(forms.map(webhooksOf))).toEqual(before);
    for (const form of forms) expect(result.stderr).toContain(`removed ${listener.url} from form ${form}`);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s exits %i and removes what it added', async (signal, code) => {
    const { forms, before } = await twoForms();
    const listener = await listen(['--forms', forms.join(',')]);
    await registered(listener, forms);
    expect(await webhooksOf(forms[1]!)).toEqual({ [listener.url]: expect.any(Array) });
    listener.child.kill(signal);
    const result = await listener.done;
    expect(result.code).toBe(code);
    expect(await Promise.all(forms.map(webhooksOf))).toEqual(before);
    expect(await portClosed(portOf(listener.url))).toBe(true);
  });

  it('never touches a URL someone else registered: --public-url already on a form', async () => {
    const { forms, before } = await twoForms();
    const listener = await listen([
      '--forms',
      forms.join(','),
      '--public-url',
      'https://other.example/h',
      '--timeout',
      '1s',
    ]);
    const result = await listener.done;
    expect(result.code).toBe(8);
    expect(result.stderr).toContain(
      `form ${forms[0]} already notifies https://other.example/h: left as it is, not registered`,
    );
    expect(result.stderr).toContain(
      `registered https://other.example/h on form ${forms[1]} for forms:created,`,
    );
    expect(await Promise.all(forms.map(webhooksOf))).toEqual(before);
  });
});

describe('webhooks listen --forms, when its clean-up fails or never runs', () => {
  it.each(['reset:1', '503:1'])(
    'a clean-up met by %s names each URL left with its remove command; --clean-up removes them later',
    async (faults) => {
      const { forms, before } = await twoForms();
      const listener = await listen(['--forms', forms.join(',')]);
      await registered(listener, forms);
      let result: RunResult;
      try {
        await sandbox.setFaults(faults);
        listener.child.kill('SIGINT');
        result = await listener.done;
      } finally {
        await sandbox.setFaults('off');
      }
      expect(result.code).toBe(130);
      for (const form of forms) {
        expect(result.stderr).toContain(`not removed: ${listener.url} is still on form ${form}: `);
        expect(result.stderr).toContain(`hint: run \`wfd webhooks remove ${form} ${listener.url}\``);
        expect(await webhooksOf(form)).toMatchObject({ [listener.url]: expect.any(Array) });
      }
      // The record of what the run added: the config folder's, 0600.
      expect(statSync(join(env.WFD_CONFIG_DIR!, 'webhooks-listen.json')).mode & 0o777).toBe(0o600);

      const cleanUp = await wfdOk(['webhooks', 'listen', '--clean-up']);
      for (const form of forms) {
        expect(cleanUp.stderr).toContain(`removed ${listener.url} from form ${form}: left by an earlier run`);
      }
      // The receiver someone else put on the first form stays.
      expect(await Promise.all(forms.map(webhooksOf))).toEqual(before);
      const again = await wfdOk(['webhooks', 'listen', '--clean-up']);
      expect(again.stderr).toContain('nothing to clean up');
    },
  );

  it('the next run removes what a killed run registered, and nothing it did not add', async () => {
    const { forms, before } = await twoForms();
    const killed = await listen(['--forms', forms.join(',')]);
    await registered(killed, forms);
    killed.child.kill('SIGKILL');
    await killed.done;
    expect(await webhooksOf(forms[1]!)).toEqual({ [killed.url]: expect.any(Array) });

    const next = await listen(['--forms', forms[1]!, '--timeout', '1s']);
    const result = await next.done;
    expect(result.code).toBe(8);
    for (const form of forms) {
      expect(result.stderr).toContain(`removed ${killed.url} from form ${form}: left by an earlier run`);
    }
    expect(await Promise.all(forms.map(webhooksOf))).toEqual(before);
  });

  it("--clean-up takes up a killed run's entries whose pid another process now has, and says what it keeps and why", async () => {
    const { forms, before } = await twoForms();
    const killed = await listen(['--forms', forms.join(',')]);
    await registered(killed, forms);
    killed.child.kill('SIGKILL');
    await killed.done;
    // The killed run's pid, given since to another process (one that started later).
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    const file = join(env.WFD_CONFIG_DIR!, 'webhooks-listen.json');
    try {
      const record = JSON.parse(readFileSync(file, 'utf8')) as { registrations: { pid: number }[] };
      for (const entry of record.registrations) entry.pid = other.pid!;
      writeFileSync(file, JSON.stringify(record));
      const cleanUp = await wfdOk(['webhooks', 'listen', '--clean-up']);
      for (const form of forms)
        expect(cleanUp.stderr).toContain(`removed ${killed.url} from form ${form}: left by an earlier run`);
      expect(await Promise.all(forms.map(webhooksOf))).toEqual(before);
    } finally {
      other.kill();
    }

    // A run still going: its URL is kept, and named.
    const running = await listen(['--forms', forms[1]!]);
    await registered(running, [forms[1]!]);
    try {
      const kept = await wfdOk(['webhooks', 'listen', '--clean-up']);
      expect(kept.stderr).toBe(
        `kept ${running.url} on form ${forms[1]}: the run that added it (pid ${running.child.pid}) is still running\n`,
      );
    } finally {
      running.child.kill('SIGINT');
      await running.done;
    }
  });
});

describe('sandbox trigger --set, sandbox deliveries resend', () => {
  it('overrides fields of the delivered data, and sends a recorded delivery again', async () => {
    const form = await newForm();
    const listener = await listen(['--max', '2', '--timeout', '20s', '-o', 'ndjson']);
    await wfdOk(['webhooks', 'add', form, listener.url, '--events', 'responses:created']);
    await wfdOk([
      'sandbox',
      'trigger',
      'responses:created',
      '--form',
      form,
      '--set',
      'status=rejected',
      '--set',
      'meta.score=7',
    ]);
    const [first] = lines((await wfdOk(['sandbox', 'deliveries', '--form', form, '-q'])).stdout);
    const resent = JSON.parse((await wfdOk(['sandbox', 'deliveries', 'resend', first!, '--json'])).stdout);
    expect(resent).toMatchObject({ resend_of: first, event: 'responses:created', url: listener.url });
    const result = await listener.done;
    expect(result.code, result.stderr).toBe(0);
    const [original, again] = lines(result.stdout).map((line) => JSON.parse(line));
    expect(original.body.data).toMatchObject({ status: 'rejected', meta: { score: 7 } });
    expect(again.headers['x-wfd-delivery']).toBe(resent.id);
    expect(again.body).toEqual(original.body);
    const missing = await runWfd(
      ['sandbox', 'deliveries', 'resend', '5b0e3f2a-0000-4000-8000-000000000001'],
      {
        env,
      },
    );
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('error: delivery 5b0e3f2a-0000-4000-8000-000000000001 not found');
  });
});
