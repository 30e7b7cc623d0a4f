import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { readTextSource } from '../../core/body.js';
import { quote } from '../../core/text/quote.js';
import { checkAlias, commandNames, parseAliasFile } from './aliases.js';
import { ALIAS_IMPORT } from './flags.js';

export const AliasImportOptions = verbSchema(ALIAS_IMPORT);
export type AliasImportOptions = z.output<typeof AliasImportOptions>;

/**
 * Adds the aliases of a file (or stdin), every one checked before any is saved; those that
 * exist already are kept unless --clobber, as gh's `alias import`.
 */
export async function runAliasImport(options: AliasImportOptions, ctx: Context): Promise<void> {
  const { file } = options;
  const text = await readTextSource(file, quote(file), () => ctx.io.readStdin());
  const aliases = parseAliasFile(text, file);
  const commands = await commandNames(ctx);
  for (const [name, expansion] of Object.entries(aliases)) checkAlias(name, expansion, commands);
  const store = await ctx.config();
  const outcome = await store.update((config) => {
    const kept: string[] = [];
    const added: string[] = [];
    const saved = { ...config.aliases };
    for (const [name, expansion] of Object.entries(aliases)) {
      if (Object.hasOwn(saved, name) && saved[name] !== expansion && !options.clobber) kept.push(name);
      else {
        saved[name] = expansion;
        added.push(name);
      }
    }
    if (added.length > 0) config.aliases = saved;
    return { kept, added };
  });
  for (const name of outcome.added) ctx.io.errorLine(`✓ Imported alias ${name}`);
  for (const name of outcome.kept)
    ctx.io.errorLine(`! Kept alias ${name}, which exists already (--clobber replaces it)`);
}

export const verb = defineVerb(ALIAS_IMPORT, AliasImportOptions, runAliasImport);
