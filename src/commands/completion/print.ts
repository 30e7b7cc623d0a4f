import { z } from 'zod';
import type { Context } from '../../context.js';
import { defineVerb } from '../verb.js';
import { generateCompletion } from './generate.js';

export const CompletionOptions = z.object({
  shell: z.enum(['bash', 'zsh', 'fish'], { message: 'expected bash, zsh or fish' }),
});
export type CompletionOptions = z.infer<typeof CompletionOptions>;

export async function runCompletion(options: CompletionOptions, ctx: Context): Promise<void> {
  const { buildProgram } = await import('../../cli.js');
  const program = buildProgram({ io: ctx.io, env: ctx.env, version: ctx.version });
  await ctx.io.write(generateCompletion(program, options.shell));
}

export const verb = defineVerb(CompletionOptions, runCompletion, ['shell']);
