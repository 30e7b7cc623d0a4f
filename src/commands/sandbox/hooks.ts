/**
 * The client of a running sandbox's test hooks (`/_sandbox/...`), which take no token: the
 * sandbox is the one the current credentials name (the `sandbox` profile), or --base-url.
 */
import type { Context } from '../../context.js';
import { ApiError, WfdError } from '../../core/errors.js';
import type { ApiClient } from '../../core/http/http.js';
import type { ApiRequest } from '../../core/http/request.js';

/** A client of the sandbox at the base URL of the current credentials; no token is sent. */
export async function hookClient(ctx: Context): Promise<ApiClient> {
  const { requireBaseUrl } = await import('../../core/auth/credentials.js');
  return ctx.apiFor(requireBaseUrl(await ctx.credentials()), undefined);
}

/** The hook's answer; a server without the hooks is told apart from a missing record. */
export async function readHook<P>(client: ApiClient, request: ApiRequest<P>): Promise<P> {
  try {
    return await client.request(request);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new WfdError(`${client.origin} has no ${request.path} hook: is it a wfd sandbox?`, {
        hint: 'start one with `wfd sandbox start`, or pass --base-url with the address it prints',
      });
    }
    throw error;
  }
}
