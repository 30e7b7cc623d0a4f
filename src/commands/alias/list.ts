import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { aliasLines } from './aliases.js';
import { ALIAS_LIST } from './flags.js';

export const AliasListOptions = verbSchema(ALIAS_LIST);

/** `name: expansion` lines (what `alias import` reads back), as gh prints them. */
export async function runAliasList(_options: unknown, ctx: Context): Promise<void> {
  const aliases = (await ctx.config()).contents().aliases ?? {};
  if (Object.keys(aliases).length === 0) {
    ctx.io.errorLine('no aliases: add one with `wfd alias set NAME EXPANSION`');
    return;
  }
  await ctx.io.write(aliasLines(aliases));
}

export const verb = defineVerb(ALIAS_LIST, AliasListOptions, runAliasList);
