/** Runs a `!` alias: its line through the shell, as gh does, with the command line's arguments. */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { shellInvocation } from '../core/process/platform.js';

/**
 * The line through the system's shell (shellInvocation: the arguments are $1.. on POSIX,
 * appended to the line on Windows). Resolves with the shell's exit code (128 + the signal's
 * number when a signal ended it).
 */
export function runShellAlias(
  line: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const shell = shellInvocation(line, args, env);
  const child = spawn(shell.file, shell.args, {
    env,
    stdio: 'inherit',
    windowsVerbatimArguments: shell.windowsVerbatimArguments,
  });
  return new Promise((resolve) => {
    child.once('error', () => resolve(127));
    child.once('close', (code, signal) => {
      resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}
