/**
 * The glue between commander and a verb module: each `.action` imports its verb lazily, merges
 * the global options given before and after the subcommand, checks them, builds the Context and
 * calls the verb's `run`. Loaded on every start, so it imports nothing heavy.
 */
import { Command } from 'commander';
import type { Context, Runner } from '../context.js';
import type { NodeHttpTransportOptions } from '../core/http/node-transport.js';
// A small reader, in the start-up chunk already (the pager's command is a setting too).
import { effectiveSettings, readConfigData } from '../core/settings.js';
import { flagKey } from '../core/text/flag-key.js';
import type { GlobalOptions } from '../global-options.js';
import type { IO } from '../output/io.js';
import { isGlobalOption } from './global-commander-options.js';
import type { Verb } from './verb.js';

/** What the program runs with: injected so tests and the demo can drive `run()` in-process. */
export interface WfdRuntime {
  io: IO;
  env: NodeJS.ProcessEnv;
  version: string;
  now?: () => Date;
  /** the HTTP seam: run tests connect every client to their fake server */
  connect?: NodeHttpTransportOptions['connect'];
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

type Loader = () => Promise<{ verb: Verb<unknown> }>;
const loaders = new WeakMap<Command, Loader>();

/**
 * wfd's commander command: it keeps the loader of the verb its `lazy` action runs, so what only
 * the verb module knows (the fields `--fields` takes) can be read for completion scripts without
 * running anything. Its subcommands are made of the same class.
 */
export class WfdCommand extends Command {
  override createCommand(name?: string): Command {
    return new WfdCommand(name);
  }
  // biome-ignore lint/suspicious/noExplicitAny: commander's own signature
  override action(fn: (this: this, ...args: any[]) => void | Promise<void>): this {
    const { load } = fn as { load?: Loader };
    if (load) loaders.set(this, load);
    return super.action(fn);
  }
}

/** The loader of `command`'s verb module (see `lazy`), if it runs one. */
export function verbLoaderOf(command: Command): Loader | undefined {
  return loaders.get(command);
}

/** An action that loads `./<verb>.js` only when the command runs; `load` is kept for the wiring tests. */
export function lazy<O>(load: () => Promise<{ verb: Verb<O> }>) {
  const action = async (...args: unknown[]): Promise<void> => {
    const command = args.at(-1) as Command;
    const { own, globals } = splitOptions(command);
    const raw = { ...own, ...positionals(command, args.slice(0, -2)) };
    const runtime = rootOf(command).runtime;
    if (!runtime) throw new Error('wfd: the program was built without a runtime');
    const [{ verb }, { resolveOutput }, { checkGlobals }, { createContext }] = await Promise.all([
      load(),
      import('../output/settings.js'),
      import('./check-globals.js'),
      import('../context.js'),
    ]);
    // Every flag is checked before credentials are read, stdin consumed or a request sent.
    checkGlobals(globals);
    // `wfd config` settings: flags and environment variables win over them.
    const settings = effectiveSettings(
      readConfigData(runtime.env),
      globals.profile ?? runtime.env.WFD_PROFILE,
    );
    const output = await resolveOutput(globals, runtime.io, verb.fields, settings.output);
    const options = verb.parse(raw);
    // The config's `browser`, else BROWSER, as gh takes them; else the system's way.
    const browser = settings.browser || runtime.env.BROWSER;
    const ctx = createContext({ ...runtime, globals, output, ...(browser ? { browser } : {}) });
    if (globals.color === false) ctx.io.setColorDisabled(true);
    else if (settings.color === 'always' || settings.color === 'never')
      ctx.io.setColorPreference(settings.color);
    if (globals.input === false || settings.prompt === 'disabled' || promptDisabled(runtime.env))
      ctx.io.setNoInput(true);
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
  return Object.assign(action, { load });
}

/** WFD_PROMPT_DISABLED, as gh's GH_PROMPT_DISABLED: any value but empty, 0 or false. */
function promptDisabled(env: NodeJS.ProcessEnv): boolean {
  const value = env.WFD_PROMPT_DISABLED;
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/**
 * The command's own option values, and the global options given at any level of the command
 * line (an explicit value beats a default at any level). A command's own option may share its
 * attribute with a global (`api --input` and `--no-input`, `sandbox start --no-profile` and
 * `--profile`): on the command itself the value goes to the option that can produce it (false
 * to a `--no-` global); on an ancestor, which has only global options, it is always the global's.
 */
function splitOptions(command: Command): { own: Record<string, unknown>; globals: GlobalOptions } {
  const ownOptions = command.options.filter((option) => !isGlobalOption(option));
  const ownKeys = new Set(ownOptions.map((option) => option.attributeName()));
  const own: Record<string, unknown> = {};
  for (const option of ownOptions) {
    const key = option.attributeName();
    const value = command.getOptionValue(key);
    if (value !== undefined && !claimedByGlobal(command, key, value)) own[key] = value;
  }
  const chain: Command[] = [];
  for (let c: Command | null = command; c; c = c.parent) chain.unshift(c);
  const globals: Record<string, unknown> = {};
  const explicit = new Set<string>();
  for (const cmd of chain) {
    for (const option of cmd.options.filter(isGlobalOption)) {
      const key = option.attributeName();
      const value = cmd.getOptionValue(key);
      if (value === undefined || (cmd === command && !claimedByGlobal(command, key, value))) continue;
      const isDefault = cmd.getOptionValueSource(key) === 'default';
      // A global's default says nothing for a name the command uses itself.
      if (isDefault && (explicit.has(key) || key in globals || ownKeys.has(key))) continue;
      globals[key] = value;
      if (!isDefault) explicit.add(key);
    }
  }
  return { own, globals: globals as GlobalOptions };
}

/**
 * Whether `value`, stored under `key` on `command`, was set by a global option of the command:
 * alone under its name, or as the `false` of a `--no-` global beside an own option of that name.
 */
function claimedByGlobal(command: Command, key: string, value: unknown): boolean {
  const [global] = command.options.filter((o) => isGlobalOption(o) && o.attributeName() === key);
  if (!global) return false;
  const shared = command.options.some((o) => !isGlobalOption(o) && o.attributeName() === key);
  return !shared || (global.negate && value === false);
}

function positionals(command: Command, values: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  command.registeredArguments.forEach((argument, index) => {
    out[flagKey(argument.name())] = values[index];
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
