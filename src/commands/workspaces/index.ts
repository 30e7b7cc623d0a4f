/** Registers `wfd workspaces <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples } from '../../cli/options.js';

export function registerWorkspacesCommands(workspaces: Command): void {
  addExamples(workspaces, ['wfd workspaces list']);

  addExamples(
    workspaces
      .command('list')
      .alias('ls')
      .description('List the workspaces the token reaches (one for a personal token)'),
    ['wfd workspaces list', 'wfd workspaces list --json'],
  ).action(lazy(() => import('./list.js')));
}
