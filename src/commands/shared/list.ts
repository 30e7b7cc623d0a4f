/** The body of every list command: plan pages, stream rows through the renderer in order. */
import { type Context, DEFAULT_CONCURRENCY } from '../../context.js';
import type { ApiClient } from '../../core/http.js';
import { type Page, type PagingFlags, paginate, planPages } from '../../core/paginate.js';
import { createRowSink } from '../../output/render.js';
import { type OutputSpec, renderOptions } from './output.js';

export interface ListSpec<T> extends OutputSpec {
  paging: PagingFlags;
  pages: (client: ApiClient) => (page: number, size: number) => Promise<Page<T>>;
}

export async function runList<T extends Record<string, unknown> & { id?: unknown }>(
  ctx: Context,
  spec: ListSpec<T>,
): Promise<void> {
  const plan = planPages(spec.paging);
  const options = renderOptions(ctx, spec);
  const client = await ctx.api();
  const sink = await createRowSink(ctx.io, options);
  let total: number | undefined;
  const rows = paginate({
    plan,
    fetchPage: spec.pages(client),
    concurrency: ctx.globals.concurrency ?? DEFAULT_CONCURRENCY,
    onMeta: (meta) => {
      total = meta.total_count;
    },
  });
  for await (const row of rows) {
    // `wfd cases list --all | head` closes the pipe: stop fetching, it is not an error.
    if (ctx.io.stdoutClosed()) break;
    await sink.write(row);
  }
  await sink.end(total === undefined ? {} : { total });
}
