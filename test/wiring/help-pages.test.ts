import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commandPath } from '../../src/cli/help-page.js';
import { NOUN_NAMES } from '../../src/commands/index.js';
import { run } from '../../src/main.js';
import { createMemoryIO } from '../../src/output/memory-io.js';
import { buildProgram } from '../../src/program.js';

// The whole tree, as `wfd help` and the completion scripts see it.
const program = buildProgram({ io: createMemoryIO().io, env: {}, version: '0' });

function walk(command: Command): Command[] {
  return [command, ...command.commands.flatMap(walk)];
}
const COMMANDS = walk(program);
const LEAVES = COMMANDS.filter((command) => command.commands.length === 0);

/** The sections of every page, in this order (gh's layout, the inherited options last). */
const ORDER = [
  'Usage:',
  'description',
  'Commands:',
  'Help topics:',
  'Arguments:',
  'Options:',
  'Examples:',
  'Global options:',
  'Learn more:',
];

/** The terms of a section's items (continuation lines of wrapped descriptions left out). */
function terms(lines: readonly string[]): string[] {
  return lines.filter((line) => /^ {2}\S/.test(line)).map((line) => line.trim().split(' ')[0]!);
}

/** A page's sections by heading, in order: blocks between blank lines; untitled ones are the description. */
function sectionsOf(page: string): { heading: string; lines: string[] }[] {
  const sections: { heading: string; lines: string[] }[] = [];
  for (const block of page.trimEnd().split('\n\n')) {
    const [first, ...rest] = block.split('\n');
    const heading = first!.startsWith('Usage: ')
      ? 'Usage:'
      : /^[A-Z][a-z ]+:$/.test(first!)
        ? first!
        : 'description';
    // A description of several paragraphs is one section.
    if (heading === 'description' && sections.at(-1)?.heading === 'description') continue;
    sections.push({ heading, lines: rest });
  }
  return sections;
}

async function wfd(...args: string[]) {
  const memory = createMemoryIO();
  const code = await run(['node', 'wfd', ...args], { io: memory.io, env: {} });
  return { code, stdout: memory.stdout(), stderr: memory.stderr() };
}

describe('every help page has one layout', () => {
  it.each(COMMANDS.map((command) => [commandPath(command), command] as const))('%s', (path, command) => {
    const sections = sectionsOf(command.helpInformation());
    const headings = sections.map((section) => section.heading);
    expect(
      headings.every((heading) => ORDER.includes(heading)),
      headings.join(' '),
    ).toBe(true);
    const positions = headings.map((heading) => ORDER.indexOf(heading));
    expect(positions, headings.join(' ')).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(headings).size).toBe(headings.length);
    expect(command.helpInformation()).toMatch(new RegExp(`^Usage: ${path}[ |]`));
    expect(headings[1]).toBe('description');
    // The options every command takes come after everything that is the command's own.
    expect(headings.at(-1) === 'Global options:' || headings.at(-2) === 'Global options:').toBe(true);
    // An example is a command line, a note before it, or the continuation of a broken one.
    const examples = sections.find((section) => section.heading === 'Examples:')?.lines ?? [];
    examples.forEach((line, i) => {
      if (i > 0 && examples[i - 1]!.endsWith(' \\')) expect(line).toMatch(/^ {6}\S/);
      else expect(line).toMatch(/^ {2}[$#] \S/);
    });
    // At the width of the terminal (80 here), as a person reads it.
    const wide = command
      .helpInformation()
      .split('\n')
      .filter((line) => line.length > 80);
    expect(wide).toEqual([]);
  });

  it.each(LEAVES.map((command) => [commandPath(command), command] as const))(
    '%s has examples, its own options before the global ones',
    (_path, command) => {
      const sections = sectionsOf(command.helpInformation());
      const headings = sections.map((section) => section.heading);
      expect(sections.find((section) => section.heading === 'Examples:')?.lines.length).toBeGreaterThan(0);
      expect(headings).toContain('Global options:');
      const globals = sections.find((section) => section.heading === 'Global options:')!.lines.join('\n');
      expect(globals).toContain('--debug');
      expect(globals).toContain('-h, --help');
      const own = sections.find((section) => section.heading === 'Options:')?.lines.join('\n') ?? '';
      expect(own).not.toContain('--debug');
      expect(own).not.toContain('--help');
    },
  );

  it.each(COMMANDS.map((command) => [commandPath(command).split(' ').slice(1)] as const))(
    '`wfd %j --help` prints the page and nothing besides',
    async (words) => {
      let command = program;
      for (const word of words) command = command.commands.find((c) => c.name() === word)!;
      const { code, stdout, stderr } = await wfd(...words, '--help');
      expect(code).toBe(0);
      expect(stderr).toBe('');
      expect(stdout).toBe(command.helpInformation());
    },
  );

  it('lays a noun page out exactly so', async () => {
    const { stdout } = await wfd('case-templates', '--help');
    expect(stdout).toBe(`Usage: wfd case-templates [options] [command]

List case templates

Commands:
  list|ls                              List case templates
  help                                 Show help for a command

Examples:
  $ wfd case-templates list

Global options:
  -h, --help                           show help for a command

Learn more:
  wfd case-templates <command> --help  the options and examples of a command
`);
  });
});

describe('the root page and `wfd help`', () => {
  it('`wfd --help` lists every noun, then the help topics', async () => {
    const { stdout } = await wfd('--help');
    const sections = sectionsOf(stdout);
    const commands = sections.find((section) => section.heading === 'Commands:')!.lines;
    expect(terms(commands)).toEqual([...NOUN_NAMES]);
    const topics = sections.find((section) => section.heading === 'Help topics:')!.lines;
    expect(terms(topics)).toEqual(['filters', 'formats', 'exit-codes', 'environment']);
  });

  it('`wfd help` alone prints the same page: the commands and the topics', async () => {
    const help = await wfd('help');
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await wfd('--help')).stdout);
  });

  it('`wfd help cases list` is the page of `wfd cases list --help`', async () => {
    expect((await wfd('help', 'cases', 'list')).stdout).toBe((await wfd('cases', 'list', '--help')).stdout);
  });

  it.each([
    [['filter'], 'no help topic or command "filter"', 'did you mean `wfd help filters`?'],
    [['exit-code'], 'no help topic or command "exit-code"', 'did you mean `wfd help exit-codes`?'],
    [['casse'], 'no help topic or command "casse"', 'did you mean `wfd help cases`?'],
    [['cases', 'lsit'], 'no help topic or command "cases lsit"', 'did you mean `wfd help cases list`?'],
    [
      ['nope'],
      'no help topic or command "nope"',
      'topics: filters, formats, exit-codes, environment; or a command, as in `wfd help cases list`',
    ],
  ])('`wfd help %j` suggests what it may have meant', async (words, error, hint) => {
    const { code, stdout, stderr } = await wfd('help', ...words);
    expect(stderr).toBe(`error: ${error}\nhint: ${hint}\n`);
    expect(code).toBe(2);
    expect(stdout).toBe('');
  });
});

describe('help topics fit the terminal', () => {
  async function topic(name: string, columns: number) {
    const memory = createMemoryIO({ columns, stdoutTTY: true });
    expect(await run(['node', 'wfd', 'help', name], { io: memory.io, env: {} })).toBe(0);
    return memory.stdout();
  }
  /** The words of a text, line breaks and the examples' shell continuations left out. */
  const words = (text: string) => text.replace(/ \\\n/g, ' ').split(/\s+/).filter(Boolean);

  it.each(['filters', 'formats', 'exit-codes', 'environment'])(
    '%s at 80 columns: no line wider, no word cut',
    async (name) => {
      const narrow = await topic(name, 80);
      const wide = await topic(name, 400);
      expect(narrow.split('\n').filter((line) => line.length > 80)).toEqual([]);
      expect(words(narrow)).toEqual(words(wide));
    },
  );
});
