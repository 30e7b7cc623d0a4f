/**
 * A verb: its options schema (flags and arguments, checked before any request), its run
 * function, and what it prints. Imported only by verb modules, which load lazily, so zod stays
 * off the start-up path.
 */
import type * as z from 'zod/mini';
import type { Context } from '../context.js';
import { UsageError } from '../core/errors.js';
import { flagKey, flagName } from '../core/text/flag-key.js';
import { quote } from '../core/text/quote.js';
import { safeParse } from '../core/zod-parse.js';
import type { VerbFlags } from './flags.js';

export interface Verb<O> {
  parse(raw: Record<string, unknown>): O;
  run(options: O, ctx: Context): Promise<void>;
  /**
   * The fields of the records the verb prints, which `--fields` may name: the top-level ones, then
   * nested ones known (`owner.email`, for completion); undefined when it prints no records (then
   * `--fields` and `--query` are usage errors).
   */
  readonly fields: readonly string[] | undefined;
  /** the option keys the schema takes: the wiring tests hold them equal to commander's */
  readonly keys: readonly string[];
}

export interface VerbMeta {
  /** see Verb.fields */
  fields?: readonly string[];
}

/**
 * A verb from its declared arguments and flags (`spec`, which commander's options also come
 * from), its schema (built from `spec`, plus the checks between flags) and its run function.
 */
export function defineVerb<S extends z.core.$ZodType>(
  spec: VerbFlags,
  schema: S,
  run: (options: z.output<S>, ctx: Context) => Promise<void>,
  meta: VerbMeta = {},
): Verb<z.output<S>> {
  // Shown as `<name>` rather than `--name` in errors.
  const positional = (spec.args ?? []).map((arg) => flagKey(arg.name));
  return {
    parse(raw) {
      // reportInput: the issue carries the value, so the message can quote it. jitless: parsed
      // once per process, a compiled parser (zod's `new Function`) would never pay back.
      const result = safeParse(schema, raw, { reportInput: true, jitless: true });
      if (result.success) return result.data;
      throw new UsageError(describeIssue(result.error.issues[0]!, positional));
    },
    run,
    fields: meta.fields,
    keys: schemaKeys(schema),
  };
}

/** The top-level keys of an object schema, also behind a preprocess or a transform. */
function schemaKeys(schema: z.core.$ZodType): string[] {
  const def = schema._zod.def as {
    type: string;
    shape?: object;
    in?: z.core.$ZodType;
    out?: z.core.$ZodType;
  };
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def.type !== 'pipe' || !def.in || !def.out) return [];
  const before = schemaKeys(def.in);
  return before.length > 0 ? before : schemaKeys(def.out);
}

/**
 * `invalid --title "": must not be empty`, `invalid <shell> "ksh": expected bash, zsh or fish`:
 * the flag or argument, the value quoted, and the schema's message. The hint is added where the
 * error is reported, which knows the command (src/main.ts).
 */
function describeIssue(issue: z.core.$ZodIssue, positional: readonly string[]): string {
  // A flag commander knows and the schema does not: a wiring fault, said plainly.
  if (issue.code === 'unrecognized_keys') return `unknown option ${issue.keys.map(flagName).join(', ')}`;
  const key = issue.path[0];
  if (typeof key !== 'string') return issue.message;
  const name = positional.includes(key) ? `<${key}>` : flagName(key);
  return typeof issue.input === 'string'
    ? `invalid ${name} ${quote(issue.input)}: ${issue.message}`
    : `${name}: ${issue.message}`;
}
