/**
 * Builds the commander program (global options, nouns, help topics) and maps every error
 * to its exit code in one place. Only commander and small modules load here: each command's
 * code is imported when it runs, so `wfd --version` and `--help` stay fast.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { intArg, type RuntimeCommand, type WfdRuntime } from './commands/action.js';
import { registerCommands } from './commands/index.js';
import { WfdError } from './core/errors.js';
import { ExitCode } from './exit-codes.js';
import { createSystemIO, type IO } from './output/io.js';

const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/** The options every command accepts, shown under "Global options" in help. */
function globalOptions(): Option[] {
  const group = 'Global options:';
  return [
    new Option('--profile <name>', 'use this saved profile (env WFD_PROFILE)'),
    new Option('--base-url <url>', 'API host root, without /v1 (env WFD_BASE_URL)'),
    new Option('-o, --output <format>', 'table, plain, json, ndjson or csv'),
    new Option('--json', 'same as --output json'),
    new Option('--fields <list>', 'fields to show, comma-separated; dot paths like owner.email'),
    new Option('--query <jmespath>', 'filter the JSON output with a JMESPath expression'),
    new Option('-q, --quiet', 'print ids only, one per line'),
    new Option('--no-color', 'disable colour (also NO_COLOR)'),
    new Option('--no-input', 'never prompt'),
    new Option('--debug', 'trace HTTP requests on stderr (secrets redacted)'),
    new Option('--timeout <seconds>', 'request time-out in seconds (default 30)').argParser(intArg(1)),
    new Option('--retries <n>', 'retries for 429, 5xx and network errors (default 5)').argParser(intArg(0)),
    new Option('--concurrency <n>', 'requests in flight at once (default 4)').argParser(intArg(1, 16)),
  ].map((option) => option.helpGroup(group));
}

export function buildProgram(runtime: WfdRuntime): Command {
  const program = new Command('wfd') as RuntimeCommand;
  program.runtime = runtime;
  program
    .description('Work with the Workflow, Forms and Documents API from the command line.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => runtime.io.stdout.write(text),
      writeErr: (text) => runtime.io.stderr.write(text),
      // Errors are printed once, by `run` below, in the house format.
      outputError: () => {},
    })
    .showSuggestionAfterError(true)
    .addHelpText(
      'after',
      `
Examples:
  $ wfd sandbox start                      # a local API with demo data and a "sandbox" profile
  $ wfd --profile sandbox cases list --parent-status pending --waiting-for contact
  $ wfd cases list --where 'created_at >= 2026-01-01' --all -o ndjson
  $ wfd cases archive - < ids.txt

Learn more:
  wfd help filters | formats | exit-codes | environment
  wfd <command> --help`,
    );
  registerCommands(program);
  addGlobalOptions(program);
  return program;
}

/** Adds the global options to the root and to every leaf command, skipping flags a command defines itself. */
function addGlobalOptions(command: Command): void {
  const isLeaf = command.commands.length === 0;
  if (isLeaf || !command.parent) {
    for (const option of globalOptions()) {
      // A command may own a flag or an attribute a global also uses (`sandbox start --no-profile`).
      const taken = command.options.some(
        (own) =>
          own.long === option.long ||
          own.attributeName() === option.attributeName() ||
          (option.short && own.short === option.short),
      );
      if (!taken) command.addOption(option);
    }
  }
  for (const sub of command.commands) addGlobalOptions(sub);
}

/** Runs wfd with argv (as process.argv) and returns the exit code; never throws. */
export async function run(argv: string[], runtime?: Partial<WfdRuntime>): Promise<number> {
  const env = runtime?.env ?? process.env;
  const io = runtime?.io ?? createSystemIO(env);
  const program = buildProgram({ io, env, version: VERSION });
  const debug = argv.includes('--debug');
  try {
    await program.parseAsync(withHelpForBareCommand(program, argv));
    return ExitCode.Ok;
  } catch (error) {
    return reportError(io, error, debug);
  }
}

/**
 * `wfd` alone, or a noun alone (`wfd cases`), shows that command's help on stdout and exits 0,
 * as gh does; commander would print it on stderr as an error.
 */
function withHelpForBareCommand(program: Command, argv: string[]): string[] {
  let command = program;
  for (const arg of argv.slice(2)) {
    const sub = command.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!sub) return argv;
    command = sub;
  }
  return command.commands.length > 0 ? [...argv, '--help'] : argv;
}

function reportError(io: IO, error: unknown, debug: boolean): number {
  if (error instanceof CommanderError) {
    // --help, --version, and a bare `wfd` or `wfd cases`, which show help as gh does.
    if (error.exitCode === 0 || error.code === 'commander.help') return ExitCode.Ok;
    // One line: commander puts its "(Did you mean ...?)" suggestion on a second one.
    io.errorLine(`error: ${error.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ')}`);
    io.errorLine('hint: add --help to see the usage');
    return ExitCode.Usage;
  }
  if (error instanceof WfdError) {
    if (error.message) io.errorLine(`error: ${error.message}`);
    if (error.hint) io.errorLine(`hint: ${error.hint}`);
    if (debug && error.stack) io.errorLine(error.stack);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.errorLine(`error: ${message}`);
  if (debug && error instanceof Error && error.stack) io.errorLine(error.stack);
  else io.errorLine('hint: run again with --debug for details');
  return ExitCode.Failure;
}
