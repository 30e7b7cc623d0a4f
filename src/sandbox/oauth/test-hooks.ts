/**
 * OAuth test hooks (no token, never rate limited), so tests can move a client
 * through expiry, revocation and refresh without waiting:
 *
 *   POST   /_sandbox/oauth/expire          {access_token} or {client_id}: expire now -> {expired: n}
 *   POST   /_sandbox/oauth/revoke          {refresh_token}: later refreshes get 400 -> {revoked: true}
 *   GET    /_sandbox/oauth/token-requests  {count, requests: [{grant_type, status}]}
 *   DELETE /_sandbox/oauth/token-requests  resets that log (204)
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { standardError } from '../errors.js';
import type { RequestLog } from '../request-log.js';
import { parseBody } from '../validation.js';
import type { ClientRegistry } from './clients.js';
import type { OAuthGrants } from './grants.js';

/** One POST /token request: the grant type it asked for (null when unreadable) and the answer's status. */
export interface TokenLogEntry {
  grant_type: string | null;
  status: number;
}

const ExpireBody = z
  .strictObject({ access_token: z.string().min(1).optional(), client_id: z.string().min(1).optional() })
  .refine((body) => (body.access_token === undefined) !== (body.client_id === undefined), {
    message: 'send either access_token or client_id',
  });
const RevokeBody = z.strictObject({ refresh_token: z.string().min(1) });

export function registerOAuthTestHooks(
  app: FastifyInstance,
  clients: ClientRegistry,
  grants: OAuthGrants,
  tokenLog: RequestLog<TokenLogEntry>,
): void {
  app.post('/_sandbox/oauth/expire', async (req) => {
    const body = parseBody(ExpireBody, req.body);
    if (body.access_token !== undefined) {
      if (!grants.expireAccessToken(body.access_token)) throw standardError(404, 'Access token not found');
      return { expired: 1 };
    }
    const clientId = body.client_id!;
    if (!clients.find(clientId)) throw standardError(404, 'Client not found');
    return { expired: grants.expireClient(clientId) };
  });

  app.post('/_sandbox/oauth/revoke', async (req) => {
    const { refresh_token } = parseBody(RevokeBody, req.body);
    if (!grants.revokeRefreshToken(refresh_token)) throw standardError(404, 'Refresh token not found');
    return { revoked: true };
  });

  app.get('/_sandbox/oauth/token-requests', async () => tokenLog.snapshot());

  app.delete('/_sandbox/oauth/token-requests', async (_req, reply) => {
    tokenLog.reset();
    return reply.code(204).send();
  });
}
