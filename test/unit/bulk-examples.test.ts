/**
 * Recipes act on everything they claim: a list stops at 30 rows unless told otherwise, so an
 * example that feeds a list's ids to another command (`-q | wfd cases archive -`, `-q > old.txt`)
 * says how many it means: `--all`, or an explicit `--limit`. Help pages, README and docs/ alike.
 */

import { readdirSync, readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { examplesOf } from '../../src/cli/help-page.js';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';
import { shellBlocks } from '../support/markdown-commands.js';

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

/** Each example with where it comes from. */
function examples(): [where: string, line: string][] {
  const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });
  const help = everyCommand(program).flatMap((command) =>
    examplesOf(command).map((line): [string, string] => [`\`${command.name()} --help\``, line]),
  );
  const pages = ['README.md', ...readdirSync('docs').map((name) => `docs/${name}`)].filter((p) =>
    p.endsWith('.md'),
  );
  const markdown = pages.flatMap((page) =>
    shellBlocks(readFileSync(page, 'utf8')).flatMap((block) =>
      block.commands.map((command): [string, string] => [`${page}:${command.line}`, command.text]),
    ),
  );
  return [...help, ...markdown];
}

/** The `wfd <noun> list` parts of a line whose output goes on: piped to a command, or saved to a file. */
function listsFeedingIds(line: string): string[] {
  const parts = line.split(/\|(?!\|)/).map((part) => part.trim());
  return parts
    .filter(
      (part, i) =>
        /\bwfd( --?\S+( [^-\s]\S*)?)* [a-z-]+ (list|ls)\b/.test(part) &&
        (i < parts.length - 1 || / > ?\S/.test(part)),
    )
    .filter((part) => /(^| )(-q|--quiet)\b/.test(part))
    .map((part) => part.replace(/\s+#.*$/, ''));
}

const SAYS_HOW_MANY = /(^| )(--all|--limit[ =]\d+|-L ?\d+)\b/;

describe('examples that feed a list into another command', () => {
  const found = examples().flatMap(([where, line]) =>
    listsFeedingIds(line).map((list) => ({ where, line, list })),
  );

  it('are found in help pages and in the README (the test looks where the recipes are)', () => {
    const places = found.map(({ where }) => where);
    expect(places).toEqual(
      expect.arrayContaining([
        '`list --help`',
        '`archive --help`',
        '`unarchive --help`',
        expect.stringMatching(/^README\.md:/),
      ]),
    );
    expect(found.length).toBeGreaterThanOrEqual(6);
  });

  it('say how many they mean: --all or --limit N (a list stops at 30)', () => {
    const vague = found
      .filter(({ list }) => !SAYS_HOW_MANY.test(list))
      .map(({ where, line }) => `${where}: ${line}`);
    expect(vague).toEqual([]);
  });
});
