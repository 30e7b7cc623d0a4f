/** gh's habits against the sandbox: --jq on lists, records and `wfd api`. */
import { describe, expect, it } from 'vitest';
import { lines, runWfd, type StartedSandbox, useSandbox } from './harness.js';

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
