import { z } from 'zod';
import type { Context } from '../../context.js';
import { requireCredentials } from '../../core/auth/credentials.js';
import { defineVerb } from '../verb.js';

export const TokenOptions = z.object({});

/** The one command that prints a token, because that is what it is for. */
export async function runToken(_options: unknown, ctx: Context): Promise<void> {
  const { token } = requireCredentials(await ctx.credentials());
  await ctx.io.write(`${token}\n`);
}

export const verb = defineVerb(TokenOptions, runToken);
