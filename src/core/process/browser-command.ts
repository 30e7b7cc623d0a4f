/** The config's `browser` setting: a command line that opens a URL, as gh's `browser` and BROWSER. */
import { spawn } from 'node:child_process';
import { shellInvocation } from './platform.js';

/**
 * Runs `command` through the shell (Windows: cmd) with `url` as its last argument, and returns
 * once it started: a browser keeps running after the page opened.
 */
export function runBrowserCommand(command: string, url: string, env: NodeJS.ProcessEnv): Promise<void> {
  // POSIX: the URL is the shell's $1, never parsed as shell text; cmd appends it to the line.
  const line = process.platform === 'win32' ? command : `${command} "$1"`;
  const shell = shellInvocation(line, [url], env);
  const child = spawn(shell.file, shell.args, {
    env,
    stdio: 'ignore',
    detached: true,
    windowsVerbatimArguments: shell.windowsVerbatimArguments,
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
