/** Registers `wfd responses <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addVerbFlags } from '../../cli/options.js';
import { GET_RESPONSE } from './flags.js';

export function registerResponsesCommands(responses: Command): void {
  addExamples(
    addVerbFlags(
      responses
        .command('get')
        .alias('view')
        .description('Show a response: its answers, attachments and signatures'),
      GET_RESPONSE,
    ),
    ['wfd responses get 9a1c2e4f-...', "wfd responses get 9a1c... --json --query 'answers'"],
  ).action(lazy(() => import('./get.js')));
}
