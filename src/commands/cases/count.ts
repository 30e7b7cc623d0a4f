import { countCases } from '../../api/cases.js';
import type { Context } from '../../context.js';
import { buildListQuery } from '../../core/query.js';
import { countPrinter } from '../shared/count.js';
import { QueryFlags } from '../shared/schemas.js';
import { defineVerb } from '../verb.js';
import { CaseFilterFlags } from './shared.js';

export const CountCasesOptions = CaseFilterFlags.extend(QueryFlags.omit({ sort: true }).shape);
export type CountCasesOptions = typeof CountCasesOptions._output;

export async function runCountCases(options: CountCasesOptions, ctx: Context): Promise<void> {
  const query = buildListQuery('cases', {
    // The filter flags are read by name; the other options are ignored.
    flags: options,
    filter: options.filter,
    where: options.where,
  });
  const print = countPrinter(ctx);
  const client = await ctx.api();
  await print(await countCases(client, query));
}

export const verb = defineVerb(CountCasesOptions, runCountCases);
