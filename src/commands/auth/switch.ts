import { z } from 'zod';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { defineVerb } from '../verb.js';

export const SwitchOptions = z.object({ name: z.string() });
export type SwitchOptions = z.infer<typeof SwitchOptions>;

export async function runSwitch(options: SwitchOptions, ctx: Context): Promise<void> {
  const store = await ctx.config();
  const known = Object.keys(store.profiles());
  if (!known.includes(options.name)) {
    throw new UsageError(`no profile named "${options.name}"`, {
      hint: known.length ? `saved profiles: ${known.join(', ')}` : 'log in first: `wfd auth login`',
    });
  }
  store.setCurrent(options.name);
  ctx.io.errorLine(`✓ Switched to profile "${options.name}"`);
}

export const verb = defineVerb(SwitchOptions, runSwitch, ['name']);
