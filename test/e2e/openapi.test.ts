/**
 * The OpenAPI description as integrators use it: `wfd sandbox openapi` prints what a running
 * sandbox serves, Redocly's linter finds nothing in it, and a client generated from the served
 * description with openapi-typescript type-checks and calls the sandbox through openapi-fetch.
 */
import { spawnSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWfd, type StartedSandbox, tempDir, useSandbox } from './harness.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const bin = (path: string) => join(ROOT, 'node_modules', path);

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox([], (fixture) => {
  ({ sandbox, env } = fixture);
});

const dir = tempDir('wfd-openapi-');
beforeAll(() => {
  // The generated client imports openapi-fetch as a project of its own would.
  symlinkSync(join(ROOT, 'node_modules'), join(dir.path, 'node_modules'), 'dir');
});
afterAll(() => dir.remove());

/** Runs a Node script of a tool's package; the tools phone no one (no network here anyway). */
function tool(script: string, args: string[]) {
  const result = spawnSync(process.execPath, [bin(script), ...args], {
    cwd: dir.path,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('wfd sandbox openapi', () => {
  it('prints what the sandbox serves, with the server it is given', async () => {
    const printed = await runWfd(['sandbox', 'openapi', '--server', sandbox.baseUrl], { env });
    expect(printed.code).toBe(0);
    const served = await (await fetch(`${sandbox.baseUrl}/openapi.json`)).json();
    expect(JSON.parse(printed.stdout)).toEqual(served);
  });

  it('is linked from the start-up JSON line', () => {
    expect((sandbox as unknown as { openapi: string }).openapi).toBe(`${sandbox.baseUrl}/openapi.json`);
  });

  it('lints clean with Redocly', async () => {
    const printed = await runWfd(['sandbox', 'openapi'], { env });
    writeFileSync(join(dir.path, 'openapi.json'), printed.stdout);
    const lint = tool('@redocly/cli/bin/cli.js', ['lint', '--format=stylish', 'openapi.json']);
    expect(lint.output).toContain('Your API description is valid');
    // Its notice that Node 20 support is ending is about the tool, not the description.
    expect(lint.output).not.toMatch(/\b\d+ (errors?|warnings?)\b/);
    expect(lint.code, lint.output).toBe(0);
  });
});

// openapi-typescript and tsc each read the whole document: more than a default test's time on a busy machine.
describe('a client generated from the served description', () => {
  const client = `import createClient from 'openapi-fetch';
import type { paths } from './api.js';

const [baseUrl, token] = process.argv.slice(2) as [string, string];
const api = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${token}\` } });
const page = await api.GET('/v1/cases', { params: { query: { 'page[size]': 2, parent_status: 'pending' } } });
if (!page.data) throw new Error(\`list: \${page.response.status}\`);
const first: string = page.data.data[0]!.id;
const one = await api.GET('/v1/cases/{id}', { params: { path: { id: first } } });
const missing = await api.GET('/v1/cases/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
const count = await api.GET('/v1/cases/count', { params: { query: { parent_status: 'pending' } } });
console.log(JSON.stringify({ rows: page.data.data.length, total: page.data.meta.total_count, same: one.data?.id === first, missing: missing.response.status, count: count.data?.count }));
`;

  it('type-checks and calls the sandbox', async () => {
    const generated = tool('openapi-typescript/bin/cli.js', [
      `${sandbox.baseUrl}/openapi.json`,
      '-o',
      'api.d.ts',
    ]);
    expect(generated.code, generated.output).toBe(0);
    writeFileSync(join(dir.path, 'client.ts'), client);
    writeFileSync(
      join(dir.path, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: true,
          types: ['node'],
          outDir: 'out',
        },
        files: ['client.ts'],
      }),
    );
    writeFileSync(join(dir.path, 'package.json'), '{"type": "module"}');
    const compiled = tool('typescript/bin/tsc', ['-p', '.']);
    expect(compiled.code, compiled.output).toBe(0);

    const run = spawnSync(
      process.execPath,
      ['out/client.js', sandbox.baseUrl, sandbox.workspaces[0]!.token],
      {
        cwd: dir.path,
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout);
    const count = await runWfd(['cases', 'count', '--parent-status', 'pending'], { env });
    expect(result).toEqual({
      rows: 2,
      total: Number(count.stdout.trim()),
      same: true,
      missing: 404,
      count: Number(count.stdout.trim()),
    });
  }, 120_000);

  it('refuses, when type-checked, a path or a parameter the description does not have', () => {
    writeFileSync(
      join(dir.path, 'client.ts'),
      `${client}\nawait api.GET('/v1/case', {});\nawait api.GET('/v1/cases', { params: { query: { parent_status: 'nope' } } });\n`,
    );
    const compiled = tool('typescript/bin/tsc', ['-p', '.']);
    expect(compiled.code).not.toBe(0);
    expect(compiled.output).toContain(`'"/v1/case"'`);
    expect(compiled.output).toContain(`'"nope"'`);
  }, 120_000);
});

describe('wfd api --check', () => {
  it('refuses a body the description does not allow, before any request', async () => {
    await sandbox.resetRequests();
    writeFileSync(join(dir.path, 'case.json'), '{"title": 5}');
    const refused = await runWfd(
      ['api', '-X', 'POST', '/v1/cases', '--input', join(dir.path, 'case.json'), '--check'],
      {
        env,
      },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe(
      "error: --check: the request does not fit POST /v1/cases (createCase): /: must have required property 'template'; /title: must be string",
    );
    const misspelt = await runWfd(['api', '-X', 'POST', '/v1/cases', '-f', 'stauts=open', '--check'], {
      env,
    });
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr.split('\n')[0]).toContain('/: must NOT have additional properties (stauts)');
    const query = await runWfd(['api', '/v1/cases?page[size]=500&colour=red', '--check'], { env });
    expect(query.code).toBe(2);
    expect(query.stderr.split('\n')[0]).toBe(
      'error: --check: the request does not fit GET /v1/cases (listCases): query colour: not a parameter of GET /v1/cases; query page[size]: must be <= 100',
    );
    const unknown = await runWfd(['api', '-X', 'POST', '/v1/case', '-F', 'title=x', '--check'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('error: --check: the API description has no POST /v1/case\n');
    expect((await sandbox.requests()).count).toBe(0);
  });

  it('sends a body that fits', async () => {
    const templates = await runWfd(['case-templates', 'list', '--limit', '1', '-q'], { env });
    const template = templates.stdout.trim();
    const sent = await runWfd(
      [
        'api',
        '-X',
        'POST',
        '/cases',
        '-F',
        `template[id]=${template}`,
        '-F',
        'title=Checked first',
        '--check',
      ],
      { env },
    );
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(0);
    expect(JSON.parse(sent.stdout).title).toBe('Checked first');
  });
});
