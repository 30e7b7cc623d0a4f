/**
 * Shell completion scripts generated from the commander tree, so they never drift from the
 * commands. `completions/` holds the committed output (test/unit/completions.test.ts keeps it in
 * step); `wfd completion <shell>` prints it.
 */
import type { Command } from 'commander';
import { verbLoaderOf } from '../../cli/action.js';
import { BASH } from './bash.js';
import { FISH } from './fish.js';
import { POWERSHELL } from './powershell.js';
import { renderScript } from './script.js';
import type { Shell } from './shells.js';
import { commandNodes, type FieldsByCommand } from './tree.js';
import { ZSH } from './zsh.js';

const SCRIPTS = { bash: BASH, zsh: ZSH, fish: FISH, powershell: POWERSHELL } as const;

/** The script of `shell` for the whole tree of `program`; `fields` from `verbFields(program)`. */
export function generateCompletion(program: Command, shell: Shell, fields?: FieldsByCommand): string {
  return renderScript(SCRIPTS[shell], commandNodes(program, fields));
}

/**
 * The fields each command's `--fields` takes, read from its verb module (loaded for this only:
 * completion scripts are generated once, not on every start).
 */
export async function verbFields(program: Command): Promise<FieldsByCommand> {
  const found = new Map<Command, readonly string[]>();
  const visit = async (command: Command): Promise<void> => {
    const load = verbLoaderOf(command);
    if (load) {
      const { fields } = (await load()).verb;
      if (fields?.length) found.set(command, fields);
    }
    for (const sub of command.commands) await visit(sub);
  };
  await visit(program);
  return found;
}
