/**
 * One layout for every help page, as gh's: usage, description, commands, help topics,
 * arguments, the command's own options, examples, then the options every command inherits,
 * then where to learn more. Commands declare their examples and pointers here; the program
 * installs `formatHelp` once (src/program.ts), so no page is laid out by hand. Loaded on every
 * start: commander types only.
 */
import type { Command, Help } from 'commander';
import { exampleLines } from './example-lines.js';

/** The help group of the options every command takes (src/global-options.ts, and -h). */
export const GLOBAL_GROUP = 'Global options:';

/** A line of a help list: a term and what it is. */
export type HelpItem = readonly [term: string, description: string];

interface PageExtras {
  examples: string[];
  topics: HelpItem[];
  learnMore: HelpItem[];
}

// Kept beside the commands rather than in addHelpText, so that formatHelp places them.
const EXTRAS = new WeakMap<Command, PageExtras>();

function extrasOf(command: Command): PageExtras {
  let extras = EXTRAS.get(command);
  if (!extras) {
    extras = { examples: [], topics: [], learnMore: [] };
    EXTRAS.set(command, extras);
  }
  return extras;
}

/** Adds command lines (without `$ `) to the Examples section of a command's help. */
export function addExamples(command: Command, examples: readonly string[]): Command {
  extrasOf(command).examples.push(...examples);
  return command;
}

/** The examples of a command (for the generated docs/commands.md and man pages). */
export function examplesOf(command: Command): readonly string[] {
  return EXTRAS.get(command)?.examples ?? [];
}

/** Adds pointers (`wfd help filters`, what it tells) to the Learn more section. */
export function addLearnMore(command: Command, items: readonly HelpItem[]): Command {
  extrasOf(command).learnMore.push(...items);
  return command;
}

/** Lists help topics (`wfd help <topic>`) on a command's page, after its commands. */
export function addHelpTopics(command: Command, topics: readonly HelpItem[]): Command {
  extrasOf(command).topics.push(...topics);
  return command;
}

/** `wfd cases list`: the command's path from the root. */
export function commandPath(command: Command): string {
  const words: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/**
 * `list|ls`: a command as its parent's page lists it, as gh does, without its arguments: the
 * root page then reads the same whether the nouns' subtrees were built or not (src/program.ts).
 */
function subcommandTerm(command: Command): string {
  return [command.name(), ...command.aliases()].join('|');
}

/** commander's `formatHelp`, replaced: the sections in the order of the module comment. */
export function formatHelp(cmd: Command, helper: Help): string {
  const extras = extrasOf(cmd);
  const options = helper.visibleOptions(cmd);
  const optionItems = (inherited: boolean): HelpItem[] =>
    options
      .filter((option) => (option.helpGroupHeading === GLOBAL_GROUP) === inherited)
      .map((option) => [helper.optionTerm(option), helper.optionDescription(option)]);
  const commands = helper.visibleCommands(cmd);
  const learnMore: HelpItem[] = [...extras.learnMore];
  if (commands.length > 0) {
    learnMore.push([`${commandPath(cmd)} <command> --help`, 'the options and examples of a command']);
  }
  const lists: [title: string, items: readonly HelpItem[]][] = [
    ['Commands:', commands.map((sub) => [subcommandTerm(sub), helper.subcommandDescription(sub)])],
    ['Help topics:', extras.topics],
    [
      'Arguments:',
      helper
        .visibleArguments(cmd)
        .map((argument) => [helper.argumentTerm(argument), helper.argumentDescription(argument)]),
    ],
    ['Options:', optionItems(false)],
    [GLOBAL_GROUP, optionItems(true)],
    ['Learn more:', learnMore],
  ];
  // One width for every list of the page, so their descriptions line up.
  const width = Math.max(0, ...lists.flatMap(([, items]) => items.map(([term]) => term.length)));
  const list = (title: string): string[] => {
    const items = lists.find(([heading]) => heading === title)![1];
    return items.length === 0
      ? []
      : [[title, ...items.map(([term, text]) => helper.formatItem(term, width, text, helper))].join('\n')];
  };
  const helpWidth = helper.helpWidth ?? 80;
  const description = helper.commandDescription(cmd);
  const sections = [
    `Usage: ${helper.commandUsage(cmd)}`,
    ...(description ? [helper.boxWrap(description, helpWidth)] : []),
    ...list('Commands:'),
    ...list('Help topics:'),
    ...list('Arguments:'),
    ...list('Options:'),
    // Broken, if at all, so that it still pastes into a shell (example-lines.ts).
    ...(extras.examples.length > 0
      ? [['Examples:', ...extras.examples.flatMap((line) => exampleLines(line, helpWidth))].join('\n')]
      : []),
    ...list(GLOBAL_GROUP),
    ...list('Learn more:'),
  ];
  return `${sections.join('\n\n')}\n`;
}
