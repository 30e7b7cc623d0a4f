/**
 * Builds the commander program: the global options (from global-options.ts), the nouns and the
 * help topics. Only commander and small modules load here: each command's code is imported when
 * it runs, so `wfd --version` and `--help` stay fast.
 */
import { type Command, Option } from 'commander';
import { type RuntimeCommand, WfdCommand, type WfdRuntime } from './cli/action.js';
import { globalCommanderOptions } from './cli/global-commander-options.js';
import { addExamples, addHelpTopics, addLearnMore, formatHelp, GLOBAL_GROUP } from './cli/help-page.js';
import { buildVerbFlags } from './cli/options.js';
import { HELP_TOPICS } from './commands/help/topics.js';
import { NOUN_NAMES, registerCommands } from './commands/index.js';
import { GLOBAL_OPTIONS } from './global-options.js';

/** The flags of global options that take a value (`--profile NAME`, `-o json`). */
const VALUE_FLAGS = new Set(
  GLOBAL_OPTIONS.filter((def) => def.kind !== 'switch' && def.kind !== 'negated').flatMap((def) =>
    def.flags.split(/[ ,]+/).filter((word) => word.startsWith('-')),
  ),
);

/**
 * The words of a command line that may name commands, in order: global options and their
 * values are skipped (`wfd --profile x cases list -L 3` -> `cases list 3`); after `--`, every word.
 */
function commandWords(argv: readonly string[]): string[] {
  const words = argv.slice(2);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') return [...out, ...words.slice(i + 1)];
    if (!word.startsWith('-')) out.push(word);
    else if (VALUE_FLAGS.has(word)) i++;
  }
  return out;
}

/**
 * The noun a command line invokes (`wfd --profile x cases list` -> `cases`), undefined when none
 * (`wfd --help`), null when the first word is no noun (commander then says so).
 */
export function invokedNoun(argv: readonly string[]): string | null | undefined {
  const [first] = commandWords(argv);
  if (first === undefined) return undefined;
  return NOUN_NAMES.includes(first) ? first : null;
}

/** The subcommand of `command` that `word` names, by its name or an alias. */
export function subcommandNamed(command: Command, word: string): Command | undefined {
  return command.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
}

/**
 * The deepest command a command line names (`wfd cases ls -L 3` -> `cases list`), the root when
 * it names none: the command whose help an error's hint points to.
 */
export function invokedCommand(program: Command, argv: readonly string[]): Command {
  let command = program;
  for (const word of commandWords(argv)) {
    const sub = subcommandNamed(command, word);
    if (!sub) break;
    command = sub;
  }
  return command;
}

/** Whether a command line asks for help: --help or -h before any `--` (after it, words are operands). */
export function helpAsked(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
}

/**
 * Builds the program: the whole command tree, or with `argv` only the subtree of the noun it
 * invokes (the other nouns as one-line stubs for the root help), and of that noun's verbs only
 * the options of the one it names (the others as name-and-description stubs, enough for "did you
 * mean"); the whole noun when the line asks for help or names no verb of it.
 */
export function buildProgram(runtime: WfdRuntime, argv?: readonly string[]): Command {
  const program = new WfdCommand('wfd') as RuntimeCommand;
  program.runtime = runtime;
  program
    .description('Work with the Workflow, Forms and Documents API from the command line.')
    // Before any subcommand exists: each copies the help layout and the help option of its parent.
    .configureHelp({ formatHelp })
    .addHelpOption(new Option('-h, --help', 'show help for a command').helpGroup(GLOBAL_GROUP))
    .version(runtime.version, '-V, --version', 'print the version')
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => runtime.io.writeOut(text),
      writeErr: (text) => runtime.io.stderr.write(text),
      // The house rule for colour, asked of io: commander's own check opens process.stdout.
      getOutHasColors: () => runtime.io.colorEnabled(),
      // Help wraps as tables do: the terminal's width, else COLUMNS, else 80.
      getOutHelpWidth: () => runtime.io.terminalWidth(),
      getErrHelpWidth: () => runtime.io.terminalWidth(),
      // Errors are printed once, by `run` in main.ts, in the house format.
      outputError: () => {},
    })
    .showSuggestionAfterError(true);
  addExamples(program, [
    'wfd sandbox start                      # a local API with demo data and a "sandbox" profile',
    'wfd --profile sandbox cases list --parent-status pending --waiting-for contact',
    "wfd cases list --where 'created_at >= 2026-01-01' --all -o ndjson",
    'wfd cases archive - < ids.txt',
  ]);
  addHelpTopics(program, HELP_TOPICS);
  addLearnMore(program, [['wfd help <topic>', 'read a help topic']]);
  program.helpCommand(false);
  const stubs = registerCommands(program, argv ? (invokedNoun(argv) ?? null) : undefined);
  // A command line that asks for help shows a whole command page, or lists its verbs.
  buildFlags(program, argv && !helpAsked(argv) ? commandWords(argv) : undefined, stubs);
  addGlobalOptions(program, globalCommanderOptions(), stubs);
  return program;
}

/**
 * Builds the declared flags (addVerbFlags) of `command` and of its subcommands; where `words`
 * name one of them, of that one only, the others joining `stubs`.
 */
function buildFlags(command: Command, words: readonly string[] | undefined, stubs: Set<Command>): void {
  buildVerbFlags(command);
  const [word, ...rest] = words ?? [];
  const named = word === undefined ? undefined : subcommandNamed(command, word);
  for (const sub of command.commands) {
    if (named && sub !== named) stubs.add(sub);
    else if (!stubs.has(sub)) buildFlags(sub, named ? rest : undefined, stubs);
  }
}

/** Adds the global options to the root and to every leaf command but stubs, skipping flags a command defines itself. */
function addGlobalOptions(command: Command, globals: readonly Option[], stubs: ReadonlySet<Command>): void {
  if (stubs.has(command)) return;
  const isLeaf = command.commands.length === 0;
  if (isLeaf || !command.parent) {
    // A command may own a flag or an attribute a global also uses (`sandbox start --no-profile`).
    const taken = new Set(command.options.flatMap((own) => [own.long, own.short, own.attributeName()]));
    for (const option of globals) {
      if (taken.has(option.long) || (option.short && taken.has(option.short))) continue;
      // A negation whose attribute a command's own option uses (`api --input` and the global
      // `--no-input`) is still added: commander pairs them, and the action sorts out which is meant.
      if (taken.has(option.attributeName()) && !option.negate) continue;
      command.addOption(option);
    }
  }
  for (const sub of command.commands) addGlobalOptions(sub, globals, stubs);
}
