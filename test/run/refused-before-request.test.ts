/**
 * Command lines that a verb's run refuses before its first request: the whole program runs
 * in-process against a fake API with no stub (test/support/fake-api.ts), and each exits with its documented code,
 * one line of error (and at most one hint), no stack trace, nothing on stdout, and no request
 * made. Moved here from the spawned e2e tables (e2e/validation, e2e/bad-invocations); what
 * parsing alone refuses is in wiring/bad-invocations.
 */
import { describe, expect, it } from 'vitest';
import { expectOneLineRefusal, runOffline } from '../support/wiring.js';

/** [name, argv, a pattern of the error line] */
const VALIDATION: [string, string[], RegExp][] = [
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
  ['page size over 100', ['cases', 'list', '--page', '1', '--page-size', '500'], /--page-size/],
  ['--all with --limit', ['cases', 'list', '--all', '--limit', '5'], /--all and --limit/],
  [
    'update with nothing to send',
    ['cases', 'update-data', '00000000-0000-4000-8000-000000000000'],
    /nothing to update/,
  ],
];

describe('bad input exits 2 with one clear line, before any request', () => {
  for (const [name, args, message] of VALIDATION) {
    it(name, async () => {
      const result = await runOffline(args);
      const [first] = expectOneLineRefusal(result, 2);
      expect(first).toMatch(message);
      expect(result.requests).toBe(0);
    });
  }
});

const U = '5b0e6f7e-8d1c-4c1e-9a55-0d9b3f1f2a10';
const FORM = ['forms', 'create', '--template', 'kyc', '--given-name', 'Ann', '--family-name', 'Lee'];

/** [name, argv, exit code, stdin?, environment laid over the defaults (undefined removes)?] */
type Row = [string, string[], number, string?, Record<string, string | undefined>?];

const NEVER: Row[] = [
  ['enum value', ['cases', 'list', '--parent-status', 'done'], 2],
  ['enum value (count)', ['cases', 'count', '--waiting-for', 'anyone'], 2],
  ['template: neither id nor reference', ['cases', 'list', '--template', 'a\tb'], 2],
  ['template: and a bad sort', ['cases', 'list', '--template', 'ACME-1', '--sort', 'colour'], 2],
  ['template: a Go template', ['cases', 'list', '--template', '{{.id}}'], 2],
  ['owner', ['cases', 'list', '--owner', 'bob smith'], 2],
  ['workspace', ['cases', 'list', '--workspace', 'Acme Corp'], 2],
  ['contact e-mail', ['cases', 'list', '--contact-email', 'ann@'], 2],
  ['empty status', ['cases', 'list', '--status', ''], 2],
  ['sort field', ['cases', 'list', '--sort', 'colour'], 2],
  ['descending sort field', ['cases', 'list', '--sort', '-colour'], 2],
  ['--all with --limit', ['cases', 'list', '--all', '--limit', '5'], 2],
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
  ['unknown --profile', ['cases', 'list', '--profile', 'nope'], 2, undefined, { WFD_TOKEN: undefined }],
  ['get: neither id nor reference (too long)', ['cases', 'get', 'r'.repeat(101)], 2],
  ['get: escape sequences as id', ['cases', 'get', '\u001b]0;pwned\u0007\u001b[2J'], 2],
  ['create: template neither id nor reference', ['cases', 'create', '--template', 'a\tb', '--title', 'x'], 2],
  ['create: a Go template', ['cases', 'create', '--template', '{{.id}}', '--title', 'x'], 2],
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
  ['help: topic', ['help', 'nope'], 2],
  ['auth switch: unknown', ['auth', 'switch', 'nope'], 2],
  ['sandbox start: faults', ['sandbox', 'start', '--faults', '429:2'], 2],
  ['a token with a space', ['cases', 'list'], 3, undefined, { WFD_TOKEN: 'wfd_abc def' }],
  ['a token with a control character', ['workspaces', 'list'], 3, undefined, { WFD_TOKEN: 'wfd_abc\u0007' }],
];

describe('command lines that can never work: each exits with its code and one line of error (a hint at most), nothing on stdout, no request sent', () => {
  for (const [name, args, code, stdin, env] of NEVER) {
    it(name, async () => {
      const result = await runOffline(args, {
        ...(stdin === undefined ? {} : { stdin }),
        ...(env ? { env } : {}),
      });
      expectOneLineRefusal(result, code);
      expect(result.requests).toBe(0);
    });
  }
});

describe('wfd api', () => {
  it('--dry-run and bad flags send nothing', async () => {
    const dry = await runOffline(['api', 'DELETE', '/cases/x', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^DELETE .*\/v1\/cases\/x$/m);
    expect(dry.requests).toBe(0);
    for (const args of [
      ['api', 'FETCH', '/x'],
      ['api', 'GET', '/x', '-F', 'a'],
      ['api', 'POST', '/x', '--paginate'],
    ]) {
      const result = await runOffline(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.requests).toBe(0);
    }
  });
});

describe('auth login', () => {
  it('asks for --with-token when it cannot prompt', async () => {
    const login = await runOffline(['auth', 'login', '--base-url', 'http://api.test'], {
      env: { WFD_TOKEN: undefined, WFD_BASE_URL: undefined },
    });
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('--with-token');
    expect(login.requests).toBe(0);
  });
});

describe('credential errors', () => {
  it('missing credentials exit 3 with a hint, before any request', async () => {
    const result = await runOffline(['cases', 'list'], { env: { WFD_TOKEN: undefined } });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: not logged in: no credentials found$/m);
    expect(result.stderr).toMatch(/^hint: run `wfd auth login`/m);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.requests).toBe(0);
  });

  it('a token without a base URL exits 2 and says how to set one', async () => {
    const result = await runOffline(['cases', 'list'], { env: { WFD_BASE_URL: undefined } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: no base URL');
    expect(result.stderr).toContain('WFD_BASE_URL');
  });
});

describe('webhooks listen --forms', () => {
  it('--forms against an API elsewhere needs --public-url (exit 2, nothing sent)', async () => {
    const result = await runOffline([
      'webhooks',
      'listen',
      '--forms',
      '5b0e3f2a-0000-4000-8000-000000000001',
      '--base-url',
      'https://api.example.org',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'error: --forms needs --public-url: the API at https://api.example.org cannot reach a listener on this machine',
    );
    expect(result.requests).toBe(0);
  });
});

describe('text from the API or the user never drives the terminal', () => {
  const ESC = String.fromCharCode(27);
  const BEL = String.fromCharCode(7);

  it('an argument echoed in an error line is escaped', async () => {
    const result = await runOffline(['cases', 'get', `${ESC}]0;pwned${BEL}${ESC}[2J`]);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      'error: invalid case id "^[]0;pwned^G^[[2J": expected a UUID, its first 8+ characters or a reference',
    );
    expect(result.stderr).not.toContain(ESC);
  });

  it('a 400 KB garbage line on stdin is cut in the error line', async () => {
    const result = await runOffline(['cases', 'archive', '-'], { stdin: `${'x'.repeat(400_000)}\n` });
    expect(result.code).toBe(2);
    const first = result.stderr.split('\n')[0]!;
    expect(first).toBe(
      `error: invalid case id on line 1 of stdin: over 1,000 characters, starting "${'x'.repeat(40)}": expected a UUID, its first 8+ characters or a reference; nothing was sent`,
    );
  });
});
