/**
 * Quiet reads: `GET /_sandbox/quiet/v1/...` is `GET /v1/...` with the same token, answered by the
 * same route, but not logged, not counted against the rate limits and spared the faults. The
 * console reads the data it shows through them, so that looking at the sandbox does not change
 * what an integrator's code meets, nor fill the request log it watches.
 */
import type { RequestTarget } from './request-target.js';

const PREFIX = '/_sandbox/quiet';

/** The /v1 target a quiet read stands for; undefined for any other request. */
export function quietTarget(method: string | undefined, target: RequestTarget): RequestTarget | undefined {
  if (method !== 'GET' || !target.ok || !target.path.startsWith(`${PREFIX}/v1`)) return undefined;
  const path = target.path.slice(PREFIX.length);
  if (path !== '/v1' && !path.startsWith('/v1/')) return undefined;
  return { ok: true, url: target.url.slice(PREFIX.length), path };
}
