import { z } from 'zod';
import type { Context } from '../../context.js';
import { AuthError } from '../../core/errors.js';
import { defineVerb } from '../verb.js';

export const LogoutOptions = z.object({});

export async function runLogout(_options: unknown, ctx: Context): Promise<void> {
  const store = await ctx.config();
  const credentials = await ctx.credentials();
  const name = credentials.profileName;
  if (!name) throw new AuthError('not logged in: there is no profile to log out of');
  store.removeProfile(name);
  ctx.io.errorLine(`✓ Logged out: profile "${name}" and its token were removed from ${store.path}`);
  if (ctx.env.WFD_TOKEN) ctx.io.errorLine('note: WFD_TOKEN is still set in this environment');
}

export const verb = defineVerb(LogoutOptions, runLogout);
