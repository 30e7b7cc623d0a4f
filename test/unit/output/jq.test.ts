/**
 * --jq is jq: programs of jq's manual print byte for byte what Debian's jq prints with -r over
 * the same JSON. The reference jq is required in CI (CI=true) and skipped elsewhere without it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compileJq } from '../../../src/output/jq.js';
import { expectUsage } from '../../support/expect-usage.js';

const JQ = '/usr/bin/jq';
const installed = spawnSync(JQ, ['--version']).status === 0;
const mandatory = process.env.CI === 'true';

const DOCUMENT = {
  cases: [
    {
      id: 'c1',
      title: 'Lease renewal',
      status: 'open',
      owner: { email: 'ana@example.com' },
      tags: ['a', 'b'],
      amount: 120,
      archived: false,
    },
    {
      id: 'c2',
      title: 'Move "out", early',
      status: 'closed',
      owner: { email: 'bo@example.com' },
      tags: [],
      amount: 80.5,
      archived: true,
    },
    { id: 'c3', title: '  padded', status: 'open', owner: null, tags: ['b'], amount: 0, archived: false },
  ],
  meta: { total_count: 3, page: { number: 1, size: 30 } },
};

// From jq's manual: paths, select, map, group_by, formats, string interpolation, reduce, ...
const PROGRAMS = [
  '.',
  '.cases[0].title',
  '.cases[] | .id',
  '.cases | length',
  '[.cases[] | select(.status == "open") | .id]',
  '.cases | map(.amount) | add',
  '.cases | group_by(.status) | map({status: .[0].status, count: length})',
  '.cases[] | [.id, .title, .amount] | @csv',
  '.cases[] | [.id, .status, (.tags | join(","))] | @tsv',
  '.cases[] | "\\(.id): \\(.title) (\\(.owner.email // "nobody"))"',
  '[paths]',
  '[paths(type == "number")]',
  'path(.cases[0].owner.email)',
  'getpath(["meta","page","number"])',
  '.meta | keys',
  '.meta | to_entries',
  '.cases[0] | with_entries(select(.value | type == "string"))',
  '.cases | map(select(.archived | not)) | map(.title)',
  '.cases | sort_by(.amount) | reverse | .[0].id',
  '.cases | min_by(.amount).id',
  '[.cases[].tags[]] | unique',
  '[.. | numbers]',
  '.cases | any(.status == "closed"), all(.amount > 10)',
  '.cases[] | .owner?.email? // empty',
  '.cases | first(.[] | select(.amount < 100)) | .id',
  '[limit(2; .cases[])] | length',
  '.cases | reduce .[] as $c (0; . + $c.amount)',
  '.cases[] | .title | @sh',
  '.cases[] | .title | @json',
  '.cases[] | .title | @base64',
  '.cases[] | .title | test("^ ")',
  '[.cases[] | .title | split(" ")[0]]',
  '.cases[] | {id, email: .owner.email}',
  '.meta.page | del(.size)',
  '.cases[] | if .amount > 100 then "big" elif .amount > 0 then "small" else "zero" end',
  '.cases | to_entries | map("\\(.key)=\\(.value.id)") | .[]',
  // Whitespace and empty strings at the edges of the output survive.
  '.cases[2].title',
  '"", .cases[0].id',
  '.missing',
  'empty',
];

describe.skipIf(!installed && !mandatory)('--jq against Debian jq -r', () => {
  it(`the reference jq is there (${JQ})`, () => {
    expect(installed).toBe(true);
  });

  it.each(PROGRAMS)('%s', async (program) => {
    const filter = await compileJq(program);
    const ours = filter(DOCUMENT, { compact: false, terminal: false });
    const theirs = execFileSync(JQ, ['-r', program], { input: JSON.stringify(DOCUMENT) }).toString();
    expect(ours).toBe(theirs);
  });

  it('compact output is jq -rc', async () => {
    const program = '.cases[] | {id, tags}, .title';
    const ours = (await compileJq(program))(DOCUMENT, { compact: true, terminal: false });
    const theirs = execFileSync(JQ, ['-rc', program], { input: JSON.stringify(DOCUMENT) }).toString();
    expect(ours).toBe(theirs);
  });
});

describe('--jq programs', () => {
  it("a bad program is a usage error with jq's message, found before any input", async () => {
    const error = await compileJq('.cases[] | ]').catch((caught: unknown) => caught);
    expectUsage(() => {
      throw error;
    }, [
      'invalid --jq program: syntax error, unexpected INVALID_CHARACTER at <top-level>, line 1, column 12:',
      '    .cases[] | ]',
      '               ^',
    ].join('\n'));
    await expect(compileJq('$undefined')).rejects.toThrow('$undefined is not defined');
  });

  it('a program that would never end is only compiled, not run, by the check', async () => {
    await expect(compileJq('repeat(.)')).resolves.toBeTypeOf('function');
  });

  it("an error jq raises on the data fails the run (exit 1) with jq's words", async () => {
    const filter = await compileJq('.cases[] | .title[]');
    expect(() => filter(DOCUMENT, { compact: false, terminal: false })).toThrow(
      expect.objectContaining({ exitCode: 1, message: '--jq: Cannot iterate over string ("Lease renewal")' }),
    );
  });

  it('a trailing comment does not swallow the rest; halt ends well', async () => {
    expect(
      (await compileJq('.meta.total_count # the count'))(DOCUMENT, { compact: true, terminal: false }),
    ).toBe('3\n');
    expect(
      (await compileJq('.meta.total_count, halt, 4'))(DOCUMENT, { compact: true, terminal: false }),
    ).toBe('3\n');
  });

  it('text for a terminal has its control characters escaped', async () => {
    const filter = await compileJq('.x');
    expect(filter({ x: 'a\u001b[2Jb' }, { compact: true, terminal: true })).toBe('a^[[2Jb\n');
    expect(filter({ x: 'a\u001b[2Jb' }, { compact: true, terminal: false })).toBe('a\u001b[2Jb\n');
  });
});

describe('--jq on a terminal with colour, as gh prints it', () => {
  const E = '\u001b';
  const delim = (c: string) => `${E}[1;38m${c}${E}[m`;
  const key = (k: string) => `${E}[1;34m"${k}"${E}[m${delim(':')}`;

  it("strings bare; other values laid out with gh's colours (keys bold blue, strings green, ...)", async () => {
    const filter = await compileJq(
      '.cases[0].title, {t: .cases[0].title, n: 12.5, b: true, z: null, e: [], o: {}}',
    );
    expect(filter(DOCUMENT, { compact: false, terminal: true, color: true })).toBe(
      'Lease renewal\n' +
        `${delim('{')}\n` +
        `  ${key('t')} ${E}[32m"Lease renewal"${E}[m${delim(',')}\n` +
        `  ${key('n')} 12.5${delim(',')}\n` +
        `  ${key('b')} ${E}[33mtrue${E}[m${delim(',')}\n` +
        `  ${key('z')} ${E}[36mnull${E}[m${delim(',')}\n` +
        `  ${key('e')} ${delim('[')}${delim(']')}${delim(',')}\n` +
        `  ${key('o')} ${delim('{')}${delim('}')}\n` +
        `${delim('}')}\n`,
    );
  });

  it('compact (ndjson): a value a line; control characters escaped, never a colour code of the data', async () => {
    const filter = await compileJq('.x, {x}');
    expect(filter({ x: `a${E}[31mb` }, { compact: true, terminal: true, color: true })).toBe(
      `a^[[31mb\n${delim('{')}${key('x')}${E}[32m"a\\u001b[31mb"${E}[m${delim('}')}\n`,
    );
  });

  it('without colour, jq -r as before', async () => {
    const filter = await compileJq('{n: 1}');
    expect(filter({}, { compact: false, terminal: true, color: false })).toBe('{\n  "n": 1\n}\n');
  });
});
