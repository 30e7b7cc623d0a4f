import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lines, runWfd, type StartedSandbox, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox([], (fixture) => {
  ({ sandbox, env } = fixture);
});

async function firstTemplateId(): Promise<string> {
  const out = await runWfd(['case-templates', 'list', '--limit', '1', '-q'], { env });
  return out.stdout.trim();
}

async function unarchivedIds(n: number): Promise<string[]> {
  const out = await runWfd(['cases', 'list', '--no-archived', '--limit', String(n), '-q'], { env });
  return lines(out.stdout);
}

describe('cases get', () => {
  it('shows a case with its steps in every format', async () => {
    const [id] = await unarchivedIds(1);
    const json = JSON.parse((await runWfd(['cases', 'get', id!, '--json'], { env })).stdout);
    expect(json.id).toBe(id);
    expect(Array.isArray(json.steps)).toBe(true);
    const plain = await runWfd(['cases', 'get', id!], { env });
    expect(plain.stdout).toMatch(new RegExp(`^id\\t${id}$`, 'm'));
    const ndjson = lines((await runWfd(['cases', 'get', id!, '-o', 'ndjson'], { env })).stdout);
    expect(ndjson).toHaveLength(1);
    const csv = lines(
      (await runWfd(['cases', 'get', id!, '-o', 'csv', '--fields', 'id,title'], { env })).stdout,
    );
    expect(csv[0]).toBe('id,title');
  });

  it('an unknown id exits 5 with a hint', async () => {
    const result = await runWfd(['cases', 'get', '00000000-0000-4000-8000-000000000000'], { env });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('error: case 00000000-0000-4000-8000-000000000000 not found');
    expect(result.stderr).toContain('hint: run `wfd cases list`');
  });
});

describe('cases create and update-data', () => {
  it('creates a case (200) with typed data, then updates its data', async () => {
    const template = await firstTemplateId();
    const created = await runWfd(
      [
        'cases',
        'create',
        '--template',
        template,
        '--title',
        'Ünïcode onboarding',
        '--set',
        'amount=12.5',
        '--json',
      ],
      { env },
    );
    expect(created.code, created.stderr).toBe(0);
    const item = JSON.parse(created.stdout);
    expect(item).toMatchObject({
      title: 'Ünïcode onboarding',
      template: { id: template },
      data: { amount: 12.5 },
    });

    const updated = await runWfd(
      ['cases', 'update-data', item.id, '--set', 'note=hello world', '--set', 'done=true', '--json'],
      { env },
    );
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout).data).toMatchObject({ amount: 12.5, note: 'hello world', done: true });

    const fromStdin = await runWfd(['cases', 'update-data', item.id, '--body', '-', '--json'], {
      env,
      stdin: '{"note":"from stdin"}',
    });
    expect(JSON.parse(fromStdin.stdout).data.note).toBe('from stdin');
  });

  it('an unknown template is refused by the API: exit 6', async () => {
    const result = await runWfd(
      ['cases', 'create', '--template', '00000000-0000-4000-8000-000000000000', '--title', 'x'],
      { env },
    );
    expect(result.code).toBe(6);
  });

  it('--dry-run prints the exact request, redacts the token, and sends nothing', async () => {
    const template = await firstTemplateId();
    await sandbox.resetRequests();
    const result = await runWfd(
      ['cases', 'create', '--template', template, '--title', 'Dry', '--set', 'a=1', '--dry-run'],
      { env },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`POST ${sandbox.baseUrl}/v1/cases\n`);
    expect(result.stdout).toMatch(/^authorization: Bearer wfd_.{0,2}…$/m);
    expect(result.stdout).toMatch(/^user-agent: wfd\/\d+\.\d+\.\d+$/m);
    expect(result.stdout).not.toContain(sandbox.workspaces[0]!.token);
    expect(result.stdout).toContain('"title": "Dry"');
    const json = await runWfd(['cases', 'update-data', template, '--set', 'a=1', '--dry-run', '-o', 'json'], {
      env,
    });
    expect(JSON.parse(json.stdout)).toMatchObject({
      method: 'POST',
      url: `${sandbox.baseUrl}/v1/cases/${template}/data`,
      body: { a: 1 },
    });
    expect((await sandbox.requests()).count).toBe(0);
  });
});

describe('cases archive and unarchive', () => {
  it('round trip on several ids, reported per id', async () => {
    const ids = await unarchivedIds(3);
    const archived = await runWfd(['cases', 'archive', ...ids, '-o', 'json'], { env });
    expect(archived.code, archived.stderr).toBe(0);
    const rows = JSON.parse(archived.stdout) as { id: string; result: string; archived_at: string }[];
    expect(rows.map((r) => r.id)).toEqual(ids);
    for (const row of rows) {
      expect(row.result).toBe('archived');
      expect(Number.isNaN(Date.parse(row.archived_at))).toBe(false);
    }
    const check = JSON.parse((await runWfd(['cases', 'get', ids[0]!, '--json'], { env })).stdout);
    expect(check.archived_at).not.toBeNull();

    const restored = await runWfd(['cases', 'unarchive', '-', '-q'], { env, stdin: `${ids.join('\n')}\n` });
    expect(restored.code, restored.stderr).toBe(0);
    expect(lines(restored.stdout)).toEqual(ids);
    const after = JSON.parse((await runWfd(['cases', 'get', ids[0]!, '--json'], { env })).stdout);
    expect(after.archived_at).toBeNull();
  });

  it('archiving a template exits 6 with the API detail; the other ids still succeed', async () => {
    const template = await firstTemplateId();
    const [good] = await unarchivedIds(1);
    const result = await runWfd(['cases', 'archive', good!, template], { env });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('archived 1 of 2 cases; 1 failed');
    expect(result.stdout).toMatch(new RegExp(`^${good}\\tarchived`, 'm'));
    // The API's detail is told once, in the row.
    expect(result.stdout).toMatch(
      new RegExp(`^${template}\\tfailed\\t\\t.*template cannot be archived`, 'mi'),
    );
    expect(result.stderr).not.toContain(template);
    await runWfd(['cases', 'unarchive', good!], { env });
  });

  it('--dry-run prints one request per id', async () => {
    const ids = await unarchivedIds(2);
    await sandbox.resetRequests();
    const result = await runWfd(['cases', 'archive', ...ids, '--dry-run'], { env });
    expect(result.stdout.match(/^POST /gm)).toHaveLength(2);
    expect(result.stdout).toContain('"archived": true');
    const json = JSON.parse(
      (await runWfd(['cases', 'archive', ...ids, '--dry-run', '--json'], { env })).stdout,
    );
    expect(json.map((r: { url: string }) => r.url)).toEqual(
      ids.map((id) => `${sandbox.baseUrl}/v1/cases/${id}`),
    );
    const ndjson = lines(
      (await runWfd(['cases', 'unarchive', ...ids, '--dry-run', '-o', 'ndjson'], { env })).stdout,
    );
    expect(ndjson.map((line) => JSON.parse(line).body)).toEqual([{ archived: false }, { archived: false }]);
    expect((await sandbox.requests()).count).toBe(0);
  });

  it('--dry-run over 100,000 ids on stdin prints each request as it goes: a 48 MB heap is enough', async () => {
    const ids = Array.from({ length: 100_000 }, () => randomUUID());
    // Every request prepared before the first was printed took the heap past 48 MB (over 4 GB at 2 million ids).
    const result = await runWfd(['cases', 'archive', '-', '--dry-run', '-o', 'ndjson'], {
      env: { ...env, NODE_OPTIONS: '--max-old-space-size=48' },
      stdin: `${ids.join('\n')}\n`,
      timeoutMs: 120_000,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('dry run: these 100000 requests were not sent\n');
    expect(result.stdout.split('\n')).toHaveLength(100_001);
  }, 150_000);
});

describe('identifiers people see, and bulk results against the sandbox', () => {
  it('get and archive take a reference or an 8-character prefix; a second archive a second later is "already archived"', async () => {
    const listed = JSON.parse(
      (await runWfd(['cases', 'list', '--no-archived', '--limit', '1', '-o', 'json'], { env })).stdout,
    ) as { id: string; reference: string }[];
    const { id, reference } = listed[0]!;
    const byReference = await runWfd(['cases', 'get', reference, '-q'], { env });
    expect(byReference.stdout, byReference.stderr).toBe(`${id}\n`);
    const byPrefix = await runWfd(['cases', 'get', id.slice(0, 8), '-q'], { env });
    expect(byPrefix.stdout, byPrefix.stderr).toBe(`${id}\n`);

    const first = await runWfd(['cases', 'archive', reference], { env });
    expect(first.stdout, first.stderr).toMatch(new RegExp(`^${id}\tarchived\t`));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const second = await runWfd(['cases', 'archive', id.slice(0, 8)], { env });
    expect(second.stdout, second.stderr).toMatch(new RegExp(`^${id}\talready archived\t`));
    await runWfd(['cases', 'unarchive', id], { env });
  });

  it('a missing id reads "not found", told once, exit 5', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const result = await runWfd(['cases', 'archive', missing], { env });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe(`${missing}\tnot found\t\t\n`);
    expect(result.stderr).not.toContain(missing);
  });
});
