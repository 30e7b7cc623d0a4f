/** The body of every list command: plan pages, stream rows through the renderer in order. */
import { type Context, DEFAULT_CONCURRENCY } from '../../context.js';
import type { ApiClient } from '../../core/http.js';
import { MAX_PAGE_SIZE, type Page, type PagingFlags, paginate, planPages } from '../../core/paginate.js';
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
  // The table prints at the end, so show progress meanwhile (stderr, terminals only).
  const spinner =
    options.format === 'table' ? await ctx.io.startSpinner(`Fetching ${spec.noun ?? 'rows'}…`) : undefined;
  let total: number | undefined;
  let count = 0;
  const rows = paginate({
    plan,
    fetchPage: spec.pages(client),
    concurrency: ctx.globals.concurrency ?? DEFAULT_CONCURRENCY,
    onMeta: (meta) => {
      total = meta.total_count;
    },
  });
  try {
    for await (const row of rows) {
      // `wfd cases list --all | head` closes the pipe: stop fetching, it is not an error.
      if (ctx.io.stdoutClosed()) break;
      await sink.write(row);
      if (spinner && ++count % MAX_PAGE_SIZE === 0)
        spinner.text = `Fetching ${spec.noun}… ${count} of ${total}`;
    }
  } finally {
    spinner?.stop();
  }
  await sink.end(total === undefined ? {} : { total });
}
