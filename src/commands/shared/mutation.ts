/** Sends a mutating request, or with --dry-run prints it (token redacted) and sends nothing. */
import type { Context } from '../../context.js';
import type { ApiClient, ApiRequest, PreparedRequest } from '../../core/http.js';

/** The client for a mutation: under --dry-run a missing token is fine, the base URL is not. */
export async function mutationClient(ctx: Context, dryRun: boolean | undefined): Promise<ApiClient> {
  if (!dryRun) return ctx.api();
  const { requireBaseUrl } = await import('../../core/auth/credentials.js');
  const credentials = await ctx.credentials();
  return ctx.apiFor(requireBaseUrl(credentials), credentials.token);
}

/**
 * Prints what would be sent. One request prints as one object; a bulk command passes an array
 * and gets one JSON array (json), one line per request (ndjson), or blocks separated by a
 * blank line (text, like an HTTP trace).
 */
export async function printDryRun(
  ctx: Context,
  prepared: PreparedRequest | PreparedRequest[],
): Promise<void> {
  const count = Array.isArray(prepared) ? prepared.length : 1;
  ctx.io.errorLine(`dry run: ${count === 1 ? 'this request was' : `these ${count} requests were`} not sent`);
  const format = ctx.output.format;
  if (format === 'json') {
    await ctx.io.write(`${JSON.stringify(prepared, null, 2)}\n`);
    return;
  }
  const requests = Array.isArray(prepared) ? prepared : [prepared];
  if (format === 'ndjson') {
    await ctx.io.write(requests.map((request) => `${JSON.stringify(request)}\n`).join(''));
    return;
  }
  await ctx.io.write(`${requests.map(describe).join('\n\n')}\n`);
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
