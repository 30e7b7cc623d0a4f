/**
 * A command line gets the options of the verb it runs only (src/program.ts): the other verbs of
 * its noun stay names with a description, for the noun's page and "did you mean". Help, and a
 * line that names no verb, build the whole noun, so every page lists what it always did.
 */
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';

function verbsOf(words: string[]): Map<string, Command> {
  const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' }, ['node', 'wfd', ...words]);
  const cases = program.commands.find((command) => command.name() === 'cases')!;
  return new Map(cases.commands.map((verb) => [verb.name(), verb]));
}

describe('the program builds the options of the verb a command line runs', () => {
  it('cases get ID: the get verb whole, the other verbs of cases without options', () => {
    const verbs = verbsOf(['--profile', 'p', 'cases', 'view', 'abc', '-o', 'plain']);
    expect(verbs.get('get')!.registeredArguments.map((argument) => argument.name())).toEqual(['id']);
    expect(verbs.get('get')!.options.map((option) => option.long)).toContain('--output');
    expect(verbs.get('list')!.options).toEqual([]);
    expect(verbs.get('archive')!.registeredArguments).toEqual([]);
    expect([...verbs.keys()]).toContain('update-data');
  });

  for (const words of [['cases', 'get', '--help'], ['cases', '-h', 'get'], ['cases', 'lst'], ['cases']]) {
    it(`wfd ${words.join(' ')}: every verb of cases with its options`, () => {
      const verbs = verbsOf(words);
      expect(verbs.get('list')!.options.map((option) => option.long)).toContain('--parent-status');
      expect(verbs.get('get')!.registeredArguments).toHaveLength(1);
    });
  }
});
