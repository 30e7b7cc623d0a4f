/**
 * Builds the sandbox's HTTP pipeline on fastify. Stages run in this fixed order
 * for every request:
 *
 *   1. request id and request log  x-request-id on every response; /v1 requests logged when answered
 *   2. test hooks                  /_sandbox/* routes: no token, no limits
 *   3. auth                        every /v1 path (unknown ones too): 401 before anything else
 *   4. rate limit                  per token and per client, counted after auth
 *   5. route                       fastify's router calls a pure handler; unknown routes -> 404
 *   6. error mapper                SandboxError and fastify's own errors -> the spec's body shapes
 */
import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { authenticate, bearerToken } from './auth.js';
import type { QueryParams } from './collection.js';
import type { Clock, Handler, Services } from './context.js';
import { rateLimited, SandboxError, standardError } from './errors.js';
import { listCaseTemplates } from './handlers/case-templates.js';
import { archiveCase, countCases, createCase, getCase, listCases, updateCaseData } from './handlers/cases.js';
import { listWorkspaces } from './handlers/workspaces.js';
import { QueryCache } from './query-cache.js';
import { type RateLimitConfig, RateLimiter } from './rate-limit.js';
import { RequestLog } from './request-log.js';
import type { Store, TokenRecord } from './store.js';
import { registerTestHooks } from './test-hooks.js';

export interface AppOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly rateLimit: RateLimitConfig;
  /** Makes ids of new records; deterministic in server.ts so runs can be replayed. */
  readonly newId: () => string;
}

/** The fastify instance of one sandbox, not yet listening. */
export function createApp(options: AppOptions): FastifyInstance {
  const { store, clock } = options;
  const services: Services = { store, clock, cache: new QueryCache(), newId: options.newId };
  const log = new RequestLog();
  const limiter = new RateLimiter(options.rateLimit);
  const tokenOf = new WeakMap<FastifyRequest, TokenRecord>();
  const logRequest = (req: FastifyRequest, status: number) => {
    if (!isApiPath(req.url)) return;
    const token = bearerToken(req.headers.authorization);
    log.add({ method: req.method, url: req.url, status, token_prefix: token?.slice(0, 8) ?? null });
  };
  // A malformed path (bad percent-encoding) fails before any hook runs: answer and log it here alike.
  const badUrl = (error: Error, req: FastifyRequest, reply: FastifyReply) => {
    const mapped = standardError(400, error.message);
    reply.header('x-request-id', req.id).code(mapped.status).send(mapped.body);
    logRequest(req, mapped.status);
  };
  const app = Fastify({ logger: false, genReqId: () => randomUUID(), frameworkErrors: badUrl });
  // Bodies are JSON only: fastify would otherwise hand text/plain bodies to handlers as strings.
  app.removeContentTypeParser('text/plain');

  // 1. Request id and request log.
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.addHook('onResponse', async (req, reply) => logRequest(req, reply.statusCode));

  // 2. Test hooks: outside /v1, so the auth and limit stages below pass them by.
  registerTestHooks(app, store, log);

  // 3. Auth.
  app.addHook('onRequest', async (req) => {
    if (isApiPath(req.url)) tokenOf.set(req, authenticate(req.headers.authorization, store));
  });

  // 4. Rate limit. Personal tokens: the client is the remote address.
  app.addHook('onRequest', async (req) => {
    const token = tokenOf.get(req);
    if (!token) return;
    const retryAfter = limiter.hit({ token: token.token, client: req.ip }, clock.now());
    if (retryAfter > 0) throw rateLimited(retryAfter);
  });
  // Fault injection (--faults 429:0.1,503:0.05,reset:0.02,slow:0.02) belongs here, as one more
  // onRequest stage: after auth and limits (a fault hits only requests that would otherwise be
  // served), before the route.

  // 5. Routes.
  const route = (method: 'GET' | 'POST', url: string, handler: Handler) =>
    app.route({
      method,
      url,
      handler: async (req, reply) => {
        const auth = tokenOf.get(req)!;
        const params = req.params as Record<string, string>;
        const result = handler({ auth, params, query: req.query as QueryParams, body: req.body }, services);
        return reply.code(result.status).send(result.body);
      },
    });
  route('GET', '/v1/workspaces', listWorkspaces);
  route('GET', '/v1/cases', listCases);
  route('GET', '/v1/cases/count', countCases);
  route('GET', '/v1/cases/:id', getCase);
  route('POST', '/v1/cases', createCase);
  route('POST', '/v1/cases/:id', archiveCase);
  route('POST', '/v1/cases/:id/data', updateCaseData);
  route('GET', '/v1/case_templates', listCaseTemplates);
  app.setNotFoundHandler(async (req) => {
    throw standardError(404, `Route ${req.method}:${req.url.split('?')[0]} not found`);
  });

  // 6. Error mapper.
  app.setErrorHandler(async (error: FastifyError, _req, reply) => {
    const mapped = toSandboxError(error);
    return reply.code(mapped.status).headers(mapped.headers).send(mapped.body);
  });

  return app;
}

function isApiPath(url: string): boolean {
  return url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
}

/** Fastify's own errors (body parsing, limits) in the spec's standard shape; anything else is a 500. */
function toSandboxError(error: FastifyError): SandboxError {
  if (error instanceof SandboxError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return standardError(400, 'Body is not valid JSON');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return standardError(400, 'Body is empty; send a JSON object');
    // The spec's status table has no 415: an unsupported body type is a bad request.
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return standardError(400, 'Unsupported Content-Type; send application/json');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return standardError(status, error.message);
  process.stderr.write(`sandbox: unexpected error: ${error.stack ?? error.message}\n`);
  return standardError(500, 'Internal Server Error');
}
