import { verbSchema } from '../../cli/flag-schema.js';
import { NO_FLAGS } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';

export const VersionOptions = verbSchema(NO_FLAGS);

export async function runVersion(_options: unknown, ctx: Context): Promise<void> {
  await ctx.io.write(`${ctx.version}\n`);
}

export const verb = defineVerb(NO_FLAGS, VersionOptions, runVersion);
