import { z } from 'zod';
import type { Context } from '../../context.js';
import { createRowSink } from '../../output/render.js';
import { renderOptions } from '../shared/output.js';
import { defineVerb } from '../verb.js';

export const ProfilesOptions = z.object({});

export async function runProfiles(_options: unknown, ctx: Context): Promise<void> {
  const store = await ctx.config();
  const current = ctx.globals.profile ?? ctx.env.WFD_PROFILE ?? store.currentProfileName();
  const render = renderOptions(ctx, {
    noun: 'profiles',
    columns: [
      { field: 'current', header: ' ' },
      { field: 'name' },
      { field: 'workspace.slug', header: 'WORKSPACE' },
      { field: 'base_url', header: 'BASE URL' },
      { field: 'auth' },
    ],
    knownFields: ['name', 'current', 'workspace', 'base_url', 'auth'],
  });
  const sink = await createRowSink(ctx.io, render);
  for (const [name, profile] of Object.entries(store.profiles())) {
    await sink.write({
      // `id` keeps -q useful: it prints the profile names.
      id: name,
      current: name === current ? '*' : '',
      name,
      workspace: profile.workspace ?? null,
      base_url: profile.baseUrl,
      auth: profile.authType,
    });
  }
  await sink.end();
}

export const verb = defineVerb(ProfilesOptions, runProfiles);
