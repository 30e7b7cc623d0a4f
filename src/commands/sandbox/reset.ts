/**
 * `wfd sandbox reset --data-dir DIR`: a data directory back to its seed. It keeps the seed
 * parameters; a sandbox running on the directory (its lock) makes it refuse.
 */
import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { quote } from '../../core/text/quote.js';
import { dataDirFailure } from './data-dir-errors.js';
import { RESET } from './flags.js';

export const ResetSandboxOptions = verbSchema(RESET);
export type ResetSandboxOptions = z.output<typeof ResetSandboxOptions>;

export async function runResetSandbox(options: ResetSandboxOptions, ctx: Context): Promise<void> {
  const { resetDataDir } = await import('../../sandbox/index.js');
  const { seed, cases, forms, attachments } = await resetDataDir(options.dataDir).catch(async (error) => {
    throw await dataDirFailure(error);
  });
  ctx.io.errorLine(
    `✓ ${quote(options.dataDir)} is back to its seed (seed ${seed}, ${cases} cases, ${forms} forms, ${attachments} attachments)`,
  );
}

export const verb = defineVerb(RESET, ResetSandboxOptions, runResetSandbox);
