/** Registers `wfd completion <shell>`. */
import type { Command } from 'commander';
import { lazy } from '../action.js';

export function registerCompletionCommand(program: Command): void {
  program
    .command('completion')
    .description('Print a shell completion script: bash, zsh or fish')
    .argument('<shell>', 'bash, zsh or fish')
    .addHelpText(
      'after',
      `
Examples:
  $ wfd completion bash > /etc/bash_completion.d/wfd
  $ wfd completion zsh > "\${fpath[1]}/_wfd"
  $ wfd completion fish > ~/.config/fish/completions/wfd.fish`,
    )
    .action(lazy(() => import('./print.js')));
}
