/** The `<noun> get <id>` verbs: one record by UUID (or prefix, or reference), a detail view on a terminal, JSON when asked. */
import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import type { VerbFlags } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import type { ApiRequest } from '../../core/http/request.js';
import { type DetailView, renderItem } from '../../output/render.js';
import { explainNotFound } from './not-found.js';
import { renderOptions } from './output.js';
import { assertWholeId, type IdLookup, resolveId } from './resolve-id.js';

interface GetOptions {
  id: string;
}

export interface GetVerbDef<T> {
  /** its `<id>` argument, as the noun declares it */
  flags: VerbFlags;
  /** `case`, `form`: names the id in errors */
  noun: string;
  request: (id: string) => ApiRequest<T>;
  /** what to run to find the ids when one is not found */
  hint: string;
  view: DetailView;
  /** the fields --fields and --query may name */
  fields: readonly string[];
  /** how a prefix (or reference) is found; without it only a whole UUID is taken */
  // biome-ignore lint/suspicious/noExplicitAny: any record with an id
  lookup?: IdLookup<any>;
}

export function defineGetVerb<T extends Record<string, unknown>>(def: GetVerbDef<T>) {
  const run = async (options: GetOptions, ctx: Context): Promise<void> => {
    if (!def.lookup) assertWholeId(options.id, def.noun, def.hint);
    const render = renderOptions(ctx, { columns: [] });
    const client = await ctx.api();
    const id = def.lookup ? await resolveId(client, options.id, def.lookup) : options.id;
    const item = await explainNotFound(client.request(def.request(id)), `${def.noun} ${id}`, def.hint);
    await renderItem(ctx.io, render, item, { view: def.view });
  };
  const schema = verbSchema(def.flags) as unknown as z.ZodMiniType<GetOptions>;
  return { schema, run, verb: defineVerb(def.flags, schema, run, { fields: def.fields }) };
}
