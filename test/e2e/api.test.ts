/** `wfd api` against the sandbox: every kind of field, host-root paths, paging, errors. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lines, runWfd, type StartedSandbox, tempDir, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox(['--cases', '450'], (fixture) => {
  ({ sandbox, env } = fixture);
});

describe('wfd api', () => {
  it('GET with fields and a query in the path, --paginate equal to cases list --all', async () => {
    const one = await runWfd(['api', 'GET', '/cases?parent_status=pending', '-f', 'page[size]=3'], { env });
    expect(one.code, one.stderr).toBe(0);
    const page = JSON.parse(one.stdout);
    expect(page.meta.page_size).toBe(3);
    expect(page.data).toHaveLength(3);
    expect(page.data.every((c: { parent_status: string }) => c.parent_status === 'pending')).toBe(true);

    const all = await runWfd(['cases', 'list', '--all', '-q'], { env });
    const paged = await runWfd(['api', 'GET', '/cases', '--paginate', '-o', 'ndjson'], { env });
    expect(paged.code, paged.stderr).toBe(0);
    expect(lines(paged.stdout).map((l) => JSON.parse(l).id)).toEqual(lines(all.stdout));
    const array = await runWfd(['api', 'GET', '/cases', '--paginate', '--query', 'length(@)'], { env });
    expect(Number(array.stdout)).toBe(lines(all.stdout).length);
  });

  it('POST with -f, typed -F (number, boolean, null, @file, @-), nested keys; PATCH; -i', async () => {
    const dir = tempDir();
    try {
      const templates = JSON.parse(
        (await runWfd(['case-templates', 'list', '--json', '--no-archived'], { env })).stdout,
      );
      writeFileSync(join(dir.path, 'note.txt'), 'from a file');
      const created = await runWfd(
        [
          'api',
          'POST',
          '/cases',
          '-f',
          'title=Made by wfd api',
          '-f',
          `template[id]=${templates[0].id}`,
          '-F',
          'data[amount]=12.5',
          '-F',
          'data[urgent]=true',
          '-F',
          'data[note]=null',
          '-F',
          `data[file]=@${join(dir.path, 'note.txt')}`,
          '-F',
          'data[stdin]=@-',
        ],
        { env, stdin: 'from stdin' },
      );
      expect(created.code, created.stderr).toBe(0);
      const item = JSON.parse(created.stdout);
      expect(item).toMatchObject({
        title: 'Made by wfd api',
        data: { amount: 12.5, urgent: true, note: null, file: 'from a file', stdin: 'from stdin' },
      });
      const forms = JSON.parse(
        (await runWfd(['api', 'GET', '/forms', '-f', 'page[size]=1'], { env })).stdout,
      );
      const patched = await runWfd(
        ['api', 'PATCH', `/forms/${forms.data[0].id}`, '-F', 'active=false', '-i'],
        { env },
      );
      expect(patched.code, patched.stderr).toBe(0);
      expect(patched.stdout).toMatch(/^HTTP\/1\.1 200 OK\n(?:[a-z-]+: .*\n)+\n\{/);
      expect(JSON.parse(patched.stdout.slice(patched.stdout.indexOf('\n\n') + 2)).active).toBe(false);
    } finally {
      dir.remove();
    }
  });

  it('host-root paths, --raw, and errors printed with their exit codes', async () => {
    const discovery = await runWfd(
      ['api', 'GET', '/.well-known/openid-configuration', '--query', 'issuer', '--raw'],
      { env },
    );
    expect(discovery.stdout).toBe(`${sandbox.baseUrl}\n`);
    const missing = await runWfd(['api', 'GET', '/cases/00000000-0000-4000-8000-000000000000'], { env });
    expect(missing.code).toBe(5);
    expect(JSON.parse(missing.stdout)).toMatchObject({ statusCode: 404 });
    expect(missing.stderr).toMatch(/^error: Case not found \(HTTP 404\)$/m);
    const refused = await runWfd(['api', 'POST', '/cases', '-f', 'title=x'], { env });
    expect(refused.code).toBe(6);
  });
});
