import { describe, expect, it } from 'vitest';
import { expectParsed, expectRefused, wire } from '../support/wiring.js';

describe('argv -> the options a verb receives', () => {
  it.each([
    [
      [
        'cases',
        'list',
        '--parent-status',
        'pending',
        '--no-archived',
        '--where',
        'a = 1',
        '--where',
        'b = 2',
      ],
      'cases list',
      { parentStatus: 'pending', archived: false, where: ['a = 1', 'b = 2'] },
    ],
    [['cases', 'ls', '--all', '--sort', '-created_at'], 'cases list', { all: true, sort: '-created_at' }],
    [['cases', 'count', '--contact', 'muller'], 'cases count', { contact: 'muller' }],
    [['cases', 'count', '--group-by', 'status'], 'cases count', { groupBy: 'status' }],
    [['cases', 'view', 'abc'], 'cases get', { id: 'abc' }],
    [
      ['cases', 'create', '--template', 't', '--title', 'x', '--set', 'a=1', '--set', 'b=2', '--dry-run'],
      'cases create',
      { template: 't', title: 'x', set: ['a=1', 'b=2'], dryRun: true },
    ],
    [['cases', 'archive', 'a', 'b'], 'cases archive', { ids: ['a', 'b'] }],
    [
      ['case-templates', 'list', '--title', 'on', '--limit', '5'],
      'case-templates list',
      { title: 'on', limit: 5 },
    ],
    [['auth', 'switch', 'acme'], 'auth switch', { name: 'acme' }],
    [['help', 'cases', 'list'], 'help', { topic: ['cases', 'list'] }],
  ])('wfd %j -> %s %j', (args, command, options) => expectParsed(args, command, options));

  it('global options before and after the noun reach the context, parsed', async () => {
    const { invocation } = await wire([
      '--profile',
      'acme',
      'cases',
      'list',
      '--request-timeout',
      '2m',
      '--retries',
      '0',
      '--concurrency',
      '8',
      '--request-rate',
      '20/2s',
    ]);
    expect(invocation?.ctx.globals).toEqual({
      profile: 'acme',
      color: true,
      input: true,
      requestTimeout: 120_000,
      retries: 0,
      concurrency: 8,
      requestRate: '20/2s',
    });
  });

  it('settles the output flags once: format, fields, query, quiet', async () => {
    const { invocation } = await wire(['cases', 'list', '-o', 'ndjson', '--fields', 'id,owner.email']);
    expect(invocation?.ctx.output).toEqual({ format: 'ndjson', fields: ['id', 'owner.email'], quiet: false });
    const piped = await wire(['cases', 'list']);
    expect(piped.invocation?.ctx.output.format).toBe('plain');
  });
});

describe('bad command lines exit 2 before the verb runs', () => {
  it.each([
    [
      ['cases', 'list', '-o', 'bogus'],
      'invalid --output "bogus": expected one of table, plain, json, ndjson, csv, csv-excel',
    ],
    [
      ['cases', 'list', '-o', ''],
      'invalid --output "": expected one of table, plain, json, ndjson, csv, csv-excel',
    ],
    [['cases', 'list', '-o', 'csv', '--json'], '--json and --output csv cannot be used together: pick one'],
    [['cases', 'list', '-q', '--query', '[].id'], '-q prints ids only: it cannot be used with --query'],
    [['cases', 'list', '-q', '--json'], '-q prints ids only: it cannot be used with --output json'],
    [['cases', 'list', '-q', '--fields', 'id'], '-q prints ids only: it cannot be used with --fields'],
    [['cases', 'list', '--fields', 'nope'], /unknown field "nope" in --fields/],
    [['cases', 'list', '--fields', ''], /--fields needs at least one field name/],
    [['cases', 'list', '--query', '[[['], /invalid --query/],
    [['cases', 'list', '-o', 'csv', '--query', 'x'], /--query applies to JSON output/],
    [['cases', 'list', '--request-timeout', 'soon'], /expected a duration such as 90s, 10m or 1h/],
    [['cases', 'list', '--request-rate', 'fast'], /invalid --request-rate "fast"/],
    [['cases', 'list', '--profile', ''], '--profile needs a profile name'],
    [
      ['cases', 'list', '--base-url', 'ftp://x'],
      'invalid base URL "ftp://x": only http and https are supported',
    ],
    [['cases', 'archive', 'x', '--dry-run', '--fields', 'nope'], /unknown field "nope" in --fields/],
    [['auth', 'switch', 'x', '--fields', 'id'], '--fields: this command prints no records'],
    [['cases', 'list', '--concurrency', '0'], /--concurrency/],
  ])('wfd %j', (args, message) => expectRefused(args, message));

  it('an archive with a bad -o exits 2 without reading the ids on stdin', async () => {
    const stdin = '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10\n';
    const { code, invocation } = await wire(['cases', 'archive', '-', '-o', 'bogus'], stdin);
    expect(code).toBe(2);
    expect(invocation).toBeUndefined();
  });
});

describe("gh's habits", () => {
  it.each([
    [['cases', 'list', '--json', 'id,title']],
    [['cases', 'get', '--json', 'id,title', '3f0c0000-0000-0000-0000-000000000000']],
    [['forms', 'list', '--json', 'owner.email']],
  ])('%j: --json with a field list points to -o json --fields', async (args) => {
    const { code, invocation, stderr } = await wire(args);
    expect(code).toBe(2);
    expect(invocation).toBeUndefined();
    const fields = args[args.indexOf('--json') + 1];
    expect(stderr.split('\n')[1]).toBe(
      `hint: --json takes no field list here: use \`-o json --fields ${fields}\``,
    );
  });

  it.each([
    [['forms', 'list', '--template', '{{.id}}']],
    [['forms', 'list', '-t', '{{.id}}']],
    [['workspaces', 'list', '--template={{.name}}']],
  ])('%j: a Go template points to --jq and --query', async (args) => {
    const { code, invocation, stderr } = await wire(args);
    expect(code).toBe(2);
    expect(invocation).toBeUndefined();
    expect(stderr.split('\n')[1]).toBe(
      "hint: wfd has no Go templates: shape the JSON output with --jq (jq's language) or --query (JMESPath)",
    );
  });

  it('--json alone is still -o json', async () => {
    await expectParsed(['cases', 'list', '--json', '--limit', '1'], 'cases list', { limit: 1 });
  });
});

describe('wfd api wiring', () => {
  it('passes method, path and every flag; its own --input is the body file, not the global', async () => {
    const { code, invocation, stderr } = await wire([
      'api',
      'POST',
      '/forms',
      '-f',
      'a=1',
      '-f',
      'b=2',
      '-F',
      'c=3',
      '-H',
      'X-A: 1',
      '--input',
      'body.json',
      '-i',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(invocation?.options).toEqual({
      method: 'POST',
      path: '/forms',
      rawField: ['a=1', 'b=2'],
      field: ['c=3'],
      header: ['X-A: 1'],
      input: 'body.json',
      include: true,
    });
    expect(invocation?.ctx.globals).not.toHaveProperty('input');
  });

  it.each([
    [['api', '/v1/cases'], { method: 'GET', path: '/v1/cases' }],
    [['api', 'forms', '-X', 'HEAD'], { method: 'HEAD', path: 'forms' }],
    [
      ['api', '-X', 'post', '/cases', '-f', 'title=x'],
      { method: 'post', path: '/cases', rawField: ['title=x'] },
    ],
    [['api', '--method', 'PATCH', 'PATCH', '/forms/x'], { method: 'PATCH', path: '/forms/x' }],
  ])('the method may be left out (GET) or given with -X, as in gh api: %j', async (args, options) => {
    await expectParsed(args, 'api', options);
  });

  it.each([
    [['api', 'get'], 'missing <path> after get'],
    [['api', '-X', 'POST', 'GET', '/cases'], 'two methods: "GET" and -X "POST"'],
  ])('a method without a path, or two methods, is refused: %j', async (args, message) => {
    await expectRefused(args, message);
  });

  it.each([[['--no-input', 'api', 'GET', '/forms']], [['api', 'GET', '/forms', '--no-input']]])(
    'the global --no-input works before and after the noun, as on every command: %j',
    async (args) => {
      const { code, invocation, stderr } = await wire(args);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(invocation?.options).toEqual({ method: 'GET', path: '/forms' });
      expect(invocation?.ctx.globals.input).toBe(false);
    },
  );

  it('a global before the noun reaches the context even where the command owns its name', async () => {
    const { invocation } = await wire(['--profile', 'acme', 'sandbox', 'start', '--no-profile']);
    expect(invocation?.ctx.globals.profile).toBe('acme');
    expect(invocation?.options).toMatchObject({ profile: false });
  });

  it('the global --no-input still works after the noun, as on every command', async () => {
    // On a terminal, where wfd could prompt without the flag.
    const terminal = { stdinTTY: true, stdoutTTY: true, stderrTTY: true };
    const prompting = await wire(['api', 'GET', '/forms'], '', terminal);
    expect(prompting.invocation?.ctx.io.canPrompt()).toBe(true);
    const { code, invocation, stderr } = await wire(['api', 'GET', '/forms', '--no-input'], '', terminal);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(invocation?.options).toEqual({ method: 'GET', path: '/forms' });
    expect(invocation?.ctx.globals.input).toBe(false);
    expect(invocation?.ctx.io.canPrompt()).toBe(false);
  });
});
