/** gh's habits that wfd takes as they are (--jq, api -q), and pointers for the others. */
import { describe, expect, it } from 'vitest';
import { expectRefused, wire } from '../support/wiring.js';

describe('--jq', () => {
  it.each([
    [['cases', 'list', '--jq', '.[].id']],
    [['--jq', '.id', 'cases', 'get', 'ACME-000001']],
    [['api', 'GET', '/cases', '--paginate', '--jq', 'length']],
    [['auth', 'status', '--jq', '.profile']],
  ])('is taken wherever --query is: %j', async (args) => {
    const { code, invocation, stderr } = await wire(args);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(invocation?.ctx.output).toMatchObject({ query: args[args.indexOf('--jq') + 1], jq: true });
  });

  it("a bad program stops the command (exit 2) with jq's message, before the verb runs", async () => {
    const { code, invocation, stderr } = await wire(['cases', 'list', '--jq', '.[] | select(']);
    expect(code).toBe(2);
    expect(invocation).toBeUndefined();
    expect(stderr).toMatch(
      /^error: invalid --jq program: syntax error, unexpected end of file at <top-level>/,
    );
  });

  it.each([
    [['cases', 'list', '--jq', '.', '--query', '@'], '--query and --jq cannot be used together: pick one'],
    [
      ['cases', 'list', '--jq', '.', '-o', 'csv'],
      '--jq applies to JSON output: it cannot be used with -o csv',
    ],
    [['cases', 'list', '--jq', '.', '-q'], '-q prints ids only: it cannot be used with --jq'],
  ])('%j is refused', async (args, message) => {
    await expectRefused(args, message);
  });
});

describe("gh's --template", () => {
  it.each([[['api', 'GET', '/cases', '--template', '{{.id}}']], [['cases', 'get', 'x', '-t', '{{.id}}']]])(
    '%j points to --jq and --query',
    async (args) => {
      const { code, stderr } = await wire(args);
      expect(code).toBe(2);
      expect(stderr.split('\n')[1]).toBe(
        "hint: wfd has no Go templates: shape the JSON output with --jq (jq's language) or --query (JMESPath)",
      );
    },
  );
});

describe("gh api's -q", () => {
  it('is --jq in wfd api, as in gh api', async () => {
    const { code, invocation, stderr } = await wire(['api', '/v1/cases', '-q', '.data[0].id']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(invocation?.ctx.output).toMatchObject({ query: '.data[0].id', jq: true });
    expect(invocation?.ctx.globals.quiet).toBeUndefined();
  });

  it('stays --quiet elsewhere: a jq program after it is refused with a pointer to --jq', async () => {
    const { code, stderr } = await wire(['cases', 'list', '-q', '.[0].id']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'error: unexpected argument ".[0].id"\n' +
        "hint: -q is --quiet here (ids only); a jq program goes to --jq, as `--jq '.[0].id'` (wfd api takes -q as gh api does)\n",
    );
    expect((await wire(['cases', 'list', '-q'])).invocation?.ctx.globals.quiet).toBe(true);
  });
});

describe("gh's commands and flags that wfd has in another form", () => {
  it.each([
    [['api', '/v1/cases', '--paginate', '--slurp'], "wfd's --paginate already merges the pages"],
    [['browse'], 'the API has no web pages for wfd to open'],
    [['cases', 'list', '--web'], 'the API has no web pages for wfd to open'],
    [['auth', 'login', '--hostname', 'api.example.com'], 'wfd names the server with --base-url'],
    [['completion', '-s', 'bash'], 'the shell is an argument here, not a flag: `wfd completion bash`'],
  ])('%j gets a pointer', async (args, hint) => {
    const { code, stderr } = await wire(args);
    expect(code).toBe(2);
    expect(stderr.split('\n')[1]).toContain(`hint: ${hint}`);
  });

  it('-s elsewhere is only an unknown option', async () => {
    expect((await wire(['cases', 'list', '-s'])).stderr).toContain('hint: run `wfd cases list --help`');
  });
});
