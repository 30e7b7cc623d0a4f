/** `wfd help [topic | command...]`: the help topics of DESIGN.md, or a command's help. */
import { Argument, type Command } from 'commander';
import { lazy } from '../action.js';
import { completeWith } from '../completion-values.js';
import { addExamples, addHelpTopics, type HelpItem } from './page.js';

/** The topics of `wfd help <topic>`, as listed on the root page and the help command's. */
export const HELP_TOPICS: readonly HelpItem[] = [
  ['filters', 'filter flags, --where, --filter, sorting and paging'],
  ['formats', 'output formats, --fields, --query and -q'],
  ['exit-codes', 'what each exit code means, for scripts'],
  ['environment', 'environment variables and how credentials are chosen'],
];

export const HELP_TOPIC_NAMES: readonly string[] = HELP_TOPICS.map(([name]) => name);

export function registerHelpCommand(help: Command): void {
  const topic = new Argument('[topic...]', 'a topic, or a command such as "cases list"');
  addHelpTopics(
    help.addArgument(completeWith(topic, { kind: 'commands', values: HELP_TOPICS })),
    HELP_TOPICS,
  );
  addExamples(help, ['wfd help', 'wfd help filters', 'wfd help cases list']).action(
    lazy(() => import('./topic.js')),
  );
}
