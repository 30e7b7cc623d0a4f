import { verbSchema } from '../../cli/flag-schema.js';
import { NO_FLAGS } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import type { ConfigStore } from '../../core/auth/store.js';
import { AuthError, UsageError } from '../../core/errors.js';

export const LogoutOptions = verbSchema(NO_FLAGS);

export async function runLogout(_options: unknown, ctx: Context): Promise<void> {
  // A script names what it removes (as gh's --hostname): never "whichever profile is current".
  const named = ctx.globals.profile ?? ctx.env.WFD_PROFILE;
  if (!named && !ctx.io.canPrompt()) {
    throw new UsageError('no profile named to log out of: pass --profile NAME', {
      hint: 'without a terminal, logout removes only the profile that --profile or WFD_PROFILE names; `wfd auth profiles` lists the saved ones',
    });
  }
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
  ctx.io.errorLine(currentNow(store));
  if (ctx.env.WFD_TOKEN) ctx.io.errorLine('note: WFD_TOKEN is still set in this environment');
}

/** Which profile the next command uses now, or how to choose one. */
function currentNow(store: ConfigStore): string {
  const current = store.currentProfileName();
  if (current) return `The current profile is still "${current}"`;
  const saved = Object.keys(store.profiles());
  if (saved.length === 0) return 'No profile is left: log in with `wfd auth login`';
  return `No profile is current now: choose one with \`wfd auth switch NAME\` (saved: ${saved.join(', ')})`;
}

export const verb = defineVerb(NO_FLAGS, LogoutOptions, runLogout);
