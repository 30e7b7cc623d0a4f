import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { SETTINGS } from '../../core/settings.js';
import { CONFIG_LIST } from './flags.js';
import { namedProfile, settingValue } from './values.js';

export const ConfigListOptions = verbSchema(CONFIG_LIST);

/** `key=value` for every setting, as in force (with --profile, for that profile), as `gh config list`. */
export async function runConfigList(_options: unknown, ctx: Context): Promise<void> {
  const store = await ctx.config();
  const profile = namedProfile(store, ctx);
  await ctx.io.write(SETTINGS.map((def) => `${def.key}=${settingValue(store, def, profile)}\n`).join(''));
}

export const verb = defineVerb(CONFIG_LIST, ConfigListOptions, runConfigList);
