/** Runs a `!` alias: its line through the shell, as gh does, with the command line's arguments. */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/**
 * POSIX: `sh -c LINE -- ARGS...`, so the line reads the arguments as $1.. (as gh). Windows: cmd,
 * which has no $1: the arguments are appended to the line, each in double quotes. Resolves with
 * the shell's exit code (128 + the signal's number when a signal ended it).
 */
export function runShellAlias(
  line: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const windows = process.platform === 'win32';
  const child = windows
    ? spawn(
        env.ComSpec ?? 'cmd.exe',
        ['/d', '/s', '/c', `"${[line, ...args.map((arg) => `"${arg}"`)].join(' ')}"`],
        {
          env,
          stdio: 'inherit',
          windowsVerbatimArguments: true,
        },
      )
    : spawn('/bin/sh', ['-c', line, '--', ...args], { env, stdio: 'inherit' });
  return new Promise((resolve) => {
    child.once('error', () => resolve(127));
    child.once('close', (code, signal) => {
      resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}
