import type * as z from 'zod/mini';
import { countGroups } from '../../api/count-groups.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { ConfigFileError } from '../../core/auth/config-file.js';
import type { ConfigStore } from '../../core/auth/store.js';
import { UsageError } from '../../core/errors.js';
import { COMPLETION } from './flags.js';
import { generateCompletion, verbFields } from './generate.js';

export const CompletionOptions = verbSchema(COMPLETION);
export type CompletionOptions = z.output<typeof CompletionOptions>;

export async function runCompletion(options: CompletionOptions, ctx: Context): Promise<void> {
  if (options.profiles) return printConfigNames(ctx, (store) => Object.keys(store.profiles()));
  if (options.aliases) return printConfigNames(ctx, (store) => Object.keys(store.contents().aliases ?? {}));
  if (options.statuses) return printCaseStatuses(ctx);
  if (!options.shell) {
    throw new UsageError('missing argument <shell>', {
      hint: 'run `wfd completion --help` to see the arguments',
    });
  }
  const program = await ctx.program();
  await ctx.io.write(generateCompletion(program, options.shell, await verbFields(program)));
}

/**
 * Names from the config file, one a line (the saved profiles, for `--profile` and `auth switch`;
 * the aliases), for the scripts to complete while the user waits: the config file is read,
 * nothing else (no lock, no network), and a config file that cannot be read prints nothing
 * rather than an error in the middle of a line.
 */
async function printConfigNames(ctx: Context, names: (store: ConfigStore) => string[]): Promise<void> {
  const store = await ctx.config();
  let found: string[];
  try {
    found = names(store);
  } catch (error) {
    if (error instanceof ConfigFileError) return;
    throw error;
  }
  await ctx.io.write(found.map((name) => `${name}\n`).join(''));
}

/**
 * The values `cases list --status` completes: the custom statuses cases have (one grouped count,
 * `GET /v1/cases/count?group_by=status`). The parent statuses are another filter's
 * (`--parent-status`), never offered here. Without credentials or an answer (the scripts give
 * it 2 s), nothing; never an error mid-line.
 */
async function printCaseStatuses(ctx: Context): Promise<void> {
  let used: string[] = [];
  try {
    const client = await ctx.api();
    const answer = await client.request(countGroups('/cases/count', [], ['status']));
    used = (answer.groups ?? []).map((group) => group.values[0]).filter((value) => typeof value === 'string');
  } catch {
    // no profile, no network, a server without grouping: what is known without it
  }
  // One word a line: a value with spaces or control characters cannot be offered safely.
  const words = [...new Set(used)].filter((word) => /^[^\s\p{Cc}]+$/u.test(word));
  await ctx.io.write(words.map((word) => `${word}\n`).join(''));
}

export const verb = defineVerb(COMPLETION, CompletionOptions, runCompletion);
