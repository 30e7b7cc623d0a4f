/**
 * The OAuth 2.0 authorization server at the host root (not under /v1, so the
 * auth and rate-limit stages of app.ts pass it by):
 *
 *   GET  /.well-known/openid-configuration  server metadata
 *   GET  /authorize                         checks the request, shows the sign-in page
 *   POST /authorize/sign-in                 e-mail -> the workspace choice
 *   POST /authorize/consent                 approve or deny -> redirect to the client
 *   POST /token                             authorization_code and refresh_token grants
 *
 * plus the OAuth test hooks under /_sandbox/oauth/.
 */
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { baseUrlOf } from '../address.js';
import { SandboxError } from '../errors.js';
import { RequestLog } from '../request-log.js';
import type { Store } from '../store.js';
import type { Clock } from '../time.js';
import { decide, type PageReply, signIn, startAuthorization } from './authorize.js';
import type { ClientRegistry } from './clients.js';
import { discoveryDocument } from './discovery.js';
import { tokenError } from './errors.js';
import type { OAuthGrants } from './grants.js';
import { errorPage } from './pages.js';
import { asParams } from './params.js';
import { AuthorizeSessions } from './sessions.js';
import { registerOAuthTestHooks, type TokenLogEntry } from './test-hooks.js';
import { exchangeToken } from './token.js';

export interface OAuthOptions {
  /** The provisioned clients. */
  readonly clients: ClientRegistry;
  /** The grants and their tokens, with the lifetime of access tokens. */
  readonly grants: OAuthGrants;
}

// The consent page must not be framed (clickjacking) nor cached. No CSP form-action: browsers
// apply it to the redirect that follows a form post, which goes to the client.
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Registers the OAuth routes and their test hooks. */
export function registerOAuth(app: FastifyInstance, store: Store, clock: Clock, options: OAuthOptions): void {
  const { clients, grants } = options;
  const services = { store, clients, grants, sessions: new AuthorizeSessions(clock) };
  const tokenLog = new RequestLog<TokenLogEntry>();
  // The announced base URL, not the Host header: the issuer must not vary with what a request claims.
  const issuer = () => baseUrlOf(app.server);

  app.get('/.well-known/openid-configuration', async () => discoveryDocument(issuer()));

  // Form bodies are parsed only in the encapsulated contexts below, so /v1 stays JSON-only.
  app.register(async (pages) => {
    await pages.register(formbody);
    pages.get('/authorize', async (req, reply) => sendPage(reply, startAuthorization(req.query, services)));
    pages.post('/authorize/sign-in', async (req, reply) => sendPage(reply, signIn(req.body, services)));
    pages.post('/authorize/consent', async (req, reply) => sendPage(reply, decide(req.body, services)));
    pages.setErrorHandler(async (error: FastifyError, _req, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) throw error;
      return sendPage(reply, { status: 400, page: errorPage('The form could not be read.') });
    });
  });

  app.register(async (token) => {
    await token.register(formbody);
    // RFC 6749 5.1: token responses must not be cached.
    token.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    });
    token.addHook('onResponse', async (req, reply) => {
      const grantType = asParams(req.body)?.grant_type;
      tokenLog.add({
        grant_type: typeof grantType === 'string' ? grantType : null,
        status: reply.statusCode,
      });
    });
    token.post('/token', async (req, reply) => {
      const now = clock.now();
      const body = { authorization: req.headers.authorization, body: req.body };
      const result = exchangeToken(body, { clients, grants, now, issuer: issuer() });
      return reply.code(result.status).send(result.body);
    });
    token.setErrorHandler(async (error: FastifyError, _req, reply) => {
      const mapped = error instanceof SandboxError ? error : bodyError(error);
      return reply.code(mapped.status).headers(mapped.headers).send(mapped.body);
    });
  });

  registerOAuthTestHooks(app, clients, grants, tokenLog);
}

function sendPage(reply: FastifyReply, result: PageReply): FastifyReply {
  reply.code(result.status).headers(PAGE_HEADERS);
  if ('location' in result) return reply.header('location', result.location).send();
  return reply.type('text/html; charset=utf-8').send(result.page.text);
}

/** A body fastify could not parse: the spec's "malformed request" (400), or 413 when too large. */
function bodyError(error: FastifyError): SandboxError {
  const status = error.statusCode ?? 500;
  if (status >= 500) throw error;
  if (status === 413) return tokenError(413, 'The body is too large');
  return tokenError(400, 'Malformed request: send a JSON object or form-encoded parameters');
}
