import { verbSchema } from '../../cli/flag-schema.js';
import { NO_FLAGS } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { createRowSink } from '../../output/render.js';
import { renderOptions } from '../shared/output.js';

export const ProfilesOptions = verbSchema(NO_FLAGS);

/** The keys of a row: the names `auth status --json` uses for the same facts. */
const FIELDS = ['profile', 'current', 'auth', 'base_url', 'workspace', 'token_storage'] as const;

export async function runProfiles(_options: unknown, ctx: Context): Promise<void> {
  const store = await ctx.config();
  const current = ctx.globals.profile ?? ctx.env.WFD_PROFILE ?? store.currentProfileName();
  const render = renderOptions(ctx, {
    noun: 'profiles',
    idField: 'profile',
    columns: [
      // The name is what `--profile` and `auth switch` take: never cut.
      { field: 'profile', whole: true },
      { field: 'current', kind: 'mark' },
      { field: 'workspace.slug', header: 'WORKSPACE' },
      // An address cut before its port is no address: the other columns give way first.
      { field: 'base_url', header: 'BASE URL', kind: 'url', minWidth: 40 },
      { field: 'auth', hidePriority: 1 },
      { field: 'token_storage', header: 'TOKEN IN', hidePriority: 2 },
    ],
  });
  const sink = await createRowSink(ctx.io, render);
  for (const [name, profile] of Object.entries(store.profiles())) {
    await sink.write({
      profile: name,
      current: name === current,
      auth: profile.authType,
      base_url: profile.baseUrl,
      workspace: profile.workspace ?? null,
      // where its token is kept: 'keyring' (the system keyring) or 'file' (config.json)
      token_storage: store.tokenStorage(name) ?? 'file',
    });
  }
  await sink.end();
}

export const verb = defineVerb(NO_FLAGS, ProfilesOptions, runProfiles, { fields: FIELDS });
