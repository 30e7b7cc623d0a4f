/**
 * The entry point: `run(argv)` builds the program, runs it and maps every error to its exit code
 * in one place (src/exit-codes.ts is the contract).
 */
import { createRequire } from 'node:module';
import { type Command, CommanderError } from 'commander';
import type { WfdRuntime } from './cli/action.js';
import { commandWordsOf, expandAlias } from './cli/alias-expansion.js';
import { fromCommanderError, helpHint } from './cli/commander-errors.js';
import { habitHint } from './commands/habit-hints.js';
import { NOUN_NAMES } from './commands/index.js';
import { SignalledError, UsageError, WfdError } from './core/errors.js';
import { exitOnCtrlC } from './core/process/interrupt.js';
import { aliasesIn, readConfigData } from './core/settings.js';
import { ExitCode } from './exit-codes.js';
import { createSystemIO, type IO } from './output/io.js';
import { buildProgram, helpAsked, invokedCommand, subcommandNamed } from './program.js';

// The build writes the version in its place (scripts/version-inline.mjs), and in dist/version.txt
// from here, for `wfd --version` without the program (bin/quick-answers.js).
export const VERSION: string = createRequire(import.meta.url)('../package.json').version;

/** Runs wfd with argv (as process.argv) and returns the exit code; never throws. */
export async function run(argv: string[], runtime: Partial<WfdRuntime> = {}): Promise<number> {
  const env = runtime.env ?? process.env;
  if (!runtime.io) exitOnCtrlC();
  const io = runtime.io ?? createSystemIO(env);
  const full: WfdRuntime = {
    version: VERSION,
    ...runtime,
    io,
    env,
    // Commands reach the tree and the runner through their context, never by importing this file.
    program: async () => buildProgram(full),
    runWfd: (args, streams) => run(args, { ...runtime, ...streams }),
  };
  // `wfd -v` as gh, git and npm take it (commander allows one short flag: -V).
  if (argv[2] === '-v' && argv.length === 3) argv = [...argv.slice(0, 2), '--version'];
  // gh's aliases: the config file is read only when the first word names no command.
  let aliasNote: string | undefined;
  const first = argv[2];
  if (first !== undefined && !first.startsWith('-') && !NOUN_NAMES.includes(first)) {
    const expansion = aliasesIn(readConfigData(env))[first];
    if (expansion !== undefined) {
      try {
        const applied = await applyAlias(argv, first, expansion, full);
        if (typeof applied === 'number') return applied;
        argv = applied;
        aliasNote = `wfd ${first} is an alias for: ${expansion}\n\n`;
      } catch (error) {
        return reportError(io, error, argv.includes('--debug'), buildProgram(full, []));
      }
    }
  }
  const program = buildProgram(full, argv);
  const debug = argv.includes('--debug');
  try {
    const args = withHelpForBareCommand(program, argv);
    // Help at a terminal is long (the root's is 80 lines): paged, as gh pages it.
    if (helpAsked(args)) await io.startPager();
    // `wfd ALIAS --help` says what the alias stands for, above the help of its command.
    if (aliasNote && helpAsked(args)) io.writeOut(aliasNote);
    await program.parseAsync(args);
    await io.stopPager();
    return ExitCode.Ok;
  } catch (error) {
    // The error is shown once the pager is quit, below what it showed.
    await io.stopPager();
    if (error instanceof CommanderError && isHelpOrVersion(error)) return ExitCode.Ok;
    // The command the hints point to: the one the command line names.
    const command = invokedCommand(program, argv);
    const parsed = error instanceof CommanderError ? fromCommanderError(error, command) : error;
    const habit = parsed instanceof WfdError ? habitHint(argv, parsed) : undefined;
    return reportError(io, parsed, debug, command, habit);
  }
}

/**
 * Every command's help page as `wfd <command> --help` prints it on a pipe or to a file (80
 * columns, no colour), by the words that name the command, aliases too ('' for the root). The
 * build writes them to dist/help, whence bin/quick-answers.js prints one without loading the program.
 */
export async function helpPagesForPipes(): Promise<Map<string, string>> {
  const { createMemoryIO } = await import('./output/memory-io.js');
  const pages = new Map<string, string>();
  const visit = async (command: Command, words: string[]): Promise<void> => {
    const memory = createMemoryIO();
    const code = await run(['node', 'wfd', ...words, '--help'], { io: memory.io, env: {} });
    if (code !== ExitCode.Ok)
      throw new Error(`wfd ${words.join(' ')} --help: exit ${code}: ${memory.stderr()}`);
    pages.set(words.join(' '), memory.stdout());
    for (const sub of command.commands) {
      for (const name of [sub.name(), ...sub.aliases()]) await visit(sub, [...words, name]);
    }
  };
  await visit(buildProgram({ io: createMemoryIO().io, env: {}, version: VERSION }), []);
  return pages;
}

/**
 * `wfd` alone, or a noun alone (`wfd cases`), shows that command's help on stdout and exits 0,
 * as gh does; commander would print it on stderr as an error.
 */
function withHelpForBareCommand(program: Command, argv: string[]): string[] {
  let command = program;
  for (const arg of argv.slice(2)) {
    const sub = subcommandNamed(command, arg);
    if (!sub) return argv;
    command = sub;
  }
  // A command with a default verb (`sandbox deliveries` lists) runs that verb.
  const defaultVerb = (command as unknown as { _defaultCommandName?: string | null })._defaultCommandName;
  return command.commands.length > 0 && !defaultVerb ? [...argv, '--help'] : argv;
}

/**
 * The command line that alias `name` (= `expansion`) makes of `argv`; with --help, the line that
 * shows its command's help. A shell alias runs here: its exit code.
 */
async function applyAlias(
  argv: string[],
  name: string,
  expansion: string,
  runtime: WfdRuntime,
): Promise<string[] | number> {
  const args = argv.slice(3);
  const head = argv.slice(0, 2);
  if (helpAsked(args)) {
    if (!expansion.startsWith('!')) return [...head, ...commandWordsOf(expansion), '--help'];
    runtime.io.writeOut(
      `wfd ${name} is an alias for: ${expansion}\n(a shell alias, run by sh -c; by cmd on Windows)\n`,
    );
    return ExitCode.Ok;
  }
  const expanded = expandAlias(name, expansion, args);
  if (expanded.kind === 'command') return [...head, ...expanded.words];
  const { runShellAlias } = await import('./cli/shell-alias.js');
  return runShellAlias(expanded.line, expanded.args, runtime.env);
}

/** --help, --version, and a bare `wfd` or `wfd cases`, which show help as gh does. */
function isHelpOrVersion(error: CommanderError): boolean {
  return error.exitCode === 0 || error.code === 'commander.help';
}

/**
 * Prints `error:` and `hint:` lines: `habit` (a command line written from another CLI's
 * habits), else the error's, else for a usage error a pointer to the command's help.
 */
function reportError(io: IO, error: unknown, debug: boolean, command: Command, habit?: string): number {
  // A signal's doing: what the run left, said as news rather than as an error.
  if (error instanceof SignalledError) {
    if (error.message) io.errorLine(`wfd: ${error.message}`);
    return error.exitCode;
  }
  if (error instanceof WfdError) {
    const hint = habit ?? error.hint ?? (error instanceof UsageError ? helpHint(command) : undefined);
    if (error.message) io.errorLine(`error: ${error.message}`);
    if (hint) io.errorLine(`hint: ${hint}`);
    if (debug && error.stack) io.errorLine(error.stack);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.errorLine(`error: ${message}`);
  if (debug && error instanceof Error && error.stack) io.errorLine(error.stack);
  else io.errorLine('hint: run again with --debug for details');
  return ExitCode.Failure;
}
