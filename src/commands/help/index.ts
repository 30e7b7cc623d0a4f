/** `wfd help [topic | command...]`: the help topics of DESIGN.md, or a command's help. */
import { Argument, type Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { completeWith } from '../../cli/completion-values.js';
import { addExamples, addHelpTopics } from '../../cli/help-page.js';
import { HELP_TOPICS } from './topics.js';

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
