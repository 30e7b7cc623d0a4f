/**
 * Test hooks: routes outside `/v1` that need no token, so tests and scripts can
 * inspect and steer a running sandbox.
 *
 *   GET    /_sandbox/health         {ok: true}
 *   GET    /_sandbox/workspaces     {workspaces: [{id, slug, name, token}]}: the seeded workspaces and
 *                                   their tokens, as `wfd sandbox start -o json` prints them
 *   GET    /_sandbox/requests       {count, cursor, requests: [{seq, time, method, url, path, status,
 *                                   duration_ms, token_prefix, workspace, fault}]}; `since`, `limit`,
 *                                   `wait` read it as a feed (feed-query.ts)
 *   GET    /_sandbox/requests/events  the same entries as server-sent events (event-stream.ts)
 *   GET    /_sandbox/requests/SEQ   one entry with its exchange: {..., request: {headers, body},
 *                                   response: {headers, body}}, secrets masked (exchanges.ts), or
 *                                   null when not kept; 404 once the entry is no longer kept
 *   DELETE /_sandbox/requests       resets that log (204)
 *   POST   /_sandbox/tokens/revoke  {token}: revokes it, as the web application's settings would
 *   GET    /_sandbox/rate-limit     {rate_limit}: the limits in force, as `--rate-limit` writes them
 *   PUT    /_sandbox/rate-limit     {rate_limit}: puts others in force, counting from now
 *   GET    /_sandbox/routes         {routes: [{method, url}]}: every route this server serves, with
 *                                   fastify's path patterns (`/v1/cases/:id`), HEAD left out
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { invalid, standardError } from './errors.js';
import { registerEventStream } from './event-stream.js';
import type { Exchanges } from './exchanges.js';
import { feedQuery } from './feed-query.js';
import { parseRateLimit, type RateLimiter } from './rate-limit.js';
import type { RequestLog } from './request-log.js';
import type { Store } from './store.js';
import { parseBody } from './validation.js';

const RevokeBody = z.strictObject({ token: z.string().min(1) });
const RateLimitBody = z.strictObject({ rate_limit: z.string() });

/** What the hooks read and steer. */
export interface TestHookServices {
  readonly store: Store;
  readonly log: RequestLog;
  readonly exchanges: Exchanges;
  readonly limiter: RateLimiter;
  /** The limits in force when the sandbox started, as `--rate-limit` writes them. */
  readonly rateLimit: string;
}

/** Registers the `/_sandbox/*` routes. */
export function registerTestHooks(app: FastifyInstance, services: TestHookServices): void {
  const { store, log } = services;
  const routes: { method: string; url: string }[] = [];
  // Every route, whichever context registers it; fastify's own HEAD twins of GET routes left out.
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  app.get('/_sandbox/health', async () => ({ ok: true }));
  app.get('/_sandbox/routes', async () => ({ routes }));
  app.get('/_sandbox/workspaces', async () => ({
    workspaces: store.tokens().map(({ workspace, token }) => ({
      id: workspace.id,
      slug: workspace.slug,
      name: workspace.name,
      token,
    })),
  }));

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
  registerEventStream(app, '/_sandbox/requests/events', 'request', {
    latest: () => log.latest,
    after: (since, limit) =>
      log.after(since, limit).map(({ seq, entry }) => ({ seq, data: { seq, ...entry } })),
    wait: (since, ms) => log.waitAfter(since, ms),
  });
  app.get('/_sandbox/requests/:seq', async (req) => {
    const { seq: text } = req.params as { seq: string };
    const seq = /^\d{1,16}$/.test(text) ? Number(text) : 0;
    const found = seq > 0 ? log.after(seq - 1, 1)[0] : undefined;
    if (found?.seq !== seq)
      throw standardError(404, 'Request not found: the sandbox keeps the last ones only');
    // Requests the HTTP parser refused have no exchange, and old ones lose theirs first.
    const exchange = services.exchanges.get(seq);
    return { seq, ...found.entry, request: exchange?.request ?? null, response: exchange?.response ?? null };
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

  let rateLimit = services.rateLimit;
  app.get('/_sandbox/rate-limit', async () => ({ rate_limit: rateLimit }));
  app.put('/_sandbox/rate-limit', async (req) => {
    const body = parseBody(RateLimitBody, req.body);
    try {
      services.limiter.configure(parseRateLimit(body.rate_limit));
    } catch (error) {
      throw invalid('Invalid request body', [
        { message: (error as Error).message, path: ['rate_limit'], type: 'invalid_value' },
      ]);
    }
    rateLimit = body.rate_limit;
    return { rate_limit: rateLimit };
  });
}
