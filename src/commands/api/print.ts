/**
 * How `wfd api` prints an answer: as it came, pretty JSON on a terminal (control characters
 * escaped there, as text answers are), pages as one stream.
 */
import { STATUS_CODES } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { type Context, DEFAULT_CONCURRENCY } from '../../context.js';
import { WfdError } from '../../core/errors.js';
import { isRecord } from '../../core/guards.js';
import { toApiError } from '../../core/http/api-error.js';
import type { ApiClient, StreamedResponse } from '../../core/http/http.js';
import { checkJsonDepth, readBoundedText } from '../../core/http/json-answer.js';
import type { ApiRequest } from '../../core/http/request.js';
import { type Page, paginate, planPages } from '../../core/paginate.js';
import { escapeControls, escapeJsonControls } from '../../core/text/quote.js';
import { createRowSink, FORMATS } from '../../output/render.js';
import { MAX_PAGE_SIZE } from '../../resources/paging.js';

/** Prints one answer (`-i`: status line and headers first); an error status then fails the run. */
export async function printAnswer(
  ctx: Context,
  answer: StreamedResponse,
  options: { include: boolean; method: string },
): Promise<void> {
  const { io } = ctx;
  await io.startPager();
  if (options.include) {
    const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`.trimEnd()];
    for (const [name, value] of Object.entries(answer.headers))
      for (const one of Array.isArray(value) ? value : [value])
        if (one !== undefined) head.push(`${name}: ${one}`);
    await io.write(`${head.join('\n')}\n\n`);
  }
  const type = String(answer.headers['content-type'] ?? '');
  let json: unknown;
  if (options.method === 'HEAD') await answer.body.resume();
  else if (/\bjson\b/.test(type))
    json = await printJson(ctx, await readBoundedText(answer.body, answer.headers));
  else if (/^text\//.test(type) || type === '') {
    const text = await readText(answer);
    await io.write(io.isStdoutTTY() ? escapeControls(text) : text);
  } else if (io.isStdoutTTY()) {
    await answer.body.resume();
    io.errorLine(`a ${type} answer is not shown on a terminal; redirect it to a file: > FILE`);
  } else {
    await io.flush();
    await pipeline(answer.body, io.stdout, { end: false });
  }
  if (answer.status >= 400) throw toApiError(answer.status, answer.headers, json, ctx.now());
}

async function readText(answer: StreamedResponse): Promise<string> {
  answer.body.setEncoding('utf8');
  let text = '';
  for await (const chunk of answer.body) text += chunk;
  return text;
}

/** JSON as sent when piped, pretty on a terminal, through --query or --jq when given; returns the value. */
async function printJson(ctx: Context, text: string): Promise<unknown> {
  let value: unknown;
  checkJsonDepth(text);
  try {
    value = JSON.parse(text);
  } catch {
    await ctx.io.write(text);
    return undefined;
  }
  const { loadFilter } = await import('../../output/filter.js');
  const filter = await loadFilter(ctx.io, ctx.output, true);
  if (filter) await ctx.io.write(filter(value));
  else if (ctx.io.isStdoutTTY())
    await ctx.io.write(`${escapeJsonControls(JSON.stringify(value, null, 2))}\n`);
  else await ctx.io.write(text.endsWith('\n') ? text : `${text}\n`);
  return value;
}

/**
 * `--paginate`: every page of a collection (pages of the largest size unless the path sets `page[size]`),
 * fetched concurrently in the rate limit, each page's `data` streamed as one JSON array, or a
 * record a line with `-o ndjson`.
 */
export async function printPages(
  ctx: Context,
  client: ApiClient,
  request: Omit<ApiRequest, 'schema'>,
): Promise<void> {
  const query = request.query ?? [];
  const size = Number(query.find(([name]) => name === 'page[size]')?.[1] ?? MAX_PAGE_SIZE);
  const rest = query.filter(([name]) => name !== 'page[size]' && name !== 'page[number]');
  const sink = await createRowSink(ctx.io, {
    // wfd api prints the API's JSON whatever the format: a record a line for a format of JSON
    // lines (-o ndjson), else one array.
    format: FORMATS[ctx.output.format].json === 'lines' ? ctx.output.format : 'json',
    columns: [],
    ...(ctx.output.query !== undefined ? { query: ctx.output.query } : {}),
    ...(ctx.output.jq ? { jq: true } : {}),
    ...(ctx.output.raw ? { raw: true } : {}),
  });
  const rows = paginate({
    plan: { ...planPages({ all: true }), pageSize: size },
    concurrency: ctx.globals.concurrency ?? DEFAULT_CONCURRENCY,
    request: { ...request, query: rest },
    send: async (pageRequest) => {
      const page: unknown = await client.request(pageRequest);
      if (!isRecord(page) || !isRecord(page.meta) || !Array.isArray(page.data))
        throw new WfdError(
          `--paginate: ${request.path} does not answer a paginated collection (meta and data)`,
        );
      return page as unknown as Page<Record<string, unknown>>;
    },
  });
  try {
    for await (const row of rows) {
      if (ctx.io.stdoutClosed()) break;
      await sink.write(row);
    }
    await sink.end();
  } catch (error) {
    throw ctx.output.jq ? withPaginateHint(error, ctx.output.format === 'ndjson') : error;
  }
}

/**
 * A --jq program that failed on merged pages was likely written for gh's --paginate, which runs
 * it on each page (`.data[]`): say what the program sees here.
 */
function withPaginateHint(error: unknown, perRecord: boolean): unknown {
  if (!(error instanceof WfdError) || !error.message.startsWith('--jq:') || error.hint) return error;
  const sees = perRecord
    ? 'each record (with -o ndjson), not each page'
    : "one array of every page's records, not each page as gh's --paginate";
  return new WfdError(error.message, {
    hint: `with --paginate the program sees ${sees}: write \`.[]\` where gh has \`.data[]\`${perRecord ? ', `.` for each record' : ''}`,
  });
}
