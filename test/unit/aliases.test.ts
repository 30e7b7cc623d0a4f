import { describe, expect, it } from 'vitest';
import { commandWordsOf, expandAlias, splitWords } from '../../src/cli/alias-expansion.js';
import { aliasLines, checkAlias, parseAliasFile } from '../../src/commands/alias/aliases.js';
import { NOUN_NAMES } from '../../src/commands/index.js';
import { expectUsage } from '../support/expect-usage.js';

describe('alias expansion', () => {
  it('splits an expansion into words as a shell does, without expanding', () => {
    expect(splitWords(`cases list --where 'title ilike %a b%' --owner "$1" x\\ y ""`)).toEqual([
      'cases',
      'list',
      '--where',
      'title ilike %a b%',
      '--owner',
      '$1',
      'x y',
      '',
    ]);
    expectUsage(() => splitWords("cases list --where 'open"), `unclosed ' in "cases list --where 'open"`);
  });

  it('puts each argument whole where its $N stands, and appends the arguments no placeholder took', () => {
    expect(
      expandAlias('waiting', 'cases list --waiting-for owner --owner $1', ['ana@example.com', '-L', '5']),
    ).toEqual({
      kind: 'command',
      words: ['cases', 'list', '--waiting-for', 'owner', '--owner', 'ana@example.com', '-L', '5'],
    });
    expect(expandAlias('t', "cases list --where 'title = $2' --owner $1", ['a@b.co', 'two words'])).toEqual({
      kind: 'command',
      words: ['cases', 'list', '--where', 'title = two words', '--owner', 'a@b.co'],
    });
    expect(expandAlias('all', 'cases list --all', ['-o', 'json'])).toEqual({
      kind: 'command',
      words: ['cases', 'list', '--all', '-o', 'json'],
    });
  });

  it('a missing argument is a usage error; a ! alias is a shell line with its arguments apart', () => {
    expectUsage(
      () => expandAlias('waiting', 'cases list --owner $1', []),
      'the alias waiting needs 1 argument: it expands to `cases list --owner $1`',
    );
    expect(expandAlias('n', '!wfd cases count | tr -d x', ['a b'])).toEqual({
      kind: 'shell',
      line: 'wfd cases count | tr -d x',
      args: ['a b'],
    });
    expect(commandWordsOf('cases list --owner $1')).toEqual(['cases', 'list']);
  });
});

describe('alias rules and files', () => {
  it('an alias cannot shadow a command, and a command alias starts with one', () => {
    expectUsage(
      () => checkAlias('cases', 'cases list', NOUN_NAMES),
      '"cases" is a command of wfd: an alias cannot shadow it',
    );
    expectUsage(
      () => checkAlias('x', 'ls -l', NOUN_NAMES),
      'the expansion of x must start with a command of wfd, not "ls"',
    );
    expectUsage(
      () => checkAlias('a b', 'cases list', NOUN_NAMES),
      `invalid alias name "a b": letters, digits, '.', '_' and '-', up to 64`,
    );
    expect(() => checkAlias('n', '!ls | wc -l', NOUN_NAMES)).not.toThrow();
  });

  it('list prints name: expansion lines that import reads back', () => {
    const aliases = {
      waiting: 'cases list --waiting-for owner --owner $1',
      n: `!wfd cases count --parent-status "$1" # it's`,
      colon: 'cases list --where title: x',
    };
    const text = aliasLines(aliases);
    expect(text).toBe(
      [
        "colon: 'cases list --where title: x'",
        `n: '!wfd cases count --parent-status "$1" # it''s'`,
        'waiting: cases list --waiting-for owner --owner $1',
        '',
      ].join('\n'),
    );
    expect(parseAliasFile(text, 'f')).toEqual(aliases);
  });

  it('import reads comments, quoted values and JSON; a malformed line names its place', () => {
    expect(
      parseAliasFile('# mine\n\nco: "cases list \\"x\\""\nw: cases list # plain comment\n', 'f'),
    ).toEqual({
      co: 'cases list "x"',
      w: 'cases list',
    });
    expect(parseAliasFile('{"w": "cases list"}', '-')).toEqual({ w: 'cases list' });
    expectUsage(
      () => parseAliasFile('w cases list\n', 'aliases.yml'),
      'aliases.yml, line 1: expected `name: expansion`',
    );
  });
});
