import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { CONFIG_UNSET } from './flags.js';
import { settingDef, targetProfile } from './values.js';

export const ConfigUnsetOptions = verbSchema(CONFIG_UNSET);
export type ConfigUnsetOptions = z.output<typeof ConfigUnsetOptions>;

/** Removes a setting (for all profiles, or with --profile one profile's own), so the default applies. */
export async function runConfigUnset(options: ConfigUnsetOptions, ctx: Context): Promise<void> {
  const store = await ctx.config();
  const def = settingDef(options.key);
  const profile = targetProfile(store, ctx, def);
  await store.update((config) => {
    const holder = profile === undefined ? config : config.profiles[profile];
    if (!holder?.settings || !Object.hasOwn(holder.settings, def.key)) return;
    const { [def.key]: _removed, ...rest } = holder.settings;
    if (Object.keys(rest).length > 0) holder.settings = rest;
    else delete holder.settings;
  });
}

export const verb = defineVerb(CONFIG_UNSET, ConfigUnsetOptions, runConfigUnset);
