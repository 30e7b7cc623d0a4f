/**
 * The command tree as plain data for the generated documentation (docs/commands.md and the man
 * pages, `npm run reference`): what each command's help page says, in the terms of that page, so
 * the two renderers cannot drift from `--help`. Used by the generator and its test, never at run time.
 */
import type { Command, Option } from 'commander';
import { isGlobalOption } from '../../cli/global-commander-options.js';
import { commandPath, examplesOf } from '../../cli/help-page.js';

/** A term of a help list (`--limit <n>`, `<ids...>`) and what it is. */
export interface DocItem {
  term: string;
  description: string;
}

export interface CommandDoc {
  /** `wfd cases list` */
  path: string;
  /** one line: the summary, else the description's first line */
  summary: string;
  /** the description, a paragraph each */
  paragraphs: string[];
  /** `wfd cases list|ls [options]` */
  usage: string;
  arguments: DocItem[];
  options: DocItem[];
  examples: string[];
}

export interface ProgramDoc {
  root: CommandDoc;
  /** every command that runs (the leaves of the tree), in the order of the help pages */
  commands: CommandDoc[];
  /** the options every command takes */
  globals: DocItem[];
}

function leaves(command: Command): Command[] {
  return command.commands.length === 0 ? [command] : command.commands.flatMap(leaves);
}

function describe(command: Command): CommandDoc {
  const help = command.createHelp();
  const path = commandPath(command);
  const paragraphs = command
    .description()
    .split(/\n\s*\n/)
    .map((text) => text.replace(/\s*\n\s*/g, ' ').trim())
    .filter((text) => text.length > 0);
  const optionItem = (option: Option): DocItem => ({
    term: help.optionTerm(option),
    description: help.optionDescription(option),
  });
  return {
    path,
    summary: command.summary() || paragraphs[0] || '',
    paragraphs,
    usage: help.commandUsage(command),
    arguments: help.visibleArguments(command).map((argument) => ({
      term: help.argumentTerm(argument),
      description: help.argumentDescription(argument),
    })),
    options: (command.options as Option[])
      .filter((option) => !isGlobalOption(option) && !option.hidden)
      .map(optionItem),
    examples: [...examplesOf(command)],
  };
}

/** The whole program (built with every noun's subtree) as data. */
export function programDoc(program: Command): ProgramDoc {
  const globals = (program.options as Option[]).filter((option) => isGlobalOption(option));
  const help = program.createHelp();
  return {
    root: describe(program),
    // `wfd help` is a command; the help subcommands commander adds to nouns are not.
    commands: leaves(program)
      .filter((command) => command.name() !== 'help' || command.parent === program)
      .map(describe),
    globals: [
      ...globals.map((option) => ({
        term: help.optionTerm(option),
        description: help.optionDescription(option),
      })),
      { term: '-h, --help', description: 'show help for a command' },
    ],
  };
}
