/** Registers `wfd completion <shell>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { addExamples, addVerbFlags } from '../../cli/options.js';
import { COMPLETION } from './flags.js';

export function registerCompletionCommand(completion: Command): void {
  addExamples(addVerbFlags(completion.usage('[options] <shell>'), COMPLETION), [
    'source <(wfd completion bash)    # this shell; in ~/.bashrc, every new one',
    'wfd completion bash > /etc/bash_completion.d/wfd',
    `wfd completion zsh > "\${fpath[1]}/_wfd"`,
    'wfd completion fish > ~/.config/fish/completions/wfd.fish',
    "Add-Content $PROFILE 'wfd completion powershell | Out-String | Invoke-Expression'   # PowerShell",
  ]).action(lazy(() => import('./print.js')));
}
