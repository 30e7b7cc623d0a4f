/** Registers `wfd completion <shell>`. */
import { Argument, type Command, Option } from 'commander';
import { lazy } from '../../cli/action.js';
import { completeWith } from '../../cli/completion-values.js';
import { addExamples } from '../../cli/options.js';
import { SHELLS } from './shells.js';

export function registerCompletionCommand(completion: Command): void {
  addExamples(
    completion
      // Optional for commander, so that --profiles runs alone; the verb asks for it otherwise.
      .usage('[options] <shell>')
      .addArgument(completeWith(new Argument('[shell]', 'bash, zsh or fish'), SHELLS))
      .addOption(
        new Option('--profiles', 'print the saved profile names, one a line (the scripts complete them so)'),
      )
      .addOption(
        new Option(
          '--statuses',
          'print the case status values in use (one request), then the parent statuses, one a line',
        ),
      ),
    [
      'wfd completion bash > /etc/bash_completion.d/wfd',
      `wfd completion zsh > "\${fpath[1]}/_wfd"`,
      'wfd completion fish > ~/.config/fish/completions/wfd.fish',
    ],
  ).action(lazy(() => import('./print.js')));
}
