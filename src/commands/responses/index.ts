/** Registers `wfd responses <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples } from '../../cli/options.js';

export function registerResponsesCommands(responses: Command): void {
  addExamples(
    responses
      .command('get')
      .alias('view')
      .description('Show a response: its answers, attachments and signatures')
      .argument('<id>', 'response id (UUID; see `wfd forms get <form-id>`)'),
    ['wfd responses get 9a1c2e4f-...', "wfd responses get 9a1c... --json --query 'answers'"],
  ).action(lazy(() => import('./get.js')));
}
