/** `wfd help [topic | command...]`: the help topics of DESIGN.md, or a command's help. */
import type { Command } from 'commander';
import { lazy } from '../action.js';

export const HELP_TOPICS = ['filters', 'formats', 'exit-codes', 'environment'] as const;

export function registerHelpCommand(program: Command): void {
  program.helpCommand(false);
  program
    .command('help')
    .description(`Show help for a command, or a topic: ${HELP_TOPICS.join(', ')}`)
    .argument('[topic...]', 'a topic, or a command such as "cases list"')
    .action(lazy(() => import('./topic.js')));
}
