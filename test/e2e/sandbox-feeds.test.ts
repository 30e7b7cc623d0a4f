/**
 * `wfd sandbox logs --follow` and `wfd sandbox deliveries`, the built binary against a sandbox:
 * the log a follower prints comes from requests other processes make.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it, vi } from 'vitest';
import { BIN, collectRun, runWfd, type StartedSandbox, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox([], (fixture) => {
  ({ sandbox, env } = fixture);
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The lines a child prints, as they come. */
function linesOf(child: ChildProcess): () => Promise<string> {
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return async () => {
    const next = await lines.next();
    if (next.done) throw new Error('the follower ended');
    return next.value;
  };
}

describe('sandbox logs --follow', () => {
  it('prints, as they come, the requests another process makes that pass its filters; Ctrl-C ends it with 130', async () => {
    await runWfd(['api', 'GET', `/cases/${UNKNOWN}`], { env });
    const follower = spawn(
      process.execPath,
      [BIN, 'sandbox', 'logs', '--follow', '--status', '4xx', '--path', '/v1/cases', '-o', 'ndjson'],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = once(follower, 'exit');
    try {
      const next = linesOf(follower);
      // What the log held when it started...
      expect(JSON.parse(await next())).toMatchObject({
        method: 'GET',
        path: `/v1/cases/${UNKNOWN}`,
        status: 404,
      });
      // ...then what comes: a 200 and another path are filtered out.
      expect((await runWfd(['cases', 'list', '--limit', '1'], { env })).code).toBe(0);
      await runWfd(['api', 'GET', `/forms/${UNKNOWN}`], { env });
      await runWfd(['api', 'POST', '/cases', '-f', 'title=no template'], { env });
      const later = JSON.parse(await next());
      expect(later).toMatchObject({
        method: 'POST',
        url: '/v1/cases',
        status: 400,
        token_prefix: sandbox.workspaces[0]!.token.slice(0, 8),
        fault: null,
      });
      expect(later.duration_ms).toEqual(expect.any(Number));
    } finally {
      follower.kill('SIGINT');
    }
    const [code] = await exited;
    expect(code).toBe(130);
  });

  it('--tail and --since bound what came before, as docker logs does; -f --tail 0 prints only new requests', async () => {
    await sandbox.resetRequests();
    for (let i = 0; i < 5; i++) await runWfd(['workspaces', 'list'], { env });
    const logged = async (args: string[]) => {
      const result = await runWfd(['sandbox', 'logs', '--path', '/v1/workspaces', '-o', 'ndjson', ...args], {
        env,
      });
      expect(result.code, result.stderr).toBe(0);
      return result.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { seq: number });
    };
    const all = await logged([]);
    expect(all).toHaveLength(5);
    expect((await logged(['--tail', '2'])).map((e) => e.seq)).toEqual(all.slice(-2).map((e) => e.seq));
    expect(await logged(['--since', '1h'])).toHaveLength(5);
    expect(await logged(['--since', '2099-01-01'])).toEqual([]);
    const bad = await runWfd(['sandbox', 'logs', '--since', 'soon'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: invalid --since "soon": expected an age such as 10m/m);
    const follower = spawn(
      process.execPath,
      [BIN, 'sandbox', 'logs', '-f', '--tail', '0', '--path', '/v1/workspaces', '-o', 'ndjson'],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = once(follower, 'exit');
    try {
      const first = linesOf(follower)();
      let printed = false;
      void first.then(() => {
        printed = true;
      });
      // Requests until the follower prints one: those made before it started are left out.
      while (!printed) await runWfd(['workspaces', 'list'], { env });
      // The first line is a new request, not one of the five before it.
      expect(JSON.parse(await first).seq).toBeGreaterThan(all.at(-1)!.seq);
    } finally {
      follower.kill('SIGINT');
    }
    expect((await exited)[0]).toBe(130);
  });

  it('sandbox deliveries --follow ends with 143 on SIGTERM, as webhooks listen does', async () => {
    const follower = spawn(
      process.execPath,
      [BIN, 'sandbox', 'deliveries', '--follow', '-o', 'ndjson', '--debug'],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const result = collectRun(follower);
    let trace = '';
    follower.stderr.on('data', (chunk: Buffer) => {
      trace += chunk.toString();
    });
    // Following once its first poll was answered (the trace's second answer).
    await vi.waitFor(() => expect(trace.match(/← 200/g)?.length ?? 0).toBeGreaterThan(1), {
      timeout: 15_000,
    });
    follower.kill('SIGTERM');
    expect((await result).code).toBe(143);
  });

  it('prints one plain line a request in a pipe', async () => {
    await sandbox.resetRequests();
    await runWfd(['workspaces', 'list'], { env });
    await runWfd(['workspaces', 'list'], { env });
    const plain = await runWfd(['sandbox', 'logs', '--path', '/v1/workspaces'], { env });
    expect(plain.code, plain.stderr).toBe(0);
    const printed = plain.stdout.split('\n');
    expect(printed.pop()).toBe('');
    expect(printed).toHaveLength(2);
    for (const line of printed) {
      expect(line).toMatch(
        /^\d{4}-\d\d-\d\dT[\d:.]+Z\tGET\t\/v1\/workspaces\t200\t[\d.]+\twfd_[0-9a-f]{4}\t$/,
      );
    }
  });
});

describe('sandbox deliveries', () => {
  it("lists a form's webhook deliveries with their outcome and attempts", async () => {
    const made = await runWfd(
      [
        'forms',
        'create',
        '--template',
        'customer-feedback',
        '--email',
        'hooked@example.com',
        '--given-name',
        'Hooked',
        '--family-name',
        'Form',
        '--webhook',
        'https://hooks.example/e2e=forms:created',
        '-q',
      ],
      { env },
    );
    expect(made.code, made.stderr).toBe(0);
    const form = made.stdout.trim();
    const listed = await runWfd(['sandbox', 'deliveries', '--form', form, '-o', 'json'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ event: 'forms:created', form_id: form, url: 'https://hooks.example/e2e' }),
    ]);
  });
});
