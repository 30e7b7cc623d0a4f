/**
 * Sends a mutating request, or with --dry-run prints it (token redacted) and sends nothing; and
 * the one flow of the update verbs (`cases update-data`, `forms update`).
 */
import type { Context } from '../../context.js';
import { readJsonBody } from '../../core/body.js';
import { UsageError } from '../../core/errors.js';
import type { ApiClient } from '../../core/http/http.js';
import type { ApiRequest, PreparedRequest } from '../../core/http/request.js';
import { type DetailView, FORMATS, renderItem } from '../../output/render.js';
import { explainNotFound } from './not-found.js';
import { renderOptions } from './output.js';
import { assertIdForm, type IdLookup, resolveId } from './resolve-id.js';

/** The client for a mutation: under --dry-run a missing token is fine, the base URL is not. */
export async function mutationClient(ctx: Context, dryRun: boolean | undefined): Promise<ApiClient> {
  if (!dryRun) return ctx.api();
  const { requireBaseUrl } = await import('../../core/auth/credentials.js');
  const credentials = await ctx.credentials();
  return ctx.apiFor(requireBaseUrl(credentials), credentials.token);
}

/**
 * Prints what would be sent. One request prints as one object; a bulk command passes an array
 * and gets one JSON array (a format whose records are one JSON document), one line per request
 * (one of JSON lines), or blocks separated by a blank line (text, like an HTTP trace).
 */
export async function printDryRun(
  ctx: Context,
  prepared: PreparedRequest | readonly PreparedRequest[],
): Promise<void> {
  if (isList(prepared)) return printDryRuns(ctx, prepared.length, async (index) => prepared[index]!);
  ctx.io.errorLine('dry run: this request was not sent');
  const { json } = FORMATS[ctx.output.format];
  const text =
    json === 'document'
      ? JSON.stringify(prepared, null, 2)
      : json === 'lines'
        ? JSON.stringify(prepared)
        : describe(prepared);
  await ctx.io.write(`${text}\n`);
}

function isList(
  prepared: PreparedRequest | readonly PreparedRequest[],
): prepared is readonly PreparedRequest[] {
  return Array.isArray(prepared);
}

/**
 * `count` requests, each prepared and printed in turn, as printDryRun prints an array: the dry
 * run of two million ids holds the ids, never two million requests and their text at once.
 */
export async function printDryRuns(
  ctx: Context,
  count: number,
  prepare: (index: number) => Promise<PreparedRequest>,
): Promise<void> {
  ctx.io.errorLine(`dry run: ${count === 1 ? 'this request was' : `these ${count} requests were`} not sent`);
  const { json } = FORMATS[ctx.output.format];
  if (json === 'document') await ctx.io.write('[\n');
  for (let index = 0; index < count; index++) {
    const request = await prepare(index);
    const last = index === count - 1;
    if (json === 'document')
      await ctx.io.write(`${JSON.stringify(request, null, 2).replace(/^/gm, '  ')}${last ? '\n]\n' : ',\n'}`);
    else if (json === 'lines') await ctx.io.write(`${JSON.stringify(request)}\n`);
    else await ctx.io.write(`${describe(request)}\n${last ? '' : '\n'}`);
  }
}

function describe(prepared: PreparedRequest): string {
  const lines = [`${prepared.method} ${prepared.url}`];
  for (const [name, value] of Object.entries(prepared.headers)) lines.push(`${name}: ${value}`);
  const { body } = prepared;
  if (body !== undefined) lines.push('', typeof body === 'string' ? body : JSON.stringify(body, null, 2));
  return lines.join('\n');
}

/** Sends `request`, or prints it under --dry-run and returns undefined. */
export async function sendOrPrint<T>(
  ctx: Context,
  client: ApiClient,
  request: ApiRequest<T>,
  dryRun: boolean | undefined,
): Promise<T | undefined> {
  if (dryRun) {
    await printDryRun(ctx, await client.prepare(request));
    return undefined;
  }
  return client.request(request);
}

/** One update verb: a record by id, the fields to change from `--body` and the flags. */
export interface Update<T, R extends { id: string }> {
  /** how the id is taken: a UUID as is, a prefix (or reference) found by one lookup; names it in errors */
  lookup: IdLookup<R>;
  id: string;
  /** `--body FILE|-`: a JSON object of fields */
  body: string | undefined;
  /** the request's fields: the body's, with the flags' over them */
  changes(base: Record<string, unknown>): Record<string, unknown>;
  /** which flags to pass when there is nothing to change */
  nothingHint: string;
  request(id: string, changes: Record<string, unknown>): ApiRequest<T>;
  /** what to run to find the ids when one is not found */
  listHint: string;
  view: DetailView;
  dryRun: boolean | undefined;
}

/**
 * Reads the body, lays the flags over it, sends the request (or prints it under --dry-run) and
 * shows the record the API answers. Nothing to change is a usage error, before any request.
 */
export async function runUpdate<T extends Record<string, unknown>, R extends { id: string }>(
  ctx: Context,
  update: Update<T, R>,
): Promise<void> {
  assertIdForm(update.id, update.lookup);
  const base = update.body ? await readJsonBody(update.body, () => ctx.io.readStdin()) : {};
  const changes = update.changes(base);
  if (Object.keys(changes).length === 0)
    throw new UsageError('nothing to update', { hint: update.nothingHint });
  const render = renderOptions(ctx, { columns: [] });
  const client = await mutationClient(ctx, update.dryRun);
  const id = await resolveId(client, update.id, update.lookup);
  const updated = await explainNotFound(
    sendOrPrint(ctx, client, update.request(id, changes), update.dryRun),
    `${update.lookup.noun} ${id}`,
    update.listHint,
  );
  if (updated) await renderItem(ctx.io, render, updated, { view: update.view });
}
