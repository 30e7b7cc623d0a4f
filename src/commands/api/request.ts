import * as z from 'zod/mini';
import { preprocess } from '../../api/schemas.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { readJson } from '../../core/body.js';
import { UsageError } from '../../core/errors.js';
import type { ApiRequest, QueryParams } from '../../core/http/request.js';
import { quote } from '../../core/text/quote.js';
import { parseHeaderLines } from '../shared/header-args.js';
import { mutationClient, printDryRun } from '../shared/mutation.js';
import { fieldsToBody, fieldsToQuery, readFields } from './fields.js';
import { API } from './flags.js';
import { METHODS } from './methods.js';
import { printAnswer, printPages } from './print.js';

/**
 * The command line's `[METHOD] <path>` and `-X METHOD` as one method and path: the first
 * argument is the path when no second is given (GET unless -X says otherwise, as in `gh api`).
 */
function requestLine(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || !('methodOrPath' in raw)) return raw;
  const { methodOrPath, path, method, ...rest } = raw as Record<string, unknown>;
  if (path === undefined) {
    if ((METHODS as readonly string[]).includes(String(methodOrPath).toUpperCase()))
      throw new UsageError(`missing <path> after ${String(methodOrPath)}`);
    return { ...rest, method: method ?? 'GET', path: methodOrPath };
  }
  if (method !== undefined && String(method).toUpperCase() !== String(methodOrPath).toUpperCase())
    throw new UsageError(`two methods: ${quote(String(methodOrPath))} and -X ${quote(String(method))}`, {
      hint: 'give the method once: `wfd api -X POST /cases` or `wfd api POST /cases`',
    });
  return { ...rest, method: methodOrPath, path };
}

// After requestLine, `<method-or-path>` is gone and the method and the path are both known.
const ApiFlags = z.required(z.partial(verbSchema(API), { methodOrPath: true }), { method: true, path: true });
export const ApiOptions = preprocess(requestLine, ApiFlags);
export type ApiOptions = z.infer<typeof ApiFlags>;

/** Endpoints at the host root (spec: the OAuth endpoints), and the sandbox's test hooks. */
const ROOT_PATH = /^\/(?:\.well-known\/|token$|token\?|authorize(?:$|[/?])|_sandbox\/)/;

export async function runApi(options: ApiOptions, ctx: Context): Promise<void> {
  const method = options.method.toUpperCase();
  if (!(METHODS as readonly string[]).includes(method))
    throw new UsageError(`invalid method ${quote(options.method)} (expected one of ${METHODS.join(', ')})`);
  if (options.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only');
  const readStdin = () => ctx.io.readStdin();
  const fields = await readFields(options.rawField ?? [], options.field ?? [], readStdin);
  const target = parseTarget(options.path);
  const headers = parseHeaders(options.header ?? []);
  // As gh does: GET sends the fields as query parameters, other methods as a JSON body, unless
  // --input gives the body; then the fields go to the query.
  const fieldsInQuery = method === 'GET' || method === 'HEAD' || options.input !== undefined;
  const request: ApiRequest = {
    method: method as ApiRequest['method'],
    path: target.path,
    query: [...target.query, ...(fieldsInQuery ? fieldsToQuery(fields) : [])],
    headers,
    ...(target.root ? { root: true } : {}),
    ...(!fieldsInQuery && fields.length > 0 ? { body: fieldsToBody(fields) } : {}),
    ...(options.input !== undefined ? { body: await readJson(options.input, '--input', readStdin) } : {}),
  };
  if (options.check) {
    const { checkAgainstDescription } = await import('./check.js');
    await checkAgainstDescription(
      method,
      target.root ? target.path : `/v1${target.path}`,
      request.query ?? [],
      request.body,
    );
  }
  const client = await mutationClient(ctx, options.dryRun);
  if (options.dryRun) return printDryRun(ctx, await client.prepare(request));
  if (options.paginate) return printPages(ctx, client, request);
  await printAnswer(ctx, await client.exchange(request), { include: options.include === true, method });
}

/** `/cases?x=1` -> the path under /v1 and its query; `/v1/...` is tolerated; root paths stay at the root. */
function parseTarget(text: string): { path: string; query: QueryParams; root: boolean } {
  const withSlash = text.startsWith('/') ? text : `/${text}`;
  const url = new URL(withSlash, 'http://wfd.invalid');
  const root = ROOT_PATH.test(withSlash);
  const path = root ? url.pathname : url.pathname.replace(/^\/v1(?=\/|$)/, '') || '/';
  return { path, query: [...url.searchParams.entries()], root };
}

/** -H headers; the token is wfd's to send. */
function parseHeaders(lines: readonly string[]): Record<string, string> {
  const headers = parseHeaderLines(lines, '-H');
  if ('authorization' in headers)
    throw new UsageError('-H Authorization: wfd sends the token itself; use --profile or WFD_TOKEN');
  return headers;
}

export const verb = defineVerb(API, ApiOptions, runApi, { fields: [] });
