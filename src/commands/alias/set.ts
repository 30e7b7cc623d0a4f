import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { checkAlias, commandNames } from './aliases.js';
import { ALIAS_SET } from './flags.js';

export const AliasSetOptions = verbSchema(ALIAS_SET);
export type AliasSetOptions = z.output<typeof AliasSetOptions>;

/** Saves an alias (replacing one of the same name), as `gh alias set`. */
export async function runAliasSet(options: AliasSetOptions, ctx: Context): Promise<void> {
  const expansion =
    options.shell && !options.expansion.startsWith('!') ? `!${options.expansion}` : options.expansion;
  checkAlias(options.name, expansion, await commandNames(ctx));
  const store = await ctx.config();
  const replaced = await store.update((config) => {
    const had = config.aliases?.[options.name];
    config.aliases = { ...config.aliases, [options.name]: expansion };
    return had !== undefined && had !== expansion;
  });
  // The expansion is not repeated: `wfd NAME --help` shows it, and a long one would wrap here.
  ctx.io.errorLine(`✓ ${replaced ? 'Changed' : 'Added'} alias ${options.name}`);
}

export const verb = defineVerb(ALIAS_SET, AliasSetOptions, runAliasSet);
