/** Registers `wfd version` (as `wfd --version`, `-V` and `-v`). */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples } from '../../cli/options.js';

export function registerVersionCommand(version: Command): void {
  addExamples(version, ['wfd version', 'wfd --version']).action(lazy(() => import('./print.js')));
}
