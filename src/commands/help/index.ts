/** `wfd help [topic | command...]`: the help topics (filters, formats, exit codes, environment), or a command's help. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addHelpTopics } from '../../cli/help-page.js';
import { addVerbFlags } from '../../cli/options.js';
import { HELP } from './flags.js';
import { HELP_TOPICS } from './topics.js';

export function registerHelpCommand(help: Command): void {
  addHelpTopics(addVerbFlags(help, HELP), HELP_TOPICS);
  addExamples(help, ['wfd help', 'wfd help filters', 'wfd help cases list']).action(
    lazy(() => import('./topic.js')),
  );
}
