/**
 * Commander's arguments and options, built from a verb's flags as data (flags.ts): help,
 * parsing, the checks made as values are read (integers, durations) and completion values.
 * Eagerly loaded: no zod, no query code here; the verb modules validate.
 */
import { Argument, type Command, Option } from 'commander';
import type { ResourceDef } from '../resources/types.js';
import { collect, durationArg, intArg } from './arg-parsers.js';
import { completeWith } from './completion-values.js';
import { type ArgDef, countFlags, type FlagDef, listFlags, type VerbFlags } from './flags.js';
import { addLearnMore } from './help-page.js';

export { addExamples } from './help-page.js';

const FILTERS_TOPIC = ['wfd help filters', 'every filter flag, --where and --filter'] as const;
const FORMATS_TOPIC = ['wfd help formats', 'output formats, --fields and --query'] as const;

// What addVerbFlags declared, until buildVerbFlags builds it.
const declared = new WeakMap<Command, VerbFlags[]>();

/**
 * Declares a verb's arguments and flags, in their order; `buildVerbFlags` adds them to `command`.
 * The program builds those of the verb a command line runs only (src/program.ts): commander's
 * options for every verb of a noun cost a one-shot command more than its own parsing.
 */
export function addVerbFlags(command: Command, spec: VerbFlags): Command {
  declared.set(command, [...(declared.get(command) ?? []), spec]);
  return command;
}

/** Adds to `command` the arguments and options `addVerbFlags` declared for it (once). */
export function buildVerbFlags(command: Command): void {
  for (const spec of declared.get(command) ?? []) {
    for (const arg of spec.args ?? []) command.addArgument(commanderArgument(arg));
    for (const def of spec.flags) {
      command.addOption(commanderOption(def));
      if (def.negatable) command.addOption(new Option(`--no-${def.flag}`).hideHelp());
    }
  }
  declared.delete(command);
}

function commanderArgument(arg: ArgDef): Argument {
  const name = `${arg.name}${arg.variadic ? '...' : ''}`;
  const argument = new Argument(arg.optional ? `[${name}]` : `<${name}>`, arg.help);
  const completion = arg.completion ?? arg.values;
  return completion ? completeWith(argument, completion) : argument;
}

function commanderOption(def: FlagDef): Option {
  const long = def.kind === 'negated' ? `--no-${def.flag}` : `--${def.flag}`;
  const takesValue = def.kind !== 'switch' && def.kind !== 'negated';
  const flags = `${def.short ? `-${def.short}, ` : ''}${long}${takesValue ? ` <${def.value ?? 'value'}>` : ''}`;
  const option = new Option(flags, def.help);
  if (def.kind === 'integer') option.argParser(intArg(def.min ?? 0, def.max));
  if (def.kind === 'duration')
    option.argParser(
      durationArg({ ...(def.min ? { minMs: def.min } : {}), ...(def.max ? { maxMs: def.max } : {}) }),
    );
  if (def.repeatable) option.argParser(collect);
  if (def.default !== undefined) option.default(def.default, def.defaultHelp);
  if (def.required) option.makeOptionMandatory();
  if (def.hidden) option.hideHelp();
  const completion = def.completion ?? def.values;
  return completion ? completeWith(option, completion) : option;
}

/** A list command of `resource`: its flags, and help that points to the filter and format topics. */
export function addListOptions(command: Command, resource: ResourceDef): Command {
  addLearnMore(command, [FILTERS_TOPIC, FORMATS_TOPIC]);
  return addVerbFlags(command, listFlags(resource));
}

/** A count command of `resource`: its flags, and help that points to the filter topic. */
export function addCountOptions(command: Command, resource: ResourceDef): Command {
  addLearnMore(command, [FILTERS_TOPIC]);
  return addVerbFlags(command, countFlags(resource));
}
