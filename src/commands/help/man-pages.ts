/**
 * The man pages, generated from the command tree as docs/commands.md is: `wfd.1`, then one page
 * per command named by its path (`wfd-cases-list.1`, for `man wfd-cases-list`). They ship in the
 * package's man/ folder, which npm links into the man path on a global install. `npm run
 * reference` writes them; test/unit/reference.test.ts keeps them current.
 */
import type { Command } from 'commander';
import { type CommandDoc, type DocItem, programDoc } from './command-docs.js';
import { HELP_TOPIC_NAMES } from './topics.js';

/** Where the pages live, from the repository's root (package.json's `directories.man`). */
export const MAN_DIR = 'man';

/** Text as roff prints it literally: backslashes and hyphen-minus escaped, no line read as a request. */
function roff(text: string): string {
  return text.replace(/\\/g, '\\e').replace(/-/g, '\\-').replace(/^[.']/gm, '\\&$&');
}

/** `wfd cases list` -> `wfd-cases-list`, the page's name. */
function manPageName(path: string): string {
  return path.replace(/ /g, '-');
}

function header(name: string, summary: string): string[] {
  return [
    `.TH "${roff(name.toUpperCase())}" "1" "" "wfd" "wfd manual"`,
    '.SH NAME',
    `${roff(name)} \\- ${roff(summary)}`,
  ];
}

function items(title: string, list: readonly DocItem[]): string[] {
  if (list.length === 0) return [];
  return [
    `.SH ${title}`,
    ...list.flatMap((item) => ['.TP', `\\fB${roff(item.term)}\\fR`, roff(item.description)]),
  ];
}

function examples(list: readonly string[]): string[] {
  if (list.length === 0) return [];
  return ['.SH EXAMPLES', '.PP', '.nf', '.RS 4', ...list.map((line) => roff(`$ ${line}`)), '.RE', '.fi'];
}

function description(command: CommandDoc): string[] {
  if (command.paragraphs.length === 0) return [];
  return [
    '.SH DESCRIPTION',
    ...command.paragraphs.flatMap((text, i) => [...(i > 0 ? ['.PP'] : []), roff(text)]),
  ];
}

function commandPage(command: CommandDoc): string[] {
  return [
    ...header(manPageName(command.path), command.summary),
    '.SH SYNOPSIS',
    `\\fB${roff(command.usage)}\\fR`,
    ...description(command),
    ...items('ARGUMENTS', command.arguments),
    ...items('OPTIONS', command.options),
    ...examples(command.examples),
    '.SH SEE ALSO',
    `\\fBwfd\\fR(1) for the options every command takes; \\fB${roff(`${command.path} --help`)}\\fR.`,
  ];
}

function rootPage(program: Command): string[] {
  const doc = programDoc(program);
  return [
    ...header('wfd', doc.root.summary),
    '.SH SYNOPSIS',
    `\\fB${roff(doc.root.usage)}\\fR`,
    ...description(doc.root),
    '.SH COMMANDS',
    ...doc.commands.flatMap((command) => [
      '.TP',
      `\\fB${roff(command.path)}\\fR (${roff(manPageName(command.path))}(1))`,
      roff(command.summary),
    ]),
    ...items('GLOBAL OPTIONS', doc.globals),
    ...examples(doc.root.examples),
    '.SH SEE ALSO',
    `\\fB${roff('wfd help <topic>')}\\fR for the topics: ${roff(HELP_TOPIC_NAMES.join(', '))}.`,
  ];
}

/** Every page: file name (`wfd-cases-list.1`) to its roff source. */
export function manPages(program: Command): Map<string, string> {
  const page = (lines: string[]) => `${lines.join('\n')}\n`;
  const pages = new Map([['wfd.1', page(rootPage(program))]]);
  for (const command of programDoc(program).commands) {
    pages.set(`${manPageName(command.path)}.1`, page(commandPage(command)));
  }
  return pages;
}

/** package.json's `man`: the pages' paths from the package root, as npm links them. */
export function packageManEntries(pages: ReadonlyMap<string, string>): string[] {
  return [...pages.keys()].map((name) => `${MAN_DIR}/${name}`);
}
