/**
 * Builds the sandbox's HTTP pipeline on fastify. Stages run in this fixed order
 * for every request:
 *
 *   0. target                      the URL normalised once (request-target.ts): every later stage and
 *                                  the router judge that same path
 *   1. request id and request log  x-request-id on every response, then a refused target is a 400;
 *                                  /v1 requests logged when answered
 *      host guard                  a Host that names another site is a 421 (host-guard.ts: DNS rebinding)
 *      cross-origin writes         a write to /_sandbox/* from a page of another origin is a 403
 *   2. test hooks                  /_sandbox/* routes: no token, no limits; quiet reads
 *                                  (/_sandbox/quiet/v1/...) go on as /v1 requests that stages 1, 4
 *                                  and 5 leave alone (quiet-reads.ts)
 *      console                     /, /reference and their files: the console's pages (console/)
 *      OAuth                       /authorize, /token, /.well-known/*: client credentials, no bearer token
 *      description                 /openapi.json: the API's OpenAPI description, no token
 *   3. auth                        a guard of the /v1 context: every /v1 route and the /v1 not-found
 *                                  handler sit behind it, so nothing under /v1 is reached without a token
 *   4. rate limit                  per token and per client, counted after auth, also in the /v1 context
 *   5. faults                      --faults: a seeded draw per /v1 request; 429/5xx instead of the route,
 *                                  slow and reset applied to its answer (faults/stage.ts)
 *   6. body                        a Content-Encoding refused (415), then JSON parsed once and bounded
 *   7. route                       fastify's router calls a pure handler; unknown routes -> 404
 *   8. error mapper                SandboxError and fastify's own errors -> the spec's body shapes
 *   9. durable                     with a data directory, every answer waits until the writes made
 *                                  so far are on disk (persist/durable-answers.ts)
 *
 * What Node's HTTP parser refuses (431, malformed requests) and CONNECT never reach these stages:
 * protocol-errors.ts answers and logs them.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { OPERATIONS } from '../resources/operations.js';
import { registerUploadRoute } from './attachments/routes.js';
import { registerAttachmentTestHooks } from './attachments/test-hooks.js';
import { authenticate, tokenPrefix } from './auth.js';
import type { QueryParams } from './collection.js';
import { type ConnectionTimeouts, httpServerTimeouts } from './connection-timeouts.js';
import { registerConsole } from './console/routes.js';
import { refuseEncodedBodies } from './content-encoding.js';
import type { Handler, RequestContext, Services } from './context.js';
import { rateLimited, type SandboxError, standardError } from './errors.js';
import { Exchanges } from './exchanges.js';
import { toSandboxError } from './fastify-errors.js';
import type { FaultInjector } from './faults/injector.js';
import { FaultStage } from './faults/stage.js';
import { registerFaultTestHooks } from './faults/test-hooks.js';
import { crossOriginWrite, foreignHost, isCrossOriginWrite, isOwnHost } from './host-guard.js';
import { registerJsonParser } from './json-body.js';
import { registerOAuth } from './oauth/routes.js';
import { registerDescription } from './openapi-route.js';
import { holdAnswersUntilDurable } from './persist/durable-answers.js';
import { answerClientError, answerConnect, MAX_HEADER_BYTES } from './protocol-errors.js';
import { QueryCache } from './query-cache.js';
import { quietTarget } from './quiet-reads.js';
import { randomUuid } from './random.js';
import { parseRateLimit, RateLimiter } from './rate-limit.js';
import { RequestLog } from './request-log.js';
import { isApiPath, normaliseTarget, type RequestTarget } from './request-target.js';
import { V1_HANDLERS } from './routes.js';
import { sendReply } from './send-reply.js';
import type { SandboxState } from './state.js';
import type { TokenRecord } from './store.js';
import { registerTestHooks } from './test-hooks.js';
import type { Clock, Scheduler } from './time.js';
import { Webhooks } from './webhooks/dispatcher.js';
import { registerWebhookTestHooks } from './webhooks/test-hooks.js';
import { createHttpTransport } from './webhooks/transport.js';

export interface AppOptions {
  /** The seeded stores; the ids of new records come from its PRNG, so runs can be replayed. */
  readonly state: SandboxState;
  /** The size limit of the files of one upload request together, in bytes. */
  readonly maxUploadBytes: number;
  readonly clock: Clock;
  /** Runs deferred work by the time of `clock`. */
  readonly scheduler: Scheduler;
  /** The limits, as `--rate-limit` writes them (checked by server.ts). */
  readonly rateLimit: string;
  /** The wait before each webhook retry; as many retries as delays. */
  readonly webhookRetryDelaysMs: readonly number[];
  /** Time-out of one webhook attempt. */
  readonly webhookTimeoutMs: number;
  /** The faults injected into /v1 requests (seeded in server.ts, changed at run time by a test hook). */
  readonly faults: FaultInjector;
  /** With a data directory: resolves once every write made so far is on disk. */
  readonly durable?: () => Promise<void>;
  /** How long a slow or idle connection is kept. */
  readonly timeouts: ConnectionTimeouts;
  /** The names a request's Host may give (host-guard.ts `hostNames`); others are refused. */
  readonly hostNames: ReadonlySet<string>;
  /** Serve HTTPS with this key and certificate (PEM). */
  readonly tls?: { key: string; cert: string };
}

/** The fastify instance of one sandbox, not yet listening. */
export function createApp(options: AppOptions): FastifyInstance {
  const { state, clock, scheduler } = options;
  const { store, forms, attachments } = state;
  const newId = () => randomUuid(state.ids.next);
  const transport = createHttpTransport(options.webhookTimeoutMs);
  const webhooks = new Webhooks({
    clock,
    scheduler,
    newId,
    retryDelaysMs: options.webhookRetryDelaysMs,
    transport: transport.send,
  });
  const services: Services = {
    store,
    forms,
    attachments,
    docintel: state.docintel,
    clock,
    scheduler,
    cache: new QueryCache(),
    newId,
    webhooks,
  };
  const log = new RequestLog();
  const exchanges = new Exchanges();
  const limiter = new RateLimiter(parseRateLimit(options.rateLimit));
  const faultStage = new FaultStage(options.faults, scheduler);
  const targets = new WeakMap<IncomingMessage, RequestTarget>();
  const quiet = new WeakSet<IncomingMessage>();
  const answers = new WeakMap<FastifyRequest, unknown>();
  const arrivals = new WeakMap<FastifyRequest, number>();
  const tokenOf = new WeakMap<FastifyRequest, TokenRecord>();
  const serverTimeouts = httpServerTimeouts(options.timeouts);
  // Node would answer a missing Host itself, with an empty body; stage 1 answers it in the standard shape.
  const server = { maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false, ...serverTimeouts };
  const app = Fastify({
    logger: false,
    // fastify sets these two on the server after creating it (its defaults: none, 72 s).
    requestTimeout: serverTimeouts.requestTimeout,
    keepAliveTimeout: serverTimeouts.keepAliveTimeout,
    genReqId: () => randomUUID(),
    // A TLS server takes the same options beside its key and certificate.
    ...(options.tls ? { https: { ...server, ...options.tls } } : { http: server }),
    // No parameter can be longer than the head; handlers judge long ones (after auth), not the router.
    routerOptions: { maxParamLength: MAX_HEADER_BYTES },
    clientErrorHandler: answerClientError(log, clock),
    // 0. Target. A refused target goes to '/', which no route serves; the target stage answers it.
    rewriteUrl: (raw) => {
      let target = normaliseTarget(raw.url ?? '/');
      const read = quietTarget(raw.method, target);
      if (read) {
        quiet.add(raw);
        target = read;
      }
      targets.set(raw, target);
      return target.ok ? target.url : '/';
    },
  });
  // Bodies are JSON only: fastify would otherwise hand text/plain bodies to handlers as strings.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);
  refuseEncodedBodies(app);
  app.server.on('connect', answerConnect(log, clock));
  // 9. Durable: a root hook, so it holds back every answer, whatever context it comes from.
  if (options.durable) holdAnswersUntilDurable(app, options.durable);

  // 1. Request id and request log. The log keeps the URL as sent, and judges the normalised path.
  app.addHook('onRequest', async (req, reply) => {
    arrivals.set(req, clock.now());
    reply.header('x-request-id', req.id);
    const target = targets.get(req.raw)!;
    if (!target.ok) throw standardError(400, target.reason);
    const { host } = req.headers;
    if (req.raw.httpVersion === '1.1' && host === undefined) {
      throw standardError(400, 'Missing Host header: HTTP/1.1 requests need one');
    }
    if (host !== undefined && !isOwnHost(host, options.hostNames)) throw foreignHost(host);
    const { origin } = req.headers;
    if (isCrossOriginWrite(req.method, target.path, origin, host ?? '')) throw crossOriginWrite(origin!);
  });
  const logged = (req: FastifyRequest) => isApiPath(targets.get(req.raw)!.path) && !quiet.has(req.raw);
  // The answer as serialized, for the console's view of the exchange once it was opened (a
  // callback rather than an async hook: one promise fewer on every answer).
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (exchanges.watching && logged(req) && (typeof payload === 'string' || Buffer.isBuffer(payload)))
      answers.set(req, payload);
    done(null, payload);
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!logged(req)) return;
    const { path } = targets.get(req.raw)!;
    log.add({
      time: new Date(arrivals.get(req) ?? clock.now()).toISOString(),
      method: req.method,
      url: req.originalUrl,
      path,
      status: reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime * 10) / 10,
      token_prefix: tokenPrefix(req.headers.authorization),
      workspace: tokenOf.get(req)?.workspace.slug ?? null,
      fault: faultStage.faultOf(req),
    });
    if (exchanges.watching)
      exchanges.add(log.latest, {
        requestHeaders: req.headers,
        requestBody: req.body,
        responseHeaders: reply.getHeaders(),
        payload: answers.get(req),
      });
  });

  // 2. Test hooks and OAuth: outside /v1, so the auth and limit guards of the /v1 context never apply.
  registerTestHooks(app, { store, log, exchanges, limiter, rateLimit: options.rateLimit });
  registerFaultTestHooks(app, options.faults);
  registerWebhookTestHooks(app, services);
  registerAttachmentTestHooks(app, attachments);
  registerOAuth(app, store, clock, { clients: state.clients, grants: state.grants });
  registerDescription(app);
  registerConsole(app, () => exchanges.watch());

  // 8. Error mapper (set before the /v1 context is registered, which inherits it).
  app.setErrorHandler(async (error: FastifyError, _req, reply) => {
    const mapped = toSandboxError(error);
    return reply.code(mapped.status).headers(mapped.headers).send(mapped.body);
  });
  app.setNotFoundHandler(async (req) => {
    throw notFound(req);
  });

  app.register(
    async (v1) => {
      // 3. Auth: a hook of the /v1 context, so it guards every route below and the not-found handler.
      v1.addHook('onRequest', async (req) => {
        tokenOf.set(req, authenticate(req.headers.authorization, store));
      });

      // 4. Rate limit. The client is the OAuth client id, or the remote address for personal tokens.
      v1.addHook('onRequest', async (req) => {
        if (quiet.has(req.raw)) return;
        const token = tokenOf.get(req)!;
        const client = token.clientId === undefined ? `address ${req.ip}` : `oauth ${token.clientId}`;
        const retryAfter = limiter.hit({ token: token.token, client }, clock.now());
        if (retryAfter > 0) throw rateLimited(retryAfter);
      });
      // 5. Faults: after auth and limits, so a fault hits only requests that would otherwise be served.
      faultStage.register(v1, (req) => quiet.has(req.raw));

      // 7. Routes.
      const contextOf = (req: FastifyRequest): RequestContext => ({
        auth: tokenOf.get(req)!,
        params: req.params as Record<string, string>,
        query: req.query as QueryParams,
        body: req.body,
        headers: req.headers,
      });
      const route = (method: 'GET' | 'POST' | 'PATCH', url: string, handler: Handler) =>
        v1.route({
          method,
          url,
          handler: async (req, reply) => sendReply(reply, await handler(contextOf(req), services), webhooks),
        });
      // Every /v1 operation of the API's table, at its path; uploads have a route of their own
      // (multipart bodies are parsed there only).
      const unserved = new Set(Object.keys(V1_HANDLERS));
      for (const op of OPERATIONS) {
        if (!op.path.startsWith('/v1/') || op.id === 'uploadAttachments') continue;
        const handler = V1_HANDLERS[op.id];
        if (!handler) throw new Error(`the sandbox has no handler of ${op.id}`);
        unserved.delete(op.id);
        route(
          op.method.toUpperCase() as 'GET' | 'POST' | 'PATCH',
          op.path.slice(3).replace(/\{(\w+)\}/g, ':$1'),
          handler,
        );
      }
      if (unserved.size > 0)
        throw new Error(`no operation of the API has the handlers ${[...unserved].join(', ')}`);
      registerUploadRoute(v1, { services, maxUploadBytes: options.maxUploadBytes, contextOf });
      v1.setNotFoundHandler(async (req) => {
        throw notFound(req);
      });
    },
    { prefix: '/v1' },
  );

  // Answers held back by a slow fault, and long polls of the feeds, end at once: closing waits for
  // requests in flight.
  app.addHook('preClose', async () => {
    faultStage.release();
    log.releaseWaiters();
    webhooks.deliveries.releaseWaiters();
  });
  // Pending webhook retries and attempts in flight end with the sandbox.
  app.addHook('onClose', async () => {
    webhooks.close();
    scheduler.cancelAll();
    await transport.close();
  });

  return app;
}

function notFound(req: FastifyRequest): SandboxError {
  return standardError(404, `Route ${req.method}:${req.url.split('?')[0]} not found`);
}
