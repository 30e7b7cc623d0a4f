/**
 * `wfd sandbox logs [--follow] [--status 4xx|5xx|CODE] [--path PREFIX] [--since T] [--tail N]`:
 * the running sandbox's /v1 request log (`/_sandbox/requests`), as `stripe logs tail` shows an
 * account's: when, the method, the URL as sent, the status, how long, the token's prefix, an
 * injected fault. --since and --tail bound what came before, as `docker logs` does.
 */
import type * as z from 'zod/mini';
import { readRequestLog } from '../../api/sandbox.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { resolveDate } from '../../core/list-query/dates.js';
import { quote } from '../../core/text/quote.js';
import {
  REQUEST_LOG_COLUMNS,
  REQUEST_LOG_FIELDS,
  REQUEST_LOG_TABLE_COLUMNS,
} from '../../resources/sandbox-feeds.js';
import { renderOptions } from '../shared/output.js';
import { printFeed } from './feed.js';
import { LOGS } from './flags.js';

export const LogsSandboxOptions = verbSchema(LOGS);
export type LogsSandboxOptions = z.output<typeof LogsSandboxOptions>;

export async function runLogsSandbox(options: LogsSandboxOptions, ctx: Context): Promise<void> {
  const status = options.status === undefined ? undefined : statusFilter(options.status);
  const since = options.since === undefined ? undefined : sinceTime(options.since, ctx.now());
  const { path } = options;
  await printFeed(ctx, {
    follow: options.follow === true,
    render: renderOptions(ctx, {
      columns: REQUEST_LOG_COLUMNS,
      tableColumns: REQUEST_LOG_TABLE_COLUMNS,
      noun: 'requests',
      idField: 'seq',
    }),
    read: readRequestLog,
    entriesOf: (page) => page.requests,
    cursorOf: (page) => page.cursor,
    keep: (entry) =>
      (status === undefined || status(Number(entry.status))) &&
      (path === undefined || String(entry.path).startsWith(path)) &&
      (since === undefined || Date.parse(String(entry.time)) >= since),
    tail: options.tail,
  });
}

/**
 * The instant `--since` names, in milliseconds: an age (`10m`: that long ago), today, yesterday,
 * or an ISO date, as `--where` reads dates.
 * @throws UsageError for anything else
 */
function sinceTime(text: string, now: Date): number {
  const instant = resolveDate(text, now);
  if (instant === undefined)
    throw new UsageError(
      `invalid --since ${quote(text)}: expected an age such as 10m or 2h, today, or an ISO date and time`,
    );
  return Date.parse(instant);
}

/**
 * `4xx` (a class), or `404` (one status).
 * @throws UsageError for anything else
 */
function statusFilter(text: string): (status: number) => boolean {
  const kind = /^([1-5])xx$/i.exec(text);
  if (kind) return (status) => Math.floor(status / 100) === Number(kind[1]);
  if (/^[1-5]\d\d$/.test(text)) return (status) => status === Number(text);
  throw new UsageError(
    `invalid --status ${quote(text)}: expected 4xx, 5xx (a class) or a status such as 404`,
  );
}

export const verb = defineVerb(LOGS, LogsSandboxOptions, runLogsSandbox, { fields: REQUEST_LOG_FIELDS });
