import { beforeAll, describe, expect, it } from 'vitest';
import { lines, runWfd, type StartedSandbox, useSandbox } from './harness.js';

interface CaseRow {
  id: string;
  title: string;
  status: string;
  parent_status: string;
  waiting_for: string;
  reference: string;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
  template: { id: string };
  owner: { id: string; email: string };
  workspace: { id: string; slug: string };
  contact: { given_name: string; family_name: string; email: string };
}

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
let all: CaseRow[];
useSandbox(['--cases', '700'], (fixture) => {
  ({ sandbox, env } = fixture);
});

beforeAll(async () => {
  const result = await runWfd(['cases', 'list', '--all', '-o', 'json'], { env });
  expect(result.code, result.stderr).toBe(0);
  all = JSON.parse(result.stdout);
});

async function ids(args: string[]): Promise<string[]> {
  const result = await runWfd([...args, '-q'], { env });
  expect(result.code, result.stderr).toBe(0);
  return lines(result.stdout);
}

function idsOf(rows: CaseRow[]): string[] {
  return rows.map((row) => row.id).sort();
}

describe('paging', () => {
  it('--all returns every case exactly once, as many as the API counts', async () => {
    const count = await runWfd(['cases', 'count'], { env });
    expect(Number(count.stdout.trim())).toBe(all.length);
    expect(all.length).toBeGreaterThan(300);
    expect(new Set(all.map((row) => row.id)).size).toBe(all.length);
  });

  it('--limit 250 makes exactly 3 requests of page[size]=100 and prints 250 rows', async () => {
    await sandbox.resetRequests();
    const rows = await ids(['cases', 'list', '--limit', '250']);
    expect(rows).toHaveLength(250);
    expect(new Set(rows).size).toBe(250);
    const log = await sandbox.requests();
    expect(log.count).toBe(3);
    const pages = log.requests.map((r) => new URL(r.url, sandbox.baseUrl).searchParams);
    expect(pages.map((p) => p.get('page[size]'))).toEqual(['100', '100', '100']);
    expect(pages.map((p) => p.get('page[number]')).sort()).toEqual(['1', '2', '3']);
  });

  it('the default is 30 rows in one request, in the order of --all', async () => {
    await sandbox.resetRequests();
    const rows = await ids(['cases', 'list']);
    expect(rows).toEqual(all.slice(0, 30).map((row) => row.id));
    expect((await sandbox.requests()).count).toBe(1);
  });

  it('--page/--page-size is one raw request', async () => {
    await sandbox.resetRequests();
    const rows = await ids(['cases', 'list', '--page', '3', '--page-size', '7']);
    expect(rows).toEqual(all.slice(14, 21).map((row) => row.id));
    const log = await sandbox.requests();
    expect(log.count).toBe(1);
    expect(log.requests[0]!.url).toContain('page%5Bnumber%5D=3');
  });
});

describe('output formats', () => {
  const args = ['cases', 'list', '--limit', '3', '--sort', 'title'];

  it('plain (piped): tab-separated, no header, ISO times', async () => {
    const result = await runWfd(args, { env });
    const rows = lines(result.stdout);
    expect(rows).toHaveLength(3);
    const sorted = [...all].sort((a, b) =>
      a.title < b.title ? -1 : a.title > b.title ? 1 : a.id < b.id ? -1 : 1,
    );
    expect(rows[0]!.split('\t')[0]).toBe(sorted[0]!.id);
    expect(rows[0]).toContain(sorted[0]!.updated_at);
    expect(result.stdout).not.toContain(String.fromCharCode(27));
  });

  it('json: an array of the API objects', async () => {
    const rows = JSON.parse((await runWfd([...args, '-o', 'json'], { env })).stdout);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveProperty('contact.given_name');
  });

  it('ndjson: one object per line', async () => {
    const out = lines((await runWfd([...args, '-o', 'ndjson'], { env })).stdout);
    expect(out).toHaveLength(3);
    for (const line of out) expect(JSON.parse(line)).toHaveProperty('id');
  });

  it('csv: a header and flattened dot keys; --fields picks columns', async () => {
    const out = lines(
      (await runWfd([...args, '-o', 'csv', '--fields', 'id,contact.email,owner.email'], { env })).stdout,
    );
    expect(out[0]).toBe('id,contact.email,owner.email');
    expect(out).toHaveLength(4);
    // Without --fields: plain's columns, whatever the first row holds.
    const full = lines((await runWfd([...args, '-o', 'csv'], { env })).stdout);
    expect(full[0]).toBe(
      'id,title,parent_status,status,waiting_for,contact.family_name,updated_at,reference',
    );
  });

  it('json with --fields keeps only the chosen paths; an unknown field exits 2', async () => {
    const rows = JSON.parse(
      (await runWfd([...args, '--json', '--fields', 'id,owner.email'], { env })).stdout,
    );
    expect(Object.keys(rows[0]).sort()).toEqual(['id', 'owner']);
    expect(Object.keys(rows[0].owner)).toEqual(['email']);
    const bad = await runWfd([...args, '--json', '--fields', 'id,nope'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('nope');
  });

  it('--query applies JMESPath to the JSON output', async () => {
    const out = await runWfd([...args, '--json', '--query', '[].id'], { env });
    expect(JSON.parse(out.stdout)).toHaveLength(3);
    expect(typeof JSON.parse(out.stdout)[0]).toBe('string');
  });
});

describe('filters narrow the results exactly like the data says', () => {
  const flagCases: [string, string[], (row: CaseRow) => boolean][] = [
    ['--parent-status', ['--parent-status', 'pending'], (r) => r.parent_status === 'pending'],
    ['--waiting-for', ['--waiting-for', 'contact'], (r) => r.waiting_for === 'contact'],
    ['--archived', ['--archived'], (r) => r.archived_at !== null],
    ['--no-archived', ['--no-archived'], (r) => r.archived_at === null],
  ];
  for (const [name, flags, predicate] of flagCases) {
    it(name, async () => {
      const expected = idsOf(all.filter(predicate));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(all.length);
      expect((await ids(['cases', 'list', '--all', ...flags])).sort()).toEqual(expected);
    });
  }

  it('--status, --reference, --template, --owner (email and id), --workspace', async () => {
    const sample = all[5]!;
    const checks: [string[], (row: CaseRow) => boolean][] = [
      [['--status', sample.status], (r) => r.status === sample.status],
      [['--reference', sample.reference], (r) => r.reference === sample.reference],
      [['--template', sample.template.id], (r) => r.template.id === sample.template.id],
      [['--owner', sample.owner.email], (r) => r.owner.email === sample.owner.email],
      [['--owner', sample.owner.id], (r) => r.owner.id === sample.owner.id],
      [['--workspace', sample.workspace.slug], (r) => r.workspace.slug === sample.workspace.slug],
      [['--workspace', sample.workspace.id], (r) => r.workspace.id === sample.workspace.id],
      // The 8 characters `workspaces list` shows at a terminal, as every other id prefix.
      [['--workspace', sample.workspace.id.slice(0, 8)], (r) => r.workspace.id === sample.workspace.id],
    ];
    // The filter is real: another workspace's slug is refused (403, exit 4), not ignored.
    const other = await runWfd(['cases', 'list', '--workspace', sandbox.workspaces[1]!.slug], { env });
    expect(other.code, other.stderr).toBe(4);
    for (const [flags, predicate] of checks) {
      expect((await ids(['cases', 'list', '--all', ...flags])).sort(), flags.join(' ')).toEqual(
        idsOf(all.filter(predicate)),
      );
    }
  });

  it("--workspace with an id prefix: of the token's workspaces, or a clear error, in the lists of each resource and in counts", async () => {
    const [mine, other] = [sandbox.workspaces[0]!, sandbox.workspaces[1]!];
    const prefix = mine.id.slice(0, 8);
    // Counts where the API has them, and one page of templates: this file keeps within the
    // sandbox's 100 requests a minute.
    for (const noun of ['cases', 'forms']) {
      const bySlug = await runWfd([noun, 'count', '--workspace', mine.slug], { env });
      const byPrefix = await runWfd([noun, 'count', '--workspace', prefix], { env });
      expect(Number(bySlug.stdout), noun).toBeGreaterThan(0);
      expect([byPrefix.code, byPrefix.stdout], byPrefix.stderr).toEqual([0, bySlug.stdout]);
    }
    const templates = await ids(['case-templates', 'list', '--all', '--workspace', mine.slug]);
    expect(templates.length).toBeGreaterThan(0);
    expect(await ids(['case-templates', 'list', '--all', '--workspace', prefix])).toEqual(templates);
    // Another workspace's id (this token reaches one) and an id of none: named, exit 5, no list.
    for (const given of [other.id.slice(0, 8), 'deadbeef']) {
      const result = await runWfd(['cases', 'list', '--workspace', given], { env });
      expect(result.code, result.stderr).toBe(5);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`no workspace of this token has the slug or the id prefix "${given}"`);
      expect(result.stderr).toContain('hint: run `wfd workspaces list`');
    }
  });

  it('--template by the first 8 characters of its id or by its reference, as cases create takes it', async () => {
    const templates = JSON.parse(
      (await runWfd(['case-templates', 'list', '--all', '-o', 'json'], { env })).stdout,
    ) as { id: string; reference: string }[];
    const used = templates.find((t) => all.some((r) => r.template.id === t.id))!;
    const expected = idsOf(all.filter((r) => r.template.id === used.id));
    expect((await ids(['cases', 'list', '--all', '--template', used.id.slice(0, 8)])).sort()).toEqual(
      expected,
    );
    for (const given of [used.reference, used.reference.toLowerCase()]) {
      const count = await runWfd(['cases', 'count', '--template', given], { env });
      expect([count.code, Number(count.stdout)], `${given}: ${count.stderr}`).toEqual([0, expected.length]);
    }
    // None: named, exit 5; and the other flags are still checked before any lookup (exit 2).
    const none = await runWfd(['cases', 'list', '--template', 'NO-SUCH-TEMPLATE'], { env });
    expect([none.code, none.stdout], none.stderr).toEqual([5, '']);
    expect(none.stderr).toContain('no case template has the reference "NO-SUCH-TEMPLATE"');
    const bad = await runWfd(
      ['cases', 'list', '--template', used.reference, '--archived', '--sort', 'nope'],
      {
        env,
      },
    );
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([
      2,
      expect.stringContaining('invalid --sort "nope"'),
    ]);
  });

  it('contact fields match exactly; --contact searches partially and accent-insensitively', async () => {
    const accented = all.find((r) => /[^ -~]/.test(r.contact.family_name));
    expect(accented, 'the seed has non-ASCII contact names').toBeDefined();
    const { given_name, family_name, email } = accented!.contact;
    for (const [flags, predicate] of [
      [['--contact-given-name', given_name], (r: CaseRow) => r.contact.given_name === given_name],
      [['--contact-family-name', family_name], (r: CaseRow) => r.contact.family_name === family_name],
      [['--contact-email', email], (r: CaseRow) => r.contact.email === email],
    ] as const) {
      expect((await ids(['cases', 'list', '--all', ...flags])).sort()).toEqual(idsOf(all.filter(predicate)));
    }
    const fold = (s: string) =>
      s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    const needle = fold(family_name).slice(1, 4);
    const expected = all.filter((r) =>
      [r.contact.given_name, r.contact.family_name, r.contact.email].some((v) => fold(v).includes(needle)),
    );
    expect((await ids(['cases', 'list', '--all', '--contact', needle.toUpperCase()])).sort()).toEqual(
      idsOf(expected),
    );
  });

  it('--where compiles to the JSON filter: dates, null, ilike on a relation', async () => {
    const where = [
      '--where',
      'created_at >= 2026-01-01',
      '--where',
      'archived_at = null',
      '--where',
      `owner.email ilike %${all[0]!.owner.email.split('@')[1]!.toUpperCase()}`,
    ];
    const expected = all.filter(
      (r) =>
        Date.parse(r.created_at) >= Date.parse('2026-01-01') &&
        r.archived_at === null &&
        r.owner.email.toLowerCase().endsWith(all[0]!.owner.email.split('@')[1]!.toLowerCase()),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect((await ids(['cases', 'list', '--all', ...where])).sort()).toEqual(idsOf(expected));
    const count = await runWfd(['cases', 'count', ...where], { env });
    expect(Number(count.stdout)).toBe(expected.length);
  });

  it('--filter JSON is sent as the API filter', async () => {
    const filter = JSON.stringify({
      attributes: { parent_status: { $ne: 'closed' }, title: { $like: '%a%' } },
    });
    const expected = all.filter((r) => r.parent_status !== 'closed' && r.title.includes('a'));
    expect((await ids(['cases', 'list', '--all', '--filter', filter])).sort()).toEqual(idsOf(expected));
  });

  it('--sort -created_at orders descending', async () => {
    const out = JSON.parse(
      (
        await runWfd(
          ['cases', 'list', '--limit', '50', '--sort', '-created_at', '--json', '--fields', 'created_at'],
          { env },
        )
      ).stdout,
    ) as { created_at: string }[];
    const times = out.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('case templates', () => {
  it('lists templates and filters by partial title', async () => {
    const rows = JSON.parse(
      (await runWfd(['case-templates', 'list', '--all', '--json'], { env })).stdout,
    ) as {
      id: string;
      title: string;
    }[];
    expect(rows.length).toBeGreaterThan(1);
    const word = rows[0]!.title.split(' ')[0]!.slice(1).toLowerCase();
    const expected = rows
      .filter((r) => r.title.toLowerCase().includes(word))
      .map((r) => r.id)
      .sort();
    expect((await ids(['case-templates', 'list', '--all', '--title', word])).sort()).toEqual(expected);
  });

  it('--reference, --archived/--no-archived, --owner, --workspace, --sort', async () => {
    type Template = {
      id: string;
      reference: string;
      archived_at: string | null;
      owner: { email: string };
      workspace: { slug: string };
      title: string;
    };
    const rows = JSON.parse(
      (await runWfd(['case-templates', 'list', '--all', '--json'], { env })).stdout,
    ) as Template[];
    const sample = rows.find((r) => r.archived_at === null)!;
    const checks: [string[], (r: Template) => boolean][] = [
      [['--reference', sample.reference], (r) => r.reference === sample.reference],
      [['--archived'], (r) => r.archived_at !== null],
      [['--no-archived'], (r) => r.archived_at === null],
      [['--owner', sample.owner.email], (r) => r.owner.email === sample.owner.email],
      [['--workspace', sandbox.workspaces[0]!.slug], (r) => r.workspace.slug === sandbox.workspaces[0]!.slug],
    ];
    for (const [flags, predicate] of checks) {
      const expected = rows
        .filter(predicate)
        .map((r) => r.id)
        .sort();
      expect(expected.length, flags.join(' ')).toBeGreaterThan(0);
      expect((await ids(['case-templates', 'list', '--all', ...flags])).sort(), flags.join(' ')).toEqual(
        expected,
      );
    }
    const byTitle = await ids(['case-templates', 'list', '--all', '--sort', '-title']);
    expect(byTitle).toEqual([...rows].sort((a, b) => (a.title < b.title ? 1 : -1)).map((r) => r.id));
  });
});
