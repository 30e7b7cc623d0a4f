/** gh's habits that wfd takes as they are: --jq, and a pointer for --template. */
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
