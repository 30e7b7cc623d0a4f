/** Every noun of wfd, registered in the order `wfd --help` lists them. */
import type { Command } from 'commander';
import { registerAuthCommands } from './auth/index.js';
import { registerCaseTemplatesCommands } from './case-templates/index.js';
import { registerCasesCommands } from './cases/index.js';
import { registerCompletionCommand } from './completion/index.js';
import { registerHelpCommand } from './help/index.js';
import { registerSandboxCommands } from './sandbox/index.js';
import { registerWorkspacesCommands } from './workspaces/index.js';

export function registerCommands(program: Command): void {
  registerAuthCommands(program);
  registerWorkspacesCommands(program);
  registerCasesCommands(program);
  registerCaseTemplatesCommands(program);
  registerSandboxCommands(program);
  registerCompletionCommand(program);
  registerHelpCommand(program);
}
