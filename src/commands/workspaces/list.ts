import { listWorkspaces } from '../../api/workspaces.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { NO_FLAGS } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/render.js';
import { createRowSink } from '../../output/render.js';
import { renderOptions } from '../shared/output.js';

// 8 characters of the id on a terminal, as every list shows them; -o plain, JSON and CSV carry it whole.
const COLUMNS: Column[] = [{ field: 'id', kind: 'short-id' }, { field: 'slug' }, { field: 'name' }];

export const ListWorkspacesOptions = verbSchema(NO_FLAGS);

export async function runListWorkspaces(_options: unknown, ctx: Context): Promise<void> {
  const render = renderOptions(ctx, { columns: COLUMNS, noun: 'workspaces' });
  const client = await ctx.api();
  const { data: workspaces } = await client.request(listWorkspaces());
  const sink = await createRowSink(ctx.io, render);
  for (const workspace of workspaces) await sink.write(workspace);
  await sink.end({ total: workspaces.length });
}

export const verb = defineVerb(NO_FLAGS, ListWorkspacesOptions, runListWorkspaces, {
  fields: ['id', 'slug', 'name'],
});
