import { verbSchema } from '../../cli/flag-schema.js';
import { NO_FLAGS } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { AuthError } from '../../core/errors.js';

export const LogoutOptions = verbSchema(NO_FLAGS);

export async function runLogout(_options: unknown, ctx: Context): Promise<void> {
  const store = await ctx.config();
  const credentials = await ctx.credentials();
  const name = credentials.profileName;
  if (!name) throw new AuthError('not logged in: there is no profile to log out of');
  const inKeyring = store.tokenStorage(name) === 'keyring';
  // A keyring that does not answer says so itself (a notice); the profile is removed all the same.
  const removed = await store.removeProfile(name);
  if (!removed) throw new AuthError(`profile "${name}" was already removed (by another wfd process)`);
  const what = credentials.profile?.authType === 'oauth' ? 'its OAuth tokens and client secret' : 'its token';
  const from =
    inKeyring && !store.lingering.has(name) ? `${store.path} and ${store.keyringName}` : store.path;
  ctx.io.errorLine(`✓ Logged out: profile "${name}" and ${what} were removed from ${from}`);
  if (ctx.env.WFD_TOKEN) ctx.io.errorLine('note: WFD_TOKEN is still set in this environment');
}

export const verb = defineVerb(NO_FLAGS, LogoutOptions, runLogout);
