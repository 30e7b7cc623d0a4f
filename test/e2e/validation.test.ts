import { describe, expect, it } from 'vitest';
import { runWfd, type StartedSandbox, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox([], (fixture) => {
  ({ sandbox, env } = fixture);
});

describe('bad input exits 2 with one clear line, before any request', () => {
  const cases: [string, string[], RegExp][] = [
    ['bad UUID', ['forms', 'get', 'not-a-uuid'], /invalid form id "not-a-uuid": expected a UUID/],
    ['bad UUID in bulk', ['forms', 'archive', 'abc'], /invalid form id "abc"/],
    [
      'bad enum',
      ['cases', 'list', '--parent-status', 'done'],
      /--parent-status "done".*draft, pending, in_progress, closed/,
    ],
    ['bad --waiting-for', ['cases', 'count', '--waiting-for', 'me'], /--waiting-for "me"/],
    ['bad --where operator', ['cases', 'list', '--where', 'created_at >> 2026'], /">>" at column 12/],
    ['bad --where field', ['cases', 'list', '--where', 'colour = red'], /colour/],
    ['bad --filter JSON', ['cases', 'list', '--filter', '{"attributes":'], /--filter.*JSON/i],
    ['bad --filter operator', ['cases', 'list', '--filter', '{"attributes":{"title":{"$gte":1}}}'], /\$gte/],
    ['bad --sort', ['cases', 'list', '--sort', 'colour'], /colour.*created_at/],
    ['bad e-mail', ['cases', 'list', '--contact-email', 'nobody'], /nobody/],
    ['bad --limit', ['cases', 'list', '--limit', '0'], /--limit/],
    ['page size over 100', ['cases', 'list', '--page', '1', '--page-size', '500'], /--page-size/],
    ['--all with --limit', ['cases', 'list', '--all', '--limit', '5'], /--all and --limit/],
    ['unknown option', ['cases', 'list', '--colour', 'red'], /unknown option "--colour"/],
    ['unknown command', ['casez', 'list'], /unknown command "casez"/],
    ['bad output format', ['cases', 'list', '-o', 'yaml'], /--output "yaml"/],
    ['missing required flag', ['cases', 'create', '--title', 'x'], /--template/],
    [
      'update with nothing to send',
      ['cases', 'update-data', '00000000-0000-4000-8000-000000000000'],
      /nothing to update/,
    ],
  ];
  for (const [name, args, message] of cases) {
    it(name, async () => {
      await sandbox.resetRequests();
      const result = await runWfd(args, { env });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      const first = result.stderr.split('\n')[0]!;
      expect(first).toMatch(/^error: /);
      expect(first).toMatch(message);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect((await sandbox.requests()).count).toBe(0);
    });
  }
});

describe('help and version', () => {
  it('--version prints the version and exits 0', async () => {
    const result = await runWfd(['--version'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('a command help shows examples and the global options', async () => {
    const result = await runWfd(['cases', 'list', '--help'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Examples:');
    expect(result.stdout).toContain('Global options:');
    expect(result.stdout).toContain('--parent-status');
  });

  it('help topics print their text', async () => {
    for (const [topic, text] of [
      ['filters', '--where CLAUSE'],
      ['exit-codes', 'rate limited'],
      ['environment', 'WFD_TOKEN'],
      ['formats', 'ndjson'],
    ]) {
      const result = await runWfd(['help', topic!], { env });
      expect(result.code, topic).toBe(0);
      expect(result.stdout).toContain(text);
    }
    expect((await runWfd(['help', 'nope'], { env })).code).toBe(2);
  });
});

describe('bare commands and typos', () => {
  it('`wfd` and `wfd cases` show help and exit 0, as gh does', async () => {
    const bare = await runWfd([], { env });
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain('Usage: wfd');
    expect(bare.stderr).toBe('');
    const noun = await runWfd(['cases'], { env });
    expect(noun.code).toBe(0);
    expect(noun.stdout).toContain('update-data');
    expect(noun.stderr).toBe('');
  });

  it('a typo gets a one-line error and a hint with the suggestion, exit 2', async () => {
    const result = await runWfd(['cases', 'list', '--limt', '3'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: unknown option "--limt"\nhint: did you mean --limit? run `wfd cases list --help` to see the options\n',
    );
  });
});
