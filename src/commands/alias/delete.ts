import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { quote } from '../../core/text/quote.js';
import { ALIAS_DELETE } from './flags.js';

export const AliasDeleteOptions = verbSchema(ALIAS_DELETE);
export type AliasDeleteOptions = z.output<typeof AliasDeleteOptions>;

/** Removes an alias; exit 2 when there is none of that name. */
export async function runAliasDelete(options: AliasDeleteOptions, ctx: Context): Promise<void> {
  const store = await ctx.config();
  const known = await store.update((config) => {
    if (!config.aliases || !Object.hasOwn(config.aliases, options.name))
      return Object.keys(config.aliases ?? {});
    const { [options.name]: _removed, ...rest } = config.aliases;
    if (Object.keys(rest).length > 0) config.aliases = rest;
    else delete config.aliases;
    return undefined;
  });
  if (known)
    throw new UsageError(`no alias named ${quote(options.name)}`, {
      hint: known.length > 0 ? `aliases: ${known.sort().join(', ')}` : 'there are no aliases',
    });
  ctx.io.errorLine(`✓ Deleted alias ${options.name}`);
}

export const verb = defineVerb(ALIAS_DELETE, AliasDeleteOptions, runAliasDelete);
