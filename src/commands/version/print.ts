import { z } from 'zod';
import type { Context } from '../../context.js';
import { defineVerb } from '../verb.js';

export const VersionOptions = z.object({});

export async function runVersion(_options: unknown, ctx: Context): Promise<void> {
  await ctx.io.write(`${ctx.version}\n`);
}

export const verb = defineVerb(VersionOptions, runVersion);
