/**
 * A verb: its options schema (flags and arguments, checked before any request), its run
 * function, and what it prints. Imported only by verb modules, which load lazily, so zod stays
 * off the start-up path.
 */
import type { z } from 'zod';
import type { Context } from '../context.js';
import { UsageError } from '../core/errors.js';
import { quote } from '../core/quote.js';

export interface Verb<O> {
  parse(raw: Record<string, unknown>): O;
  run(options: O, ctx: Context): Promise<void>;
  /**
   * The top-level fields of the records the verb prints, which `--fields` may name; undefined
   * when it prints no records (then `--fields` and `--query` are usage errors).
   */
  readonly fields: readonly string[] | undefined;
}

export interface VerbMeta {
  /** names of positional arguments, shown as `<name>` rather than `--name` in errors */
  positional?: readonly string[];
  /** see Verb.fields */
  fields?: readonly string[];
}

export function defineVerb<S extends z.ZodType>(
  schema: S,
  run: (options: z.output<S>, ctx: Context) => Promise<void>,
  meta: VerbMeta = {},
): Verb<z.output<S>> {
  const positional = meta.positional ?? [];
  return {
    parse(raw) {
      // reportInput: the issue carries the value, so the message can quote it.
      const result = schema.safeParse(raw, { reportInput: true });
      if (result.success) return result.data;
      throw new UsageError(describeIssue(result.error.issues[0]!, positional));
    },
    run,
    fields: meta.fields,
  };
}

/**
 * `invalid --title "": must not be empty`, `invalid <shell> "ksh": expected bash, zsh or fish`:
 * the flag or argument, the value quoted, and the schema's message. The hint is added where the
 * error is reported, which knows the command (src/main.ts).
 */
function describeIssue(issue: z.core.$ZodIssue, positional: readonly string[]): string {
  const key = issue.path[0];
  if (typeof key !== 'string') return issue.message;
  const name = positional.includes(key) ? `<${key}>` : flagName(key);
  return typeof issue.input === 'string'
    ? `invalid ${name} ${quote(issue.input)}: ${issue.message}`
    : `${name}: ${issue.message}`;
}

/** `waitingFor` -> `--waiting-for`; positional arguments keep their name. */
function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}`;
}
