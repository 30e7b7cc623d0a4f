/**
 * The user's pager: which command (WFD_PAGER, even empty, else the config's `pager`, else PAGER,
 * else the platform's: gh's order), how it is started, and what happens to the output when it
 * fails. Shared by the IO object, which pages a command's output, and src/quick-pager.ts, which
 * pages a help page the build wrote.
 */
import type { ChildProcess } from 'node:child_process';
import type { Writable } from 'node:stream';
import { defaultPager, shellInvocation } from '../core/process/platform.js';
import { readConfigData, settingsIn } from '../core/settings.js';

/** The pager's command line, and where it was set (for the hint when it fails). */
export interface PagerSetting {
  command: string;
  from: 'WFD_PAGER' | 'config' | 'PAGER' | 'default';
}

export function pagerSetting(env: NodeJS.ProcessEnv): PagerSetting {
  if (env.WFD_PAGER !== undefined) return { command: env.WFD_PAGER, from: 'WFD_PAGER' };
  const configured = settingsIn(readConfigData(env)).pager;
  if (configured !== undefined) return { command: configured, from: 'config' };
  if (env.PAGER) return { command: env.PAGER, from: 'PAGER' };
  return { command: defaultPager(), from: 'default' };
}

/** `cat` or nothing: no pager, the output goes to the terminal. */
export const pagesNothing = (command: string) => command === '' || command === 'cat';

/**
 * How much of the output (in UTF-16 units) is kept while the pager may not have shown it, to
 * print it to the terminal if the pager fails: more than a pipe holds (64 KiB on Linux and
 * Windows), so a pager that took more had started and shown some of it.
 */
const UNREAD_LIMIT = 1 << 20;

/** A pager reading a run's output from a pipe. */
export interface RunningPager {
  readonly setting: PagerSetting;
  /** the pipe to the pager */
  readonly input: Writable;
  /**
   * Settles once the pager is gone: undefined when it ended well (the user quit it, or it
   * showed everything), else why it failed: it could not start (`/bin/sh` says "not found",
   * exit code 127; cmd, 9009) or it ended with an error.
   */
  readonly ended: Promise<string | undefined>;
  /** Keeps a copy of `chunk`, written to `input`, while the pager may not have shown it. */
  record(chunk: string): void;
  /** What the pager was given, when that is all it could have read; undefined once it read more. */
  unread(): string | undefined;
}

/** Starts the pager `setting` names, reading its input from a pipe. */
export async function startPager(setting: PagerSetting, parentEnv: NodeJS.ProcessEnv): Promise<RunningPager> {
  const child = await spawnPager(setting.command.trim(), parentEnv);
  const ended = new Promise<string | undefined>((resolve) => {
    // A pager that cannot start (no shell): its pipe fails as a closed one does.
    child.once('error', (error) => resolve(error.message));
    // Ended by a signal: the user's doing (a pager quits on its own with a code).
    child.once('close', (code) => resolve(code ? `exit code ${code}` : undefined));
  });
  let copy: string[] | undefined = [];
  let length = 0;
  return {
    setting,
    input: child.stdin!,
    ended,
    record(chunk) {
      if (!copy) return;
      length += chunk.length;
      if (length > UNREAD_LIMIT) copy = undefined;
      else copy.push(chunk);
    },
    unread: () => copy?.join(''),
  };
}

/**
 * What to say when the pager failed: a warning, and a hint naming where it was set and how to
 * change it. `printed`: the output is printed without it (else the pager had read part of it).
 */
export function pagerFailureLines(setting: PagerSetting, reason: string, printed: boolean): string[] {
  const what = `pager ${JSON.stringify(setting.command.trim())} failed (${reason})`;
  const warning = printed
    ? `warning: ${what}; output not paged`
    : `warning: ${what} after it read part of the output; the rest is not shown`;
  const other = '`wfd config set pager <command>` sets another (`cat`: none)';
  const hint = {
    WFD_PAGER: 'WFD_PAGER names it: set it to a pager that exists, or to `cat` for none',
    config: other,
    PAGER: `PAGER names it; ${other}`,
    default: other,
  }[setting.from];
  return [warning, `hint: ${hint}`];
}

/**
 * Windows' `more` decodes its input in the console's code page (437: `Chloé` shows as `Chlo├⌐`,
 * its rows wrapping past the screen): the line that runs it in UTF-8 (65001), giving the console
 * its code page back after. Undefined for another pager.
 */
export function utf8MoreLine(command: string, codePage: number): string | undefined {
  if (!/^more(\.com)?(\s|$)/i.test(command)) return undefined;
  return `chcp 65001 >nul & ${command} & chcp ${codePage} >nul`;
}

/** The console's code page, as `chcp` reports it ("Active code page: 437"); undefined if it cannot. */
async function consoleCodePage(): Promise<number | undefined> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) => {
    execFile('chcp.com', { windowsHide: true, timeout: 5000 }, (error, stdout) => {
      const digits = /(\d+)/.exec(stdout);
      resolve(error || !digits ? undefined : Number(digits[1]));
    });
  });
}

/** The line the shell runs: on Windows, `more` in UTF-8 when the console's code page is known. */
async function pagerLine(command: string): Promise<string> {
  if (process.platform !== 'win32' || utf8MoreLine(command, 0) === undefined) return command;
  const codePage = await consoleCodePage();
  return codePage === undefined ? command : utf8MoreLine(command, codePage)!;
}

async function spawnPager(command: string, parentEnv: NodeJS.ProcessEnv): Promise<ChildProcess> {
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
  const shell = shellInvocation(await pagerLine(command), [], env);
  return spawn(shell.file, shell.args, {
    stdio: ['pipe', 'inherit', 'inherit'],
    env,
    windowsVerbatimArguments: shell.windowsVerbatimArguments,
  });
}
