/**
 * The glue between commander and a verb module: each `.action` imports its verb lazily, merges
 * the global options given before and after the subcommand, checks them, builds the Context and
 * calls the verb's `run`. Loaded on every start, so it imports nothing heavy.
 */
import type { Command } from 'commander';
import type { Dispatcher } from 'undici';
import type { Context, Runner } from '../context.js';
import { GLOBAL_KEYS, type GlobalOptions } from '../global-options.js';
import type { IO } from '../output/io.js';
import { isGlobalOption } from './global-commander-options.js';
import type { Verb } from './verb.js';

/** What the program runs with: injected so tests and the demo can drive `run()` in-process. */
export interface WfdRuntime {
  io: IO;
  env: NodeJS.ProcessEnv;
  version: string;
  now?: () => Date;
  /** the HTTP seam (an undici MockAgent in tests) */
  dispatcher?: Dispatcher;
  sleep?: (ms: number) => Promise<void>;
  /** the whole command tree: commands never import the program builder */
  program?: () => Promise<Command>;
  /** runs another wfd command line in this process */
  runWfd?: Runner;
  /** wiring tests: receives each parsed invocation instead of running its verb */
  execute?: (invocation: Invocation) => Promise<void>;
}

/** A command line as the verb would receive it. */
export interface Invocation {
  /** `cases list` */
  command: string;
  options: unknown;
  ctx: Context;
}

export type RuntimeCommand = Command & { runtime?: WfdRuntime };

/** An action that loads `./<verb>.js` only when the command runs. */
export function lazy<O>(load: () => Promise<{ verb: Verb<O> }>) {
  return async (...args: unknown[]): Promise<void> => {
    const command = args.at(-1) as Command;
    // A command's own option shadows a global of the same name (`api --input`, `sandbox start --no-profile`).
    const own = new Set(command.options.filter((o) => !isGlobalOption(o)).map((o) => o.attributeName()));
    const raw = { ...mergedOptions(command, own), ...positionals(command, args.slice(0, -2)) };
    const runtime = rootOf(command).runtime;
    if (!runtime) throw new Error('wfd: the program was built without a runtime');
    const globals = globalsOf(raw, own);
    // `api --no-input`: false is the global negation, never a value of the command's own `--input`.
    for (const option of command.options) {
      const key = option.attributeName();
      if (option.negate && isGlobalOption(option) && own.has(key) && raw[key] === false) {
        (globals as Record<string, unknown>)[key] = false;
        delete raw[key];
      }
    }
    const [{ verb }, { resolveOutput }, { checkGlobals }, { createContext }] = await Promise.all([
      load(),
      import('../output/settings.js'),
      import('./check-globals.js'),
      import('../context.js'),
    ]);
    // Every flag is checked before credentials are read, stdin consumed or a request sent.
    checkGlobals(globals);
    const output = await resolveOutput(globals, runtime.io, verb.fields);
    const options = verb.parse(raw);
    const ctx = createContext({ ...runtime, globals, output });
    if (globals.color === false) ctx.io.setColorDisabled(true);
    if (globals.input === false) ctx.io.setNoInput(true);
    try {
      if (runtime.execute) await runtime.execute({ command: pathOf(command), options, ctx });
      else await verb.run(options, ctx);
      // A failed write (disk full) must fail the run, not end it with truncated output.
      await ctx.io.flush();
    } finally {
      // On the error path, still write out what was printed before the error.
      await ctx.io.flush().catch(() => {});
      await ctx.close();
    }
  };
}

function globalsOf(raw: Record<string, unknown>, own: ReadonlySet<string>): GlobalOptions {
  return Object.fromEntries(
    GLOBAL_KEYS.filter((key) => raw[key] !== undefined && !own.has(key)).map((key) => [key, raw[key]]),
  ) as GlobalOptions;
}

/**
 * Options of the command and its ancestors; an explicit value beats a default at any level, and
 * ancestors say nothing about the names in `own` (the command's own options).
 */
function mergedOptions(command: Command, own: ReadonlySet<string>): Record<string, unknown> {
  const chain: Command[] = [];
  for (let c: Command | null = command; c; c = c.parent) chain.unshift(c);
  const merged: Record<string, unknown> = {};
  const explicit = new Set<string>();
  for (const cmd of chain) {
    for (const [key, value] of Object.entries(cmd.opts())) {
      if (value === undefined || (cmd !== command && own.has(key))) continue;
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

/** `cases list`: the command's words after `wfd`. */
function pathOf(command: Command): string {
  const words: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

function camel(name: string): string {
  return name.replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());
}
