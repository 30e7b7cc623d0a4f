import { z } from 'zod';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';

export const VersionOptions = z.object({});

export async function runVersion(_options: unknown, ctx: Context): Promise<void> {
  await ctx.io.write(`${ctx.version}\n`);
}

export const verb = defineVerb(VersionOptions, runVersion);
