import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';

import { SWITCH } from './flags.js';
import { noProfileNamed } from './shared.js';

export const SwitchOptions = verbSchema(SWITCH);
export type SwitchOptions = z.output<typeof SwitchOptions>;

export async function runSwitch(options: SwitchOptions, ctx: Context): Promise<void> {
  const store = await ctx.config();
  // Checked again under the lock: another process may have removed the profile meanwhile.
  if (!store.profile(options.name) || !(await store.setCurrent(options.name)))
    throw noProfileNamed(store, options.name);
  ctx.io.errorLine(`✓ Switched to profile "${options.name}"`);
}

export const verb = defineVerb(SWITCH, SwitchOptions, runSwitch);
