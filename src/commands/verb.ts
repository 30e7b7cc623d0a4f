/**
 * A verb: its options schema (flags and arguments, checked before any request) and its run
 * function. Imported only by verb modules, which load lazily, so zod stays off the start-up path.
 */
import type { z } from 'zod';
import type { Context } from '../context.js';
import { UsageError } from '../core/errors.js';

export interface Verb<O> {
  parse(raw: Record<string, unknown>): O;
  run(options: O, ctx: Context): Promise<void>;
}

export function defineVerb<S extends z.ZodType>(
  schema: S,
  run: (options: z.output<S>, ctx: Context) => Promise<void>,
  /** names of positional arguments, shown as `<name>` rather than `--name` in errors */
  positional: readonly string[] = [],
): Verb<z.output<S>> {
  return {
    parse(raw) {
      const result = schema.safeParse(raw);
      if (result.success) return result.data;
      const issue = result.error.issues[0]!;
      const key = issue.path[0];
      const where =
        typeof key !== 'string' ? '' : positional.includes(key) ? `<${key}>: ` : `${flagName(key)}: `;
      throw new UsageError(`${where}${issue.message}`, { hint: 'add --help to see the usage' });
    },
    run,
  };
}

/** `waitingFor` -> `--waiting-for`; positional arguments keep their name. */
function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}`;
}
