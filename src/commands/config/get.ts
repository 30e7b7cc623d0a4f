import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { CONFIG_GET } from './flags.js';
import { settingDef, settingValue, targetProfile } from './values.js';

export const ConfigGetOptions = verbSchema(CONFIG_GET);
export type ConfigGetOptions = z.output<typeof ConfigGetOptions>;

/** Prints the value in force (an empty line for an empty one), as `gh config get`. */
export async function runConfigGet(options: ConfigGetOptions, ctx: Context): Promise<void> {
  const store = await ctx.config();
  const def = settingDef(options.key);
  const profile =
    ctx.globals.profile !== undefined && def.perProfile ? targetProfile(store, ctx, def) : undefined;
  await ctx.io.write(`${settingValue(store, def, profile)}\n`);
}

export const verb = defineVerb(CONFIG_GET, ConfigGetOptions, runConfigGet);
