/**
 * A table of command lines that can never work, as users and scripts type them: each exits with
 * its documented code and one line of error (and at most one hint), with no stack trace, no
 * output on stdout, and without a single request reaching the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { runWfd, type StartedSandbox, useSandbox } from './harness.js';

let sandbox: StartedSandbox;
let env: NodeJS.ProcessEnv;
useSandbox([], (fixture) => {
  ({ sandbox, env } = fixture);
});

const U = '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10';
const FORM = ['forms', 'create', '--template', 'kyc', '--given-name', 'Ann', '--family-name', 'Lee'];

/** [name, argv, exit code, stdin?, extra env?] */
type Row = [string, string[], number, string?, NodeJS.ProcessEnv?];

const ROWS: Row[] = [
  ['enum value', ['cases', 'list', '--parent-status', 'done'], 2],
  ['enum value (count)', ['cases', 'count', '--waiting-for', 'anyone'], 2],
  ['template id', ['cases', 'list', '--template', 'abc'], 2],
  ['owner', ['cases', 'list', '--owner', 'bob'], 2],
  ['workspace', ['cases', 'list', '--workspace', 'Acme Corp'], 2],
  ['contact e-mail', ['cases', 'list', '--contact-email', 'ann@'], 2],
  ['empty status', ['cases', 'list', '--status', ''], 2],
  ['sort field', ['cases', 'list', '--sort', 'colour'], 2],
  ['descending sort field', ['cases', 'list', '--sort', '-colour'], 2],
  ['limit 0', ['cases', 'list', '--limit', '0'], 2],
  ['limit text', ['cases', 'list', '--limit', 'ten'], 2],
  ['--all with --limit', ['cases', 'list', '--all', '--limit', '5'], 2],
  ['page 0', ['cases', 'list', '--page', '0'], 2],
  ['page size 101', ['cases', 'list', '--page', '1', '--page-size', '101'], 2],
  ['--where operator', ['cases', 'list', '--where', 'title ~ x'], 2],
  ['--where field', ['cases', 'list', '--where', 'colour = red'], 2],
  ['--where date', ['cases', 'list', '--where', 'created_at > tomorrow'], 2],
  ['--where enum', ['cases', 'list', '--where', 'parent_status = done'], 2],
  ['--where null order', ['cases', 'list', '--where', 'created_at > null'], 2],
  ['--filter JSON', ['cases', 'list', '--filter', '{'], 2],
  ['--filter field', ['cases', 'list', '--filter', '{"attributes":{"colour":{"$eq":"red"}}}'], 2],
  ['--filter array', ['cases', 'list', '--filter', '[]'], 2],
  ['--filter operator', ['cases', 'list', '--filter', '{"attributes":{"title":{"$gte":"a"}}}'], 2],
  ['output format', ['cases', 'list', '-o', 'yaml'], 2],
  ['empty output format', ['cases', 'list', '-o', ''], 2],
  ['-o csv with --json', ['cases', 'list', '-o', 'csv', '--json'], 2],
  ['-q with --query', ['cases', 'list', '-q', '--query', '[].id'], 2],
  ['unknown --fields', ['cases', 'list', '--fields', 'colour'], 2],
  ['empty --fields', ['cases', 'list', '--fields', ''], 2],
  ['bad --query', ['cases', 'list', '--query', '[[['], 2],
  ['--raw without --query', ['cases', 'list', '--raw'], 2],
  ['--request-timeout', ['cases', 'list', '--request-timeout', 'soon'], 2],
  ['--retries -1', ['cases', 'list', '--retries', '-1'], 2],
  ['--concurrency 0', ['cases', 'list', '--concurrency', '0'], 2],
  ['--concurrency 17', ['cases', 'list', '--concurrency', '17'], 2],
  ['--request-rate', ['cases', 'list', '--request-rate', 'fast'], 2],
  ['empty --profile', ['cases', 'list', '--profile', ''], 2],
  ['unknown --profile', ['cases', 'list', '--profile', 'nope'], 2, undefined, { WFD_TOKEN: undefined }],
  ['base URL scheme', ['cases', 'list', '--base-url', 'ftp://x.example'], 2],
  ['base URL password', ['cases', 'list', '--base-url', 'https://ann:pw@api.example.com'], 2],
  ['unknown option', ['cases', 'list', '--colour', 'red'], 2],
  ['unknown verb', ['cases', 'lsit'], 2],
  ['unknown noun', ['casez', 'list'], 2],
  ['get: neither id nor reference (too long)', ['cases', 'get', 'r'.repeat(101)], 2],
  ['get: escape sequences as id', ['cases', 'get', '\u001b]0;pwned\u0007\u001b[2J'], 2],
  ['get: missing id', ['cases', 'get'], 2],
  ['create: missing --template', ['cases', 'create', '--title', 'x'], 2],
  ['create: template neither id nor reference', ['cases', 'create', '--template', 'a\tb', '--title', 'x'], 2],
  ['create: empty title', ['cases', 'create', '--template', U, '--title', ''], 2],
  ['update-data: nothing', ['cases', 'update-data', U], 2],
  ['update-data: empty key', ['cases', 'update-data', U, '--set', ' =x'], 2],
  ['update-data: no =', ['cases', 'update-data', U, '--set', 'novalue'], 2],
  ['update-data: missing body file', ['cases', 'update-data', U, '--body', '/nope/body.json'], 2],
  [
    'update-data: too deep',
    ['cases', 'update-data', U, '--set', `deep=${'['.repeat(200)}1${']'.repeat(200)}`],
    2,
  ],
  ['archive: neither id nor reference', ['cases', 'archive', 'a\u0007b'], 2],
  ['archive: nothing on stdin', ['cases', 'archive', '-'], 2, ''],
  ['archive: 400 KB of garbage on stdin', ['cases', 'archive', '-'], 2, 'x'.repeat(400_000)],
  ['archive: bad -o before reading stdin', ['cases', 'archive', '-', '-o', 'bogus'], 2, `${U}\n`],
  ['case templates: sort', ['case-templates', 'list', '--sort', 'status'], 2],
  ['forms: workspace id', ['forms', 'list', '--workspace', U], 2],
  ['forms: customization', ['forms', 'list', '--customization', 'blue'], 2],
  ['forms: e-mail', ['forms', 'list', '--email', 'ann'], 2],
  ['forms create: e-mail', [...FORM, '--email', 'not-an-email'], 2],
  [
    'forms create: webhook scheme',
    [...FORM, '--email', 'a@b.co', '--webhook', 'ftp://x.example=forms:created'],
    2,
  ],
  [
    'forms create: event name',
    [...FORM, '--email', 'a@b.co', '--webhook', 'https://x.example=forms:nope'],
    2,
  ],
  ['forms get: not a UUID', ['forms', 'get', 'nope'], 2],
  ['webhooks add: event', ['webhooks', 'add', U, 'https://x.example/h', '--events', 'forms:nope'], 2],
  ['api: method', ['api', 'FETCH', '/cases'], 2],
  ['api: typed field', ['api', 'GET', '/cases', '-F', 'noequals'], 2],
  ['api: --paginate with POST', ['api', 'POST', '/cases', '--paginate'], 2],
  ['api: header', ['api', 'GET', '/cases', '-H', 'nocolon'], 2],
  ['api: URL too long', ['api', 'GET', '/cases', '-f', `reference=${'r'.repeat(9000)}`], 2],
  ['completion: shell', ['completion', 'ksh'], 2],
  ['help: topic', ['help', 'nope'], 2],
  ['auth switch: unknown', ['auth', 'switch', 'nope'], 2],
  ['sandbox start: port', ['sandbox', 'start', '--port', '99999'], 2],
  ['sandbox start: faults', ['sandbox', 'start', '--faults', '429:2'], 2],
  ['a token with a space', ['cases', 'list'], 3, undefined, { WFD_TOKEN: 'wfd_abc def' }],
  ['a token with a control character', ['workspaces', 'list'], 3, undefined, { WFD_TOKEN: 'wfd_abc\u0007' }],
];

/** The fixture's environment with `extra` laid over it; an undefined value removes a variable. */
function withEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...env, ...extra };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  return merged;
}

describe(`${ROWS.length} command lines that can never work`, () => {
  it('each exits with its code and one line of error (a hint at most), nothing on stdout, no request sent', async () => {
    expect(ROWS.length).toBeGreaterThanOrEqual(60);
    await sandbox.resetRequests();
    const outcomes: [string, number | null, string, string][] = [];
    // Four at a time: each is a process of its own.
    for (let i = 0; i < ROWS.length; i += 4) {
      const batch = ROWS.slice(i, i + 4);
      const results = await Promise.all(
        batch.map(([, args, , stdin, extra]) =>
          runWfd(args, { env: withEnv(extra), ...(stdin === undefined ? {} : { stdin }) }),
        ),
      );
      batch.forEach(([name], j) => {
        outcomes.push([name, results[j]!.code, results[j]!.stdout, results[j]!.stderr]);
      });
    }
    for (const [index, [name, code, stdout, stderr]] of outcomes.entries()) {
      const lines = stderr.split('\n').filter(Boolean);
      expect([name, code], stderr).toEqual([name, ROWS[index]![2]]);
      expect([name, stdout]).toEqual([name, '']);
      expect(lines[0], name).toMatch(/^error: \S/);
      expect(lines.length, `${name}: ${stderr}`).toBeLessThanOrEqual(2);
      if (lines[1] !== undefined) expect(lines[1], name).toMatch(/^hint: /);
      // No stack trace, and no echo long enough to flood a terminal or a log.
      expect(stderr, name).not.toMatch(/\n\s+at /);
      for (const line of lines) expect(line.length, name).toBeLessThan(600);
      // Escape sequences typed as input come back escaped, never raw.
      expect(stderr, name).not.toContain('\u001b');
    }
    expect((await sandbox.requests()).count).toBe(0);
  }, 120_000);
});
