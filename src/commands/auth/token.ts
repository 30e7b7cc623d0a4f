import { verbSchema } from '../../cli/flag-schema.js';
import { NO_FLAGS } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { AuthError } from '../../core/errors.js';

export const TokenOptions = verbSchema(NO_FLAGS);

/** The one command that prints a token, because that is what it is for: valid now (renewed if due). */
export async function runToken(_options: unknown, ctx: Context): Promise<void> {
  const token = await (await ctx.tokenSource()).token();
  if (!token) throw new AuthError('the profile holds no token', { hint: 'log in: `wfd auth login`' });
  await ctx.io.write(`${token}\n`);
}

export const verb = defineVerb(NO_FLAGS, TokenOptions, runToken);
