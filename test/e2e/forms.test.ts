/**
 * End to end: the built `wfd` against a sandbox, for forms, responses, form templates and
 * signatures. Every filter is checked against the data itself (the whole list, read once).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lines, runWfd, type StartedSandbox, tempDir, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox([], (fixture) => {
  ({ sandbox, env } = fixture);
});

interface Form {
  id: string;
  status: string;
  archived: boolean;
  active: boolean;
  completed: boolean;
  processed: boolean;
  flow: { slug: string; customization: string | null };
  user: { given_name: string; family_name: string; email: string; phone: string | null };
  owner: { email: string };
  workspace: { slug: string };
}

async function wfdJson<T>(args: string[]): Promise<T> {
  const result = await runWfd([...args, '-o', 'json'], { env });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

describe('forms list: each filter narrows the list exactly as the data says', () => {
  let all: Form[];
  beforeAll(async () => {
    all = await wfdJson<Form[]>(['forms', 'list', '--all']);
  });

  it('reads every form of the workspace', async () => {
    const count = Number((await runWfd(['forms', 'count'], { env })).stdout);
    expect(all).toHaveLength(count);
    expect(count).toBeGreaterThan(50);
  });

  const cases: [string, (forms: Form[]) => [string[], (form: Form) => boolean]][] = [
    ['--flow', (forms) => [['--flow', forms[0]!.flow.slug], (f) => f.flow.slug === forms[0]!.flow.slug]],
    [
      '--flow twice',
      (forms) => {
        const [a, b] = [...new Set(forms.map((f) => f.flow.slug))];
        return [['--flow', a!, '--flow', b!], (f) => f.flow.slug === a || f.flow.slug === b];
      },
    ],
    [
      '--customization',
      (forms) => {
        const id = forms.find((f) => f.flow.customization)!.flow.customization!;
        return [['--customization', id], (f) => f.flow.customization === id];
      },
    ],
    [
      '--owner',
      (forms) => [['--owner', forms[0]!.owner.email], (f) => f.owner.email === forms[0]!.owner.email],
    ],
    ['--email', (forms) => [['--email', forms[1]!.user.email], (f) => f.user.email === forms[1]!.user.email]],
    [
      '--given-name',
      (forms) => [
        ['--given-name', forms[2]!.user.given_name],
        (f) => f.user.given_name === forms[2]!.user.given_name,
      ],
    ],
    [
      '--family-name',
      (forms) => [
        ['--family-name', forms[3]!.user.family_name],
        (f) => f.user.family_name === forms[3]!.user.family_name,
      ],
    ],
    [
      '--phone',
      (forms) => {
        const phone = forms.find((f) => f.user.phone)!.user.phone!;
        return [['--phone', phone], (f) => f.user.phone === phone];
      },
    ],
    ['--workspace', () => [['--workspace', 'acme'], (f) => f.workspace.slug === 'acme']],
    ['--archived', () => [['--archived'], (f) => f.archived]],
    ['--no-archived', () => [['--no-archived'], (f) => !f.archived]],
    ['--active', () => [['--active'], (f) => f.active]],
    ['--no-active', () => [['--no-active'], (f) => !f.active]],
    [
      '--completed --no-processed',
      () => [['--completed', '--no-processed'], (f) => f.completed && !f.processed],
    ],
    ['--processed', () => [['--processed'], (f) => f.processed]],
    ["--where 'status = sent'", () => [['--where', 'status = sent'], (f) => f.status === 'sent']],
  ];

  it.each(cases)('%s', async (_name, make) => {
    const [args, matches] = make(all);
    const expected = all.filter(matches).map((f) => f.id);
    expect(expected.length).toBeGreaterThan(0);
    const result = await runWfd(['forms', 'list', ...args, '--all', '-q'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)).toEqual(expected);
  });

  it('forms count takes the same filters', async () => {
    const flows = [...new Set(all.map((f) => f.flow.slug))].slice(0, 2);
    const args = ['--flow', flows[0]!, '--flow', flows[1]!, '--completed', '--no-processed'];
    const expected = all.filter((f) => flows.includes(f.flow.slug) && f.completed && !f.processed);
    const counted = await runWfd(['forms', 'count', ...args], { env });
    expect(counted.stdout).toBe(`${expected.length}\n`);
  });

  it('--group-by status,completed equals a count of the list', async () => {
    const groups = await wfdJson<{ status: string; completed: boolean; count: number }[]>([
      'forms',
      'count',
      '--group-by',
      'status,completed',
    ]);
    const expected = new Map<string, number>();
    for (const form of all) {
      const key = `${form.status}/${form.completed}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    expect(new Map(groups.map((g) => [`${g.status}/${g.completed}`, g.count]))).toEqual(expected);
    const slugs = await wfdJson<{ flow: { slug: string }; count: number }[]>([
      'forms',
      'count',
      '--no-archived',
      '--group-by',
      'flow.slug',
    ]);
    const live = all.filter((f) => !f.archived);
    for (const group of slugs) {
      expect(group.count).toBe(live.filter((f) => f.flow.slug === group.flow.slug).length);
    }
  });
});

describe('forms create, get, update, count', () => {
  it('a round trip through the API', async () => {
    const email = `e2e.${Date.now()}@example.org`;
    const created = await runWfd(
      [
        'forms',
        'create',
        '--template',
        'customer-feedback',
        '--email',
        email,
        '--given-name',
        'Zoë',
        '--family-name',
        'Ångström',
        '--webhook',
        'https://hooks.example/e2e=forms:updated,responses:completed',
      ],
      { env },
    );
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const form = await wfdJson<Form & { webhooks: unknown; responses: unknown[] }>(['forms', 'get', id]);
    expect(form).toMatchObject({
      id,
      flow: { slug: 'customer-feedback' },
      user: { email, given_name: 'Zoë', family_name: 'Ångström' },
      webhooks: { 'https://hooks.example/e2e': ['forms:updated', 'responses:completed'] },
      responses: [],
    });

    const updated = await wfdJson<Form>([
      'forms',
      'update',
      id,
      '--status',
      'reviewing',
      '--processed',
      '--no-active',
    ]);
    expect(updated).toMatchObject({ id, status: 'reviewing', processed: true, active: false });

    expect((await runWfd(['forms', 'count', '--email', email, '--processed'], { env })).stdout).toBe('1\n');
    expect((await runWfd(['forms', 'count', '--email', email, '--no-processed'], { env })).stdout).toBe(
      '0\n',
    );

    const archived = await runWfd(['forms', 'archive', id, '-o', 'json'], { env });
    expect(JSON.parse(archived.stdout)).toEqual([{ id, result: 'archived', archived: true, error: null }]);
    const restored = await runWfd(['forms', 'unarchive', '-', '-q'], { env, stdin: `${id}\n` });
    expect(restored.stdout).toBe(`${id}\n`);
  });

  it.each([
    [['--email', 'not-an-email'], 'invalid --email "not-an-email"'],
    [['--webhook', 'https://x.example/=forms:created,forms:signed'], 'unknown event "forms:signed"'],
    [['--webhook', 'ftp://x.example/=forms:created'], 'invalid --webhook URL "ftp://x.example/"'],
  ])('%j exits 2 and no request reaches the sandbox', async (bad, message) => {
    await sandbox.resetRequests();
    const flags = { '--email': 'a@example.org', '--given-name': 'A', '--family-name': 'B' } as Record<
      string,
      string
    >;
    for (let i = 0; i < bad.length; i += 2) flags[bad[i]!] = bad[i + 1]!;
    const args = ['forms', 'create', '--template', 'nda-signature'];
    for (const [flag, value] of Object.entries(flags)) args.push(flag, value);
    const result = await runWfd(args, { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`error: ${message}`);
    expect((await sandbox.requests()).count).toBe(0);
  });

  it("an unknown template slug exits 6 with the API's message", async () => {
    const result = await runWfd(
      [
        'forms',
        'create',
        '--template',
        'tax-return',
        '--email',
        'a@example.org',
        '--given-name',
        'A',
        '--family-name',
        'B',
      ],
      { env },
    );
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/^error: Form template "tax-return" not found.*\(HTTP 400\)$/m);
  });
});

describe('responses, form templates and signatures', () => {
  it('a completed form: its response, and the signature downloaded byte for byte', async () => {
    const forms = await wfdJson<(Form & { responses: { id: string; signatures: { id: string }[] }[] })[]>([
      'forms',
      'list',
      '--flow',
      'nda-signature',
      '--completed',
      '--limit',
      '1',
    ]);
    const form = await wfdJson<{ responses: { id: string }[] }>(['forms', 'get', forms[0]!.id]);
    const responseId = form.responses[0]!.id;
    const response = await wfdJson<{ id: string; signatures: { id: string }[] }>([
      'responses',
      'get',
      responseId,
    ]);
    expect(response.id).toBe(responseId);
    const signatureId = response.signatures[0]!.id;
    const metadata = await wfdJson<{ id: string }>(['signatures', 'get', signatureId]);
    expect(metadata.id).toBe(signatureId);

    const dir = tempDir();
    try {
      const target = join(dir.path, 'signed.pdf');
      const result = await runWfd(['signatures', 'download', signatureId, '-O', target], { env });
      expect(result.code, result.stderr).toBe(0);
      const direct = await fetch(`${sandbox.baseUrl}/v1/signatures/${signatureId}?download=true`, {
        headers: { authorization: `Bearer ${sandbox.workspaces[0]!.token}` },
      });
      const expected = Buffer.from(await direct.arrayBuffer());
      expect(expected.subarray(0, 5).toString()).toBe('%PDF-');
      const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
      expect(sha(readFileSync(target))).toBe(sha(expected));
      expect(readdirSync(dir.path)).toEqual(['signed.pdf']);

      const missing = join(dir.path, 'missing.pdf');
      const notFound = await runWfd(
        ['signatures', 'download', '00000000-0000-4000-8000-000000000000', '-O', missing],
        { env },
      );
      expect(notFound.code).toBe(5);
      expect(existsSync(missing)).toBe(false);
      expect(readdirSync(dir.path)).toEqual(['signed.pdf']);
    } finally {
      dir.remove();
    }
  });

  it('form-templates list and steps', async () => {
    const slugs = lines(
      (await runWfd(['form-templates', 'list', '--all', '--fields', 'slug'], { env })).stdout,
    );
    expect(slugs).toContain('employee-onboarding');
    const steps = await runWfd(['form-templates', 'steps', 'employee-onboarding'], { env });
    expect(steps.code, steps.stderr).toBe(0);
    const json = await wfdJson<{ steps: { title: string; fields: { name: string; type: string }[] }[] }>([
      'form-templates',
      'steps',
      'employee-onboarding',
    ]);
    expect(json.steps.length).toBeGreaterThan(1);
    const unknown = await runWfd(['form-templates', 'steps', 'tax-return'], { env });
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('error: form template "tax-return" not found');
  });
});
