/** Registers `wfd signatures <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addVerbFlags } from '../../cli/options.js';
import { DOWNLOAD_SIGNATURE, GET_SIGNATURE } from './flags.js';

export function registerSignaturesCommands(signatures: Command): void {
  addExamples(
    addVerbFlags(
      signatures.command('get').alias('view').description("Show a signature's metadata"),
      GET_SIGNATURE,
    ),
    ['wfd signatures get 3d5e7f90-...', 'wfd signatures get 3d5e... --json'],
  ).action(lazy(() => import('./get.js')));

  addExamples(
    addVerbFlags(
      signatures.command('download').description('Save the signed file (PDF); written whole or not at all'),
      DOWNLOAD_SIGNATURE,
    ),
    ['wfd signatures download 3d5e... -O signed.pdf', 'wfd signatures download 3d5e... -O - | lp'],
  ).action(lazy(() => import('./download.js')));
}
