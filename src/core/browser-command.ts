/** The config's `browser` setting: a command line that opens a URL, as gh's `browser` and BROWSER. */
import { spawn } from 'node:child_process';

/**
 * Runs `command` through the shell (Windows: cmd) with `url` as its last argument, and returns
 * once it started: a browser keeps running after the page opened.
 */
export function runBrowserCommand(command: string, url: string, env: NodeJS.ProcessEnv): Promise<void> {
  const windows = process.platform === 'win32';
  // POSIX: the URL is the shell's $1, never parsed as shell text.
  const child = windows
    ? spawn(env.ComSpec ?? 'cmd.exe', ['/d', '/s', '/c', `"${command} "${url}""`], {
        env,
        stdio: 'ignore',
        detached: true,
        windowsVerbatimArguments: true,
      })
    : spawn('/bin/sh', ['-c', `${command} "$1"`, 'sh', url], { env, stdio: 'ignore', detached: true });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
