/**
 * The command tree as completion scripts need it, whatever the shell: for each command, its
 * subcommands, flags (which take a value), positional arguments, and what completes each value
 * (registered with `completeWith`). Read from commander, so commands added later complete
 * without extra work.
 */
import type { Argument, Command, Option } from 'commander';
import { type Completion, type CompletionValue, completionOf } from '../../cli/completion-values.js';

/** A word to offer and what it means ('' when nothing says). */
export interface Candidate {
  word: string;
  description: string;
}

/**
 * What completes a value: one of `values`, a comma-separated `list` of them, the saved profile
 * names, or words naming a command (after `values`). A flag or argument without one falls back
 * to file names.
 */
export type ValueSpec =
  | { kind: 'values' | 'list' | 'commands'; values: Candidate[] }
  | { kind: 'profiles' | 'aliases' | 'statuses' };

export interface CommandNode {
  /** words after `wfd`, e.g. "cases list" ("" for the root) */
  path: string;
  /** the words that name this command after its parent's path: name and aliases */
  names: string[];
  /** the subcommands, one candidate per name and alias */
  subcommands: Candidate[];
  /** every spelling of every flag, short ones included */
  flags: Candidate[];
  /** the spellings of flags that take a value: the word after them is that value */
  valueFlags: string[];
  /** positional arguments in order; a variadic one ends with "..." (`ids...`) */
  arguments: string[];
  /** what completes a value, by flag spelling or `<argument>` */
  values: Map<string, ValueSpec>;
}

/** Where a value spec applies: command `path` (any command when undefined) and a flag or `<argument>`. */
export interface ValueKey {
  path: string | undefined;
  key: string;
}

/** A value spec and every place it applies, so scripts list each set once. */
export interface ValueGroup {
  keys: ValueKey[];
  spec: ValueSpec;
}

/** The fields each command's `--fields` takes, by command (see `verbFields`). */
export type FieldsByCommand = ReadonlyMap<Command, readonly string[]>;

/** `wfd`'s commands, depth first, the root first; `--fields` completes each command's `fields`. */
export function commandNodes(program: Command, fields: FieldsByCommand = new Map()): CommandNode[] {
  return walk(program, '', [], fields);
}

function walk(command: Command, path: string, names: string[], fields: FieldsByCommand): CommandNode[] {
  // commander keeps the help option apart from `options`; its help lists it last.
  const helpOption = command
    .createHelp()
    .visibleOptions(command)
    .filter((option) => !command.options.includes(option));
  const options = [...(command.options as Option[]), ...helpOption];
  const values = new Map<string, ValueSpec>();
  for (const option of options) {
    const spec = valueSpec(option);
    if (spec) for (const flag of spellings(option)) values.set(flag, spec);
  }
  for (const argument of command.registeredArguments) {
    const spec = valueSpec(argument);
    if (spec) values.set(argumentKey(argument.name()), spec);
  }
  // A comma-separated list of the records' fields, rather than file names.
  const own = fields.get(command);
  if (own?.length && options.some((option) => option.long === '--fields'))
    values.set('--fields', { kind: 'list', values: own.map(candidate) });
  const node: CommandNode = {
    path,
    names,
    subcommands: command.commands.flatMap((sub) =>
      namesOf(sub).map((word) => ({ word, description: summary(sub) })),
    ),
    flags: options.flatMap((option) =>
      spellings(option).map((word) => ({ word, description: firstLine(option.description) })),
    ),
    valueFlags: options.filter((option) => option.required || option.optional).flatMap(spellings),
    arguments: command.registeredArguments.map((a) => `${a.name()}${a.variadic ? '...' : ''}`),
    values,
  };
  return [
    node,
    ...command.commands.flatMap((sub) =>
      walk(sub, path ? `${path} ${sub.name()}` : sub.name(), namesOf(sub), fields),
    ),
  ];
}

/**
 * The value specs of every node, grouped by content (`cases list|--sort` with `cases count|--sort`
 * would share one). A flag or argument that means the same on every command having it (the
 * global `--output`) is keyed once, for any command.
 */
export function valueGroups(nodes: readonly CommandNode[]): ValueGroup[] {
  const specsByKey = new Map<string, Set<string>>();
  for (const node of nodes) {
    for (const key of [...node.valueFlags, ...node.arguments.map(argumentKey)]) {
      const spec = node.values.get(key);
      const specs = specsByKey.get(key) ?? new Set<string>();
      specs.add(spec ? JSON.stringify(spec) : '');
      specsByKey.set(key, specs);
    }
  }
  const groups = new Map<string, ValueGroup>();
  for (const node of nodes) {
    for (const [key, spec] of node.values) {
      const id = JSON.stringify(spec);
      const group = groups.get(id) ?? { keys: [], spec };
      const everywhere = specsByKey.get(key)?.size === 1;
      if (!everywhere) group.keys.push({ path: node.path, key });
      else if (!group.keys.some((k) => k.path === undefined && k.key === key)) {
        group.keys.push({ path: undefined, key });
      }
      groups.set(id, group);
    }
  }
  return [...groups.values()];
}

/** `<ids>` for the argument `ids...`: the key of an argument in `values`. */
export function argumentKey(argument: string): string {
  return `<${argument.replace(/\.\.\.$/, '')}>`;
}

/** The `parent|word` keys under which a script finds `node` from its parent: `cases|list`, `cases|ls`. */
export function childKeys(node: CommandNode): string[] {
  const parent = node.path.split(' ').slice(0, -1).join(' ');
  return node.names.map((name) => `${parent}|${name}`);
}

function valueSpec(target: Option | Argument): ValueSpec | undefined {
  const completion: Completion | undefined = completionOf(target);
  if (!completion) return undefined;
  if (completion.kind === 'profiles' || completion.kind === 'aliases' || completion.kind === 'statuses')
    return completion;
  const values = completion.values.map(candidate);
  if (completion.kind === 'commands') return { kind: 'commands', values };
  return { kind: completion.list ? 'list' : 'values', values };
}

function candidate(value: CompletionValue): Candidate {
  return typeof value === 'string'
    ? { word: value, description: '' }
    : { word: value[0], description: value[1] };
}

function namesOf(command: Command): string[] {
  return [command.name(), ...command.aliases()];
}

function spellings(option: Option): string[] {
  return [option.long, option.short].filter((flag): flag is string => Boolean(flag));
}

/** What a command's parent's help says of it. */
function summary(command: Command): string {
  return firstLine(command.summary() || command.description());
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]!.trim();
}
