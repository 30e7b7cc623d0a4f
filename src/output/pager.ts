/**
 * The user's pager: which command (WFD_PAGER, even empty, else the config's `pager`, else PAGER,
 * else the platform's: gh's order) and how it is started. Shared by the IO object, which pages a
 * command's output, and src/quick-pager.ts, which pages a help page the build wrote.
 */
import type { ChildProcess } from 'node:child_process';
import { defaultPager, shellInvocation } from '../core/process/platform.js';
import { readConfigData, settingsIn } from '../core/settings.js';

export function pagerCommand(env: NodeJS.ProcessEnv): string {
  if (env.WFD_PAGER !== undefined) return env.WFD_PAGER;
  const configured = settingsIn(readConfigData(env)).pager;
  if (configured !== undefined) return configured;
  return env.PAGER || defaultPager();
}

/** `cat` or nothing: no pager, the output goes to the terminal. */
export const pagesNothing = (command: string) => command === '' || command === 'cat';

/** Starts `command` reading its input from a pipe; `exited` settles when it is gone (or never started). */
export async function spawnPager(
  command: string,
  parentEnv: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; exited: Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const env = { ...parentEnv };
  // As gh and git: less quits at once on output shorter than a screen (F), shows colour (R)
  // and leaves the screen as it is (X).
  env.LESS ??= 'FRX';
  env.LV ??= '-c';
  // wfd writes UTF-8 whatever the locale: less in a C locale would show its bytes as <C3><A9>.
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  if (!/utf-?8/i.test(locale)) env.LESSCHARSET ??= 'utf-8';
  // Through the shell, as git runs its pager (`less -S`, `head -c 100 > file`); Windows: cmd.
  const shell = shellInvocation(command, [], env);
  const child = spawn(shell.file, shell.args, {
    stdio: ['pipe', 'inherit', 'inherit'],
    env,
    windowsVerbatimArguments: shell.windowsVerbatimArguments,
  });
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    // A pager that cannot start: its pipe fails as a closed one does.
    child.once('error', () => resolve());
  });
  return { child, exited };
}
