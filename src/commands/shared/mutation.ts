/** Sends a mutating request, or with --dry-run prints it (token redacted) and sends nothing. */
import type { Context } from '../../context.js';
import type { ApiClient, PreparedRequest, RequestOptions } from '../../core/http.js';

/** The client for a mutation: under --dry-run a missing token is fine, the base URL is not. */
export async function mutationClient(ctx: Context, dryRun: boolean | undefined): Promise<ApiClient> {
  if (!dryRun) return ctx.api();
  const { requireBaseUrl } = await import('../../core/auth/credentials.js');
  const credentials = await ctx.credentials();
  return ctx.apiFor(requireBaseUrl(credentials), credentials.token);
}

export async function printDryRun(ctx: Context, prepared: PreparedRequest): Promise<void> {
  const format = ctx.outputFormat();
  if (format === 'json' || format === 'ndjson') {
    await ctx.io.write(`${JSON.stringify(prepared, null, format === 'json' ? 2 : undefined)}\n`);
    return;
  }
  const lines = [`${prepared.method} ${prepared.url}`];
  for (const [name, value] of Object.entries(prepared.headers)) lines.push(`${name}: ${value}`);
  if (prepared.body !== undefined) lines.push('', JSON.stringify(prepared.body, null, 2));
  await ctx.io.write(`${lines.join('\n')}\n`);
}

/** Sends `request`, or prints it under --dry-run and returns undefined. */
export async function sendOrPrint<T>(
  ctx: Context,
  client: ApiClient,
  request: RequestOptions<T>,
  dryRun: boolean | undefined,
): Promise<T | undefined> {
  if (dryRun) {
    await printDryRun(ctx, client.prepare(request));
    return undefined;
  }
  return client.request(request);
}
