/** Registers `wfd workspaces <verb>`. */
import type { Command } from 'commander';
import { lazy } from '../action.js';

export function registerWorkspacesCommands(program: Command): void {
  program
    .command('workspaces')
    .description('Workspaces your token reaches')
    .command('list')
    .alias('ls')
    .description('List the workspaces the token reaches (one for a personal token)')
    .addHelpText('after', `\nExamples:\n  $ wfd workspaces list --json`)
    .action(lazy(() => import('./list.js')));
}
