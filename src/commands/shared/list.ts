/**
 * The list and count verbs of a resource, generated from its table: a list verb file is then
 * a few lines (see commands/cases/list.ts).
 */
import type * as z from 'zod/mini';
import { countGroups } from '../../api/count-groups.js';
import { countRequest, listRequest } from '../../api/list.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { countFlags, listFlags } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import { type Context, DEFAULT_CONCURRENCY } from '../../context.js';
import type { ApiRequest } from '../../core/http/request.js';
import { buildListQuery } from '../../core/list-query/build.js';
import type { FilterFlagValues } from '../../core/list-query/params.js';
import type { QueryParam } from '../../core/list-query/types.js';
import {
  type Page,
  type PageMeta,
  type PagePlan,
  type PagingFlags,
  paginate,
  planPages,
} from '../../core/paginate.js';
import { createRowSink, FORMATS } from '../../output/render.js';
import { MAX_PAGE_SIZE } from '../../resources/paging.js';
import type { ColumnDef, FieldDefs, ResourceDef } from '../../resources/types.js';
import { countPrinter } from './count.js';
import { parseGroupBy, printGroups } from './count-groups.js';
import { namedFilters, resolveNamedFilters } from './named-filters.js';
import { explainNoMatch } from './no-match.js';
import { explainWrongRoot } from './not-found.js';
import { renderOptions } from './output.js';

/** `--filter` and `--where` as parsed (method 2). */
interface MethodTwoOptions {
  filter?: string;
  where?: string[];
}

/** The options of `<noun> list` (cli/flags.ts `listFlags`): filter flags, --filter/--where/--sort, paging. */
export type ListOptions = FilterFlagValues & MethodTwoOptions & PagingFlags & { sort?: string };

/** The options of `<noun> count` (cli/flags.ts `countFlags`): filter flags, --filter/--where, --group-by. */
export type CountOptions = FilterFlagValues & MethodTwoOptions & { groupBy?: string };

/** `<noun> list`: the resource's query from the flags, then its pages streamed through the renderer. */
export function defineListVerb<F extends FieldDefs>(resource: ResourceDef<F>) {
  const spec = listFlags(resource);
  const schema = verbSchema(spec) as unknown as z.ZodMiniType<ListOptions>;
  const run = async (given: ListOptions, ctx: Context): Promise<void> => {
    const { query, options } = await queryOf(ctx, resource, given);
    const printed = await runList(ctx, resource, options, listRequest(resource, query), options.sort);
    if (printed === 0) await explainNoMatch(ctx, resource, options);
  };
  return { schema, run, verb: defineVerb(spec, schema, run, { fields: resource.fields }) };
}

/**
 * The query of a list or count. Every flag is checked before credentials are read (bad input
 * exits 2 with no request) but those that name a record by a prefix or a reference, which are
 * then looked up (named-filters.ts).
 */
async function queryOf<O extends ListOptions | CountOptions>(
  ctx: Context,
  resource: ResourceDef,
  given: O,
): Promise<{ query: QueryParam[]; options: O }> {
  const build = (options: O) => buildListQuery(resource, { flags: options, ...options, now: ctx.now() });
  const named = namedFilters(resource, given);
  if (named.length === 0) return { query: build(given), options: given };
  build(Object.fromEntries(Object.entries(given).filter(([key]) => !named.includes(key))) as O);
  const options = await resolveNamedFilters(ctx, given, named);
  return { query: build(options), options };
}

/**
 * `<noun> count`: the number of records the filters match; with `--group-by a,b` (resources
 * with `groupFields`) one row per combination of the fields' values, from `GET <path>/count`.
 */
export function defineCountVerb(resource: ResourceDef) {
  const spec = countFlags(resource);
  const schema = verbSchema(spec) as unknown as z.ZodMiniType<CountOptions>;
  const run = async (given: CountOptions, ctx: Context): Promise<void> => {
    const { query, options } = await queryOf(ctx, resource, given);
    const fields = options.groupBy === undefined ? undefined : parseGroupBy(options.groupBy);
    const client = await ctx.api();
    const request = countRequest(resource, query);
    const wrongRoot = (error: unknown) => {
      throw explainWrongRoot(error, client.url(request.path));
    };
    if (!fields) {
      const found = await client.request(request).catch(wrongRoot);
      await countPrinter(ctx)(found);
      if (found === 0) await explainNoMatch(ctx, resource, options);
      return;
    }
    await printGroups(
      ctx,
      fields,
      await client.request(countGroups(request.path, query, fields)).catch(wrongRoot),
    );
  };
  const fields = resource.groupFields ? ['count', ...resource.fields] : ['count'];
  return { schema, run, verb: defineVerb(spec, schema, run, { fields }) };
}

/**
 * Plans the pages of `request` (no page params: the pager adds them), then streams the rows in
 * order; returns how many it printed.
 */
export async function runList<T extends Record<string, unknown>>(
  ctx: Context,
  resource: ResourceDef,
  paging: PagingFlags,
  request: ApiRequest<Page<T>>,
  sort?: string,
): Promise<number> {
  const plan = planPages(paging);
  const options = renderOptions(ctx, {
    columns: resource.columns,
    tableColumns: tableColumnsFor(resource, sort),
    noun: resource.noun,
  });
  const client = await ctx.api();
  const sink = await createRowSink(ctx.io, options);
  // A table holds its first rows back to size its columns, so show progress meanwhile (stderr,
  // terminals only); the table's first line on stdout stops the spinner (see io.startSpinner).
  const spinner =
    FORMATS[options.format].reader === 'screen'
      ? await ctx.io.startSpinner(`Fetching ${resource.noun}…`)
      : undefined;
  let total: number | undefined;
  let expected: number | undefined;
  let count = 0;
  const rows = paginate({
    plan,
    request,
    send: (pageRequest) =>
      client.request(pageRequest).catch((error: unknown) => {
        throw explainWrongRoot(error, client.url(pageRequest.path));
      }),
    concurrency: ctx.globals.concurrency ?? DEFAULT_CONCURRENCY,
    onMeta: (meta) => {
      total = meta.total_count;
      expected = expectedRows(plan, meta);
      sink.begin?.({ total, expected });
    },
  });
  try {
    for await (const row of rows) {
      // `wfd cases list --all | head` closes the pipe: stop fetching, it is not an error.
      if (ctx.io.stdoutClosed()) break;
      await sink.write(row);
      if (++count % MAX_PAGE_SIZE === 0 && spinner)
        spinner.text = `Fetching ${resource.noun}… ${count} of ${expected}`;
    }
  } finally {
    spinner?.stop();
  }
  await sink.end(total === undefined ? {} : { total });
  // A table says "Showing 30 of 143"; a pipe into another command would stop at 30 silently.
  if (
    !ctx.io.isStdoutTTY() &&
    plan.maxRows !== undefined &&
    !plan.single &&
    total !== undefined &&
    count < total &&
    !ctx.io.stdoutClosed()
  )
    ctx.io.errorLine(
      `wfd: printed ${count} of ${total} ${resource.noun}; add --all for every one, or --limit N`,
    );
  return count;
}

/** How many rows a plan prints, by page 1's meta: the rows of a raw page, the limit, or all of them. */
export function expectedRows(plan: PagePlan, meta: PageMeta): number {
  const total = meta.total_count;
  if (plan.single) return Math.max(0, Math.min(plan.pageSize, total - (plan.firstPage - 1) * plan.pageSize));
  return plan.maxRows === undefined ? total : Math.min(plan.maxRows, total);
}

/**
 * The resource's table columns, with the time column that follows the sort showing the sort's
 * field when the list is sorted by a date (`--sort -created_at` shows CREATED, not UPDATED).
 */
export function tableColumnsFor(resource: ResourceDef, sort: string | undefined): ColumnDef[] | undefined {
  if (!resource.tableColumns) return undefined;
  const field = sort?.replace(/^-/, '');
  const byTime = field !== undefined && resource.attributes[field]?.type === 'date';
  return resource.tableColumns.map((column) =>
    column.followsSort && byTime
      ? { ...column, field, header: field.replace(/_at$/, '').toUpperCase() }
      : column,
  );
}
