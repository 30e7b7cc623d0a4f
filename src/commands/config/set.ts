import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { quote } from '../../core/text/quote.js';
import { CONFIG_SET } from './flags.js';
import { settingDef, targetProfile } from './values.js';

export const ConfigSetOptions = verbSchema(CONFIG_SET);
export type ConfigSetOptions = z.output<typeof ConfigSetOptions>;

/** Saves a setting for all profiles, or with --profile for one, under the config file's lock. */
export async function runConfigSet(options: ConfigSetOptions, ctx: Context): Promise<void> {
  const store = await ctx.config();
  const def = settingDef(options.key);
  const { value } = options;
  if (def.values && !def.values.includes(value))
    throw new UsageError(`invalid ${def.key} ${quote(value)}: expected one of ${def.values.join(', ')}`);
  const profile = targetProfile(store, ctx, def);
  await store.update((config) => {
    const holder = profile === undefined ? config : config.profiles[profile];
    // Removed by another process meanwhile.
    if (!holder) throw new UsageError(`no profile named ${quote(profile ?? '')}`);
    holder.settings = { ...holder.settings, [def.key]: value };
  });
}

export const verb = defineVerb(CONFIG_SET, ConfigSetOptions, runConfigSet);
