/**
 * `wfd status` against the sandbox: its figures are the ones `cases count` and `forms count`
 * give, it sends the number of requests its help says, --owner narrows every figure, and at
 * 80x24 it fits one screen.
 */
import { describe, expect, it } from 'vitest';
import { STATUS_REQUESTS } from '../../src/commands/status/requests.js';
import { onTerminal, runWfd, type StartedSandbox, tempDir, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox(['--cases', '300', '--forms', '120'], (fixture) => {
  ({ sandbox, env } = fixture);
});

const OWNER = 'alice.martin@acme.example';

// biome-ignore lint/suspicious/noExplicitAny: the JSON of several commands, read by path
async function json(args: string[]): Promise<any> {
  const result = await runWfd(args, { env });
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe('wfd status', () => {
  it('-o json: the counts of cases count and forms count, in the requests its help names', async () => {
    await sandbox.resetRequests();
    const report = await json(['status', '-o', 'json']);
    expect((await sandbox.requests()).count).toBe(STATUS_REQUESTS);
    const stages = await json([
      'cases',
      'count',
      '--no-archived',
      '--group-by',
      'parent_status,waiting_for',
      '-o',
      'json',
    ]);
    const total = stages.reduce((sum: number, g: { count: number }) => sum + g.count, 0);
    expect(report.cases.open).toBe(total);
    for (const group of stages)
      expect(report.cases.by_stage_and_waiting_for[group.parent_status][group.waiting_for]).toBe(group.count);
    const unprocessed = await json([
      'forms',
      'count',
      '--no-archived',
      '--completed',
      '--no-processed',
      '-o',
      'json',
    ]);
    expect(report.forms.completed_unprocessed).toBe(unprocessed.count ?? unprocessed);
    const longest = await json([
      'cases',
      'list',
      '--no-archived',
      '--where',
      'waiting_for != none',
      '--where',
      'parent_status != closed',
      '--sort',
      'updated_at',
      '-L',
      '5',
      '-o',
      'json',
    ]);
    expect(report.waiting_longest.map((c: { id: string }) => c.id)).toEqual(
      longest.map((c: { id: string }) => c.id),
    );
    expect(report.workspace.slug).toBe(sandbox.workspaces[0]!.slug);
    expect(report.last_day).toMatchObject({ cases_created: 0, forms_created: 0 });
  });

  it('--owner narrows every figure to one person', async () => {
    const report = await json(['status', '--owner', OWNER, '-o', 'json']);
    const all = await json(['status', '-o', 'json']);
    expect(report.owner).toBe(OWNER);
    const mine = await json(['cases', 'count', '--no-archived', '--owner', OWNER, '-o', 'json']);
    expect(report.cases.open).toBe(mine.count ?? mine);
    expect(report.cases.open).toBeLessThan(all.cases.open);
    const forms = await json([
      'forms',
      'count',
      '--no-archived',
      '--completed',
      '--no-processed',
      '--owner',
      OWNER,
      '-o',
      'json',
    ]);
    expect(report.forms.completed_unprocessed).toBe(forms.count ?? forms);
    // Part of the e-mail finds the same person's figures.
    const partial = await json(['status', '--owner', 'alice', '-o', 'json']);
    expect(partial.cases).toEqual(report.cases);
  });

  it('wfd config set owner: the default owner of status; --owner wins over it', async () => {
    const dir = tempDir();
    try {
      const own = { ...env, WFD_CONFIG_DIR: dir.path };
      expect((await runWfd(['config', 'set', 'owner', 'alice'], { env: own })).code).toBe(0);
      const configured = JSON.parse((await runWfd(['status', '-o', 'json'], { env: own })).stdout);
      const flagged = await json(['status', '--owner', OWNER, '-o', 'json']);
      expect(configured.owner).toBe('alice');
      expect(configured.cases).toEqual(flagged.cases);
      const other = JSON.parse(
        (await runWfd(['status', '--owner', 'chiara', '-o', 'json'], { env: own })).stdout,
      );
      expect(other.owner).toBe('chiara');
      expect(other.cases.open).not.toBe(configured.cases.open);
    } finally {
      dir.remove();
    }
  });

  it('a bad --owner is exit 2 before any request', async () => {
    await sandbox.resetRequests();
    const result = await runWfd(['status', '--owner', 'not an email'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: invalid --owner "not an email"/m);
    expect((await sandbox.requests()).count).toBe(0);
  });

  it('at 80x24: one screen, no line over 80 columns, the longest waits listed', async () => {
    const report = await json(['status', '-o', 'json']);
    const screen = onTerminal(['status'], { env, columns: 80 }).trimEnd().split('\n');
    expect(screen.length).toBeLessThanOrEqual(23);
    for (const line of screen) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(screen[0]).toContain(`(${sandbox.workspaces[0]!.slug})`);
    expect(screen).toContain('Waiting longest');
    const rows = screen.slice(screen.indexOf('Waiting longest') + 2, screen.indexOf('Waiting longest') + 7);
    expect(rows.map((row) => row.trim().split(' ')[0])).toEqual(
      report.waiting_longest.map((c: { reference: string }) => c.reference),
    );
    expect(screen.find((line) => line.startsWith('  total'))).toMatch(new RegExp(`${report.cases.open}$`));
  });
});
