import type { z } from 'zod';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { ConfigFileError } from '../../core/auth/config-file.js';
import { UsageError } from '../../core/errors.js';
import { COMPLETION } from './flags.js';
import { generateCompletion } from './generate.js';

export const CompletionOptions = verbSchema(COMPLETION);
export type CompletionOptions = z.output<typeof CompletionOptions>;

export async function runCompletion(options: CompletionOptions, ctx: Context): Promise<void> {
  if (options.profiles) return printProfileNames(ctx);
  if (!options.shell) {
    throw new UsageError('missing argument <shell>', {
      hint: 'run `wfd completion --help` to see the arguments',
    });
  }
  await ctx.io.write(generateCompletion(await ctx.program(), options.shell));
}

/**
 * The saved profile names, one a line, for the scripts to complete `--profile` and `auth switch`
 * while the user waits: the config file is read, nothing else (no lock, no network), and a
 * config file that cannot be read prints nothing rather than an error in the middle of a line.
 */
async function printProfileNames(ctx: Context): Promise<void> {
  const store = await ctx.config();
  let names: string[];
  try {
    names = Object.keys(store.profiles());
  } catch (error) {
    if (error instanceof ConfigFileError) return;
    throw error;
  }
  await ctx.io.write(names.map((name) => `${name}\n`).join(''));
}

export const verb = defineVerb(COMPLETION, CompletionOptions, runCompletion);
