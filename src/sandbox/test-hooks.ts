/**
 * Test hooks: routes outside `/v1` that need no token, so tests and scripts can
 * inspect and steer a running sandbox.
 *
 *   GET    /_sandbox/health         {ok: true}
 *   GET    /_sandbox/requests       {count, cursor, requests: [{seq, time, method, url, path, status,
 *                                   duration_ms, token_prefix, fault}]}; `since`, `limit`, `wait`
 *                                   read it as a feed (feed-query.ts)
 *   DELETE /_sandbox/requests       resets that log (204)
 *   POST   /_sandbox/tokens/revoke  {token}: revokes it, as the web application's settings would
 *   GET    /_sandbox/routes         {routes: [{method, url}]}: every route this server serves, with
 *                                   fastify's path patterns (`/v1/cases/:id`), HEAD left out
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { standardError } from './errors.js';
import { feedQuery } from './feed-query.js';
import type { RequestLog } from './request-log.js';
import type { Store } from './store.js';
import { parseBody } from './validation.js';

const RevokeBody = z.strictObject({ token: z.string().min(1) });

/** Registers the `/_sandbox/*` routes. */
export function registerTestHooks(app: FastifyInstance, store: Store, log: RequestLog): void {
  const routes: { method: string; url: string }[] = [];
  // Every route, whichever context registers it; fastify's own HEAD twins of GET routes left out.
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  app.get('/_sandbox/health', async () => ({ ok: true }));
  app.get('/_sandbox/routes', async () => ({ routes }));

  app.get('/_sandbox/requests', async (req) => {
    const feed = feedQuery(req.query as Record<string, unknown>);
    // A number past the latest comes from an earlier run of the sandbox: read from the start.
    const since = feed.since !== undefined && feed.since > log.latest ? 0 : feed.since;
    const { limit, waitMs } = feed;
    await log.waitAfter(since, waitMs);
    const found = log.after(since, limit);
    return {
      count: log.count,
      // What to pass as `since` next time: the last entry answered, or where the reader stood.
      cursor: found.at(-1)?.seq ?? since ?? log.latest,
      requests: found.map(({ seq, entry }) => ({ seq, ...entry })),
    };
  });

  app.delete('/_sandbox/requests', async (_req, reply) => {
    log.reset();
    return reply.code(204).send();
  });

  app.post('/_sandbox/tokens/revoke', async (req) => {
    const { token } = parseBody(RevokeBody, req.body);
    if (!store.revokeToken(token)) throw standardError(404, 'Token not found');
    return { token_prefix: token.slice(0, 8), revoked: true };
  });
}
