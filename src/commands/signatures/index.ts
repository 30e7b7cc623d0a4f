/** Registers `wfd signatures <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples } from '../../cli/options.js';

const ID = 'signature id (UUID; see `wfd responses get <id>`)';

export function registerSignaturesCommands(signatures: Command): void {
  addExamples(
    signatures.command('get').alias('view').description("Show a signature's metadata").argument('<id>', ID),
    ['wfd signatures get 3d5e7f90-...', 'wfd signatures get 3d5e... --json'],
  ).action(lazy(() => import('./get.js')));

  addExamples(
    signatures
      .command('download')
      .description('Save the signed file (PDF); written whole or not at all')
      .argument('<id>', ID)
      .requiredOption('-O, --output-file <file>', 'where to save it, or - for stdout (not a terminal)'),
    ['wfd signatures download 3d5e... -O signed.pdf', 'wfd signatures download 3d5e... -O - | lp'],
  ).action(lazy(() => import('./download.js')));
}
