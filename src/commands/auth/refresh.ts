import { verbSchema } from '../../cli/flag-schema.js';
import { NO_FLAGS } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { requireCredentials } from '../../core/auth/credentials.js';
import { RefreshingToken } from '../../core/auth/refresh.js';
import { UsageError } from '../../core/errors.js';

export const RefreshOptions = verbSchema(NO_FLAGS);

/** Renews the access token of an OAuth profile now, whether it is due or not. */
export async function runRefresh(_options: unknown, ctx: Context): Promise<void> {
  const credentials = await ctx.credentials();
  requireCredentials(credentials);
  const source = await ctx.tokenSource();
  if (!(source instanceof RefreshingToken)) {
    const which = credentials.source === 'env' ? 'WFD_TOKEN' : `profile "${credentials.profileName}"`;
    throw new UsageError(
      `${which} holds a personal API token, which does not expire: there is nothing to refresh`,
      {
        hint: 'only an OAuth login (`wfd auth login --oauth`) has a token to refresh',
      },
    );
  }
  const profile = await source.forceRefresh();
  const expiry = profile.oauth?.expiresAt ? `; it expires at ${profile.oauth.expiresAt}` : '';
  ctx.io.errorLine(`✓ Renewed the access token of profile "${credentials.profileName}"${expiry}`);
}

export const verb = defineVerb(NO_FLAGS, RefreshOptions, runRefresh);
