/**
 * The glue between commander and a verb module: each `.action` imports its verb lazily,
 * merges the global options given before and after the subcommand, builds the Context and
 * calls the verb's `run`. Loaded on every start, so it imports nothing heavy.
 */
import { type Command, InvalidArgumentError } from 'commander';
import { createContext, type GlobalOptions } from '../context.js';
import type { IO } from '../output/io.js';
import type { Verb } from './verb.js';

/** What the program runs with: injected so tests can drive `run()` with their own streams. */
export interface WfdRuntime {
  io: IO;
  env: NodeJS.ProcessEnv;
  version: string;
  now?: () => Date;
}

export type RuntimeCommand = Command & { runtime?: WfdRuntime };

const GLOBAL_KEYS = [
  'profile',
  'baseUrl',
  'output',
  'json',
  'fields',
  'query',
  'quiet',
  'color',
  'input',
  'debug',
  'timeout',
  'retries',
  'concurrency',
] as const satisfies readonly (keyof GlobalOptions)[];

/** An action that loads `./<verb>.js` only when the command runs. */
export function lazy<O>(load: () => Promise<{ verb: Verb<O> }>) {
  return async (...args: unknown[]): Promise<void> => {
    const command = args.at(-1) as Command;
    const raw = { ...mergedOptions(command), ...positionals(command, args.slice(0, -2)) };
    const runtime = rootOf(command).runtime;
    if (!runtime) throw new Error('wfd: the program was built without a runtime');
    const globals = Object.fromEntries(GLOBAL_KEYS.map((key) => [key, raw[key]])) as GlobalOptions;
    // `sandbox start --no-profile` reuses the attribute name of the global `--profile <name>`.
    if (typeof globals.profile !== 'string') delete globals.profile;
    const ctx = createContext({ ...runtime, globals });
    if (globals.color === false) ctx.io.setColorDisabled(true);
    if (globals.input === false) ctx.io.setNoInput(true);
    const { verb } = await load();
    try {
      await verb.run(verb.parse(raw), ctx);
      // A failed write (disk full) must fail the run, not end it with truncated output.
      await ctx.io.flush();
    } finally {
      // On the error path, still write out what was printed before the error.
      await ctx.io.flush().catch(() => {});
      await ctx.close();
    }
  };
}

/** Options of the command and its ancestors; an explicit value beats a default at any level. */
function mergedOptions(command: Command): Record<string, unknown> {
  const chain: Command[] = [];
  for (let c: Command | null = command; c; c = c.parent) chain.unshift(c);
  const merged: Record<string, unknown> = {};
  const explicit = new Set<string>();
  for (const cmd of chain) {
    for (const [key, value] of Object.entries(cmd.opts())) {
      if (value === undefined) continue;
      const isDefault = cmd.getOptionValueSource(key) === 'default';
      if (isDefault && (explicit.has(key) || key in merged)) continue;
      merged[key] = value;
      if (!isDefault) explicit.add(key);
    }
  }
  return merged;
}

function positionals(command: Command, values: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  command.registeredArguments.forEach((argument, index) => {
    out[camel(argument.name())] = values[index];
  });
  return out;
}

function rootOf(command: Command): RuntimeCommand {
  let c = command;
  while (c.parent) c = c.parent;
  return c as RuntimeCommand;
}

function camel(name: string): string {
  return name.replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());
}

/** commander argParser for integers in a range; a bad value is a usage error (exit 2). */
export function intArg(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^-?\d+$/.test(value.trim()) || n < min || n > max) {
      const range =
        max === Number.MAX_SAFE_INTEGER
          ? `an integer of at least ${min}`
          : `an integer from ${min} to ${max}`;
      throw new InvalidArgumentError(n > max ? `too large; expected ${range}` : `expected ${range}`);
    }
    return n;
  };
}

/** commander argParser collecting a repeatable option into an array. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
