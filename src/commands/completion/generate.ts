/**
 * Shell completion scripts generated from the commander tree, so they never drift from the
 * commands. `completions/` holds the committed output (test/unit/completions.test.ts keeps it in
 * step); `wfd completion <shell>` prints it.
 */
import type { Command } from 'commander';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import type { Shell } from './shells.js';
import { commandNodes } from './tree.js';
import { zshScript } from './zsh.js';

const SCRIPTS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

export function generateCompletion(program: Command, shell: Shell): string {
  return SCRIPTS[shell](commandNodes(program));
}
