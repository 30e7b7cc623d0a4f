import { describe, expect, it } from 'vitest';
import { wire } from '../support/wiring.js';

// Every bad command line gets the same two lines, in the house style (lower-case, no full stop,
// the offending value quoted), with a hint naming the command that helps, and exit 2.
const BAD_LINES: [args: string[], error: string, hint: string][] = [
  // commander: unknown options, with and without its suggestion
  [
    ['cases', 'list', '--limt', '3'],
    'unknown option "--limt"',
    'did you mean --limit? run `wfd cases list --help` to see the options',
  ],
  [
    ['auth', 'login', '--with-tokn'],
    'unknown option "--with-tokn"',
    'did you mean --with-token? run `wfd auth login --help` to see the options',
  ],
  [['cases', 'list', '-x'], 'unknown option "-x"', 'run `wfd cases list --help` to see the options'],
  [['--bogus'], 'unknown option "--bogus"', 'run `wfd --help` to see the options'],
  [['cases', '--limit', '3'], 'unknown option "--limit"', 'run `wfd cases --help` to see the options'],
  // commander: unknown commands, with "did you mean" naming the whole command
  [['cases', 'lsit'], 'unknown command "lsit" for `wfd cases`', 'did you mean `wfd cases list`?'],
  [['casse', 'list'], 'unknown command "casse"', 'did you mean `wfd cases`?'],
  [['frobnicate'], 'unknown command "frobnicate"', 'run `wfd --help` to see the commands'],
  // commander: option values its parsers refuse, or that are missing
  [
    ['cases', 'list', '-L', '0'],
    'invalid --limit "0": expected an integer of at least 1',
    'run `wfd cases list --help` to see the options',
  ],
  [
    ['cases', 'ls', '--limit', 'abc'],
    'invalid --limit "abc": expected an integer of at least 1',
    'run `wfd cases list --help` to see the options',
  ],
  [
    ['--retries', '99', 'cases', 'list'],
    'invalid --retries "99": too large; expected an integer from 0 to 20',
    'run `wfd cases list --help` to see the options',
  ],
  [
    ['cases', 'list', '--request-timeout', 'soon'],
    'invalid --request-timeout "soon": expected a duration such as 90s, 10m or 1h (or seconds), at most 576h (24 days)',
    'run `wfd cases list --help` to see the options',
  ],
  [
    ['cases', 'list', '--request-timeout', '1000h'],
    'invalid --request-timeout "1000h": expected a duration such as 90s, 10m or 1h (or seconds), at most 576h (24 days)',
    'run `wfd cases list --help` to see the options',
  ],
  [
    ['sandbox', 'start', '--port', '70000'],
    'invalid --port "70000": too large; expected an integer from 0 to 65535',
    'run `wfd sandbox start --help` to see the options',
  ],
  [['cases', 'list', '--limit'], '--limit needs a value', 'run `wfd cases list --help` to see the options'],
  [
    ['cases', 'create', '--title', 'x'],
    'missing required option --template',
    'run `wfd cases create --help` to see the options',
  ],
  // commander: arguments
  [['cases', 'get'], 'missing argument <id>', 'run `wfd cases get --help` to see the arguments'],
  [['cases', 'archive'], 'missing argument <ids...>', 'run `wfd cases archive --help` to see the arguments'],
  [['cases', 'list', 'extra'], 'unexpected argument "extra"', 'run `wfd cases list --help` to see the usage'],
  [
    ['auth', 'switch', 'a', 'b'],
    'unexpected argument "b"',
    'run `wfd auth switch --help` to see the arguments',
  ],
  // the verb's schema (zod)
  [
    ['completion', 'ksh'],
    'invalid <shell> "ksh": expected bash, zsh, fish or powershell',
    'run `wfd completion --help` to see the usage',
  ],
  // checks of the global options, before the verb
  [
    ['cases', 'list', '-o', 'yaml'],
    'invalid --output "yaml": expected one of table, plain, json, ndjson, csv, csv-excel',
    'run `wfd cases list --help` to see the usage',
  ],
  [
    ['case-templates', 'list', '--fields', 'nope'],
    'unknown field "nope" in --fields: expected one of id, title, reference, archived_at, is_template, owner, workspace, created_at, updated_at, steps, schema',
    'run `wfd case-templates list --help` to see the usage',
  ],
  [
    ['cases', 'list', '--query', '[[['],
    'invalid --query "[[[": syntax error: invalid token (EOF): ""',
    'run `wfd cases list --help` to see the usage',
  ],
  [
    ['cases', 'list', '-o', 'csv', '--query', 'x'],
    '--query applies to JSON output: it cannot be used with -o csv',
    'use -o json or -o ndjson',
  ],
  [
    ['cases', 'list', '--profile', ''],
    '--profile needs a profile name',
    'list them with `wfd auth profiles`',
  ],
  [
    ['cases', 'list', '--base-url', `ftp://${'x'.repeat(80)}`],
    `invalid base URL "ftp://${'x'.repeat(53)}…" (86 characters): only http and https are supported`,
    'run `wfd cases list --help` to see the usage',
  ],
];

describe('bad command lines: one error line, one hint naming the command, exit 2', () => {
  it.each(BAD_LINES)('wfd %j', async (args, error, hint) => {
    const { code, invocation, stdout, stderr } = await wire(args);
    expect(stderr).toBe(`error: ${error}\nhint: ${hint}\n`);
    expect(code).toBe(2);
    expect(invocation).toBeUndefined();
    expect(stdout).toBe('');
  });
});
