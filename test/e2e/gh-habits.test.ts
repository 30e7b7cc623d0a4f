/** gh's habits against the sandbox: --jq on lists, records and `wfd api`; aliases. */
import { mkdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lines, runWfd, type StartedSandbox, tempDir, useSandbox, wfdOnPath } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox(['--cases', '120'], (fixture) => {
  ({ sandbox, env } = fixture);
});

describe('--jq', () => {
  it('filters a list, a record and wfd api with jq, strings printed bare', async () => {
    const ids = await runWfd(['cases', 'list', '--limit', '3', '-q'], { env });
    const listed = await runWfd(['cases', 'list', '--limit', '3', '--jq', '.[] | "\\(.id) \\(.status)"'], {
      env,
    });
    expect(listed.code, listed.stderr).toBe(0);
    expect(lines(listed.stdout).map((line) => line.split(' ')[0])).toEqual(lines(ids.stdout));
    const first = lines(ids.stdout)[0]!;
    const got = await runWfd(['cases', 'get', first, '--jq', '.id'], { env });
    expect(got.stdout).toBe(`${first}\n`);
    const api = await runWfd(['api', 'GET', '/cases', '--jq', '.data | map(.id) | .[0]'], { env });
    expect(api.stdout).toBe(`${first}\n`);
  });

  it('--paginate: the program sees the merged array; with -o ndjson each record', async () => {
    const all = await runWfd(['cases', 'list', '--all', '-q'], { env });
    const merged = await runWfd(['api', 'GET', '/cases', '--paginate', '--jq', 'length'], { env });
    expect(merged.stdout).toBe(`${lines(all.stdout).length}\n`);
    const each = await runWfd(['api', 'GET', '/cases', '--paginate', '-o', 'ndjson', '--jq', '.id'], { env });
    expect(lines(each.stdout)).toEqual(lines(all.stdout));
  });

  it('a bad program exits 2 before any request', async () => {
    await sandbox.resetRequests();
    const bad = await runWfd(['api', 'GET', '/cases', '--paginate', '--jq', '.[] | map('], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: invalid --jq program: syntax error/);
    expect((await sandbox.requests()).count).toBe(0);
  });
});

describe('wfd alias', () => {
  const dir = tempDir('wfd-alias-');
  afterAll(() => dir.remove());
  const own = (): { env: NodeJS.ProcessEnv } => ({ env: { ...env, WFD_CONFIG_DIR: dir.path } });

  it('an alias runs its expansion, $1 filled and the other arguments appended', async () => {
    const set = await runWfd(['alias', 'set', 'waiting', 'cases list --waiting-for owner --owner $1'], own());
    expect(set.code, set.stderr).toBe(0);
    const email = (
      await runWfd(
        ['cases', 'list', '--waiting-for', 'owner', '--limit', '1', '--jq', '.[0].owner.email'],
        own(),
      )
    ).stdout.trim();
    const direct = await runWfd(
      ['cases', 'list', '--waiting-for', 'owner', '--owner', email, '-L', '3', '-q'],
      own(),
    );
    const aliased = await runWfd(['waiting', email, '-L', '3', '-q'], own());
    expect(aliased.code, aliased.stderr).toBe(0);
    expect(aliased.stdout).toBe(direct.stdout);
    expect(lines(aliased.stdout).length).toBeGreaterThan(0);
    const missing = await runWfd(['waiting'], own());
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('error: the alias waiting needs 1 argument');
  });

  it('--help on an alias says what it expands to, then shows its command', async () => {
    const help = await runWfd(['waiting', '--help'], own());
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(
      /^wfd waiting is an alias for: cases list --waiting-for owner --owner \$1\n\nUsage: wfd cases list/,
    );
  });

  it('an alias cannot shadow a command (exit 2)', async () => {
    const refused = await runWfd(['alias', 'set', 'cases', 'cases list --all'], own());
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe(
      'error: "cases" is a command of wfd: an alias cannot shadow it',
    );
  });

  it('a ! alias runs through sh -c with the arguments as $1..', async () => {
    // A `wfd` on PATH, as a user's shell line would call it.
    const bin = join(dir.path, 'bin');
    mkdirSync(bin, { recursive: true });
    wfdOnPath(bin);
    const path = { ...own().env, PATH: `${bin}${delimiter}${own().env.PATH ?? ''}` };
    await runWfd(
      ['alias', 'set', '--shell', 'count-of', `wfd cases count --parent-status "$1" | sed 's/^/n=/'`],
      {
        env: path,
      },
    );
    const counted = await runWfd(['count-of', 'pending'], { env: path });
    const direct = await runWfd(['cases', 'count', '--parent-status', 'pending'], { env: path });
    expect(counted.code, counted.stderr).toBe(0);
    expect(counted.stdout).toBe(`n=${direct.stdout}`);
    const failing = await runWfd(['alias', 'set', '--shell', 'fails', 'exit 3'], own());
    expect(failing.code).toBe(0);
    expect((await runWfd(['fails'], own())).code).toBe(3);
  });

  it('list, import (kept unless --clobber), delete, and the names completion offers', async () => {
    const listed = await runWfd(['alias', 'list'], own());
    expect(listed.stdout).toContain('waiting: cases list --waiting-for owner --owner $1\n');
    const imported = await runWfd(['alias', 'import', '-'], {
      ...own(),
      stdin: "# shared\nwaiting: cases list --all\nopen: 'cases list --parent-status pending'\n",
    });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain('Kept alias waiting');
    expect((await runWfd(['alias', 'list'], own())).stdout).toContain(
      'open: cases list --parent-status pending\n',
    );
    const names = await runWfd(['completion', '--aliases'], own());
    expect(lines(names.stdout).sort()).toEqual(['count-of', 'fails', 'open', 'waiting']);
    expect((await runWfd(['alias', 'delete', 'open'], own())).code).toBe(0);
    const gone = await runWfd(['alias', 'delete', 'open'], own());
    expect(gone.code).toBe(2);
    expect(gone.stderr.split('\n')[0]).toBe('error: no alias named "open"');
  });
});
