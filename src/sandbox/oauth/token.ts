/**
 * POST /token: exchanges an authorization code or a refresh token for tokens.
 * Statuses per the spec's table: 401 for missing or invalid client credentials,
 * an unknown or invalid code, a redirect_uri differing from step 1 and an
 * unsupported grant_type; 400 for a malformed request and an invalidated
 * refresh token.
 */
import { createHash } from 'node:crypto';
import type { Reply } from '../context.js';
import type { ClientRegistry, OAuthClient } from './clients.js';
import { tokenError } from './errors.js';
import type { Grant, OAuthGrants } from './grants.js';
import { signIdToken } from './id-token.js';
import { asParams, readParams } from './params.js';

export interface TokenRequest {
  /** The Authorization header, for client_secret_basic. */
  readonly authorization: string | undefined;
  /** The parsed JSON or form body. */
  readonly body: unknown;
}

export interface TokenServices {
  readonly clients: ClientRegistry;
  readonly grants: OAuthGrants;
  /** Epoch milliseconds. */
  readonly now: number;
  /** The issuer named in id_tokens (the host root). */
  readonly issuer: string;
}

const TOKEN_PARAMS = [
  'grant_type',
  'client_id',
  'client_secret',
  'code',
  'redirect_uri',
  'code_verifier',
  'refresh_token',
] as const;

type TokenParams = Readonly<Record<(typeof TOKEN_PARAMS)[number], string | undefined>>;

/** The token response, or throws SandboxError with the status of the spec's table. */
export function exchangeToken(req: TokenRequest, services: TokenServices): Reply {
  const body = asParams(req.body);
  if (!body) throw tokenError(400, 'Malformed request: send a JSON object or form-encoded parameters');
  const read = readParams(body, TOKEN_PARAMS);
  if ('problem' in read) throw tokenError(400, read.problem);
  const params = read.values;
  const client = authenticateClient(req.authorization, params, services.clients);
  if (params.grant_type === undefined) throw tokenError(400, 'grant_type is missing');
  if (params.grant_type === 'authorization_code') return exchangeCode(params, client, services);
  if (params.grant_type === 'refresh_token') return refresh(params, client, services);
  throw tokenError(401, 'Unsupported grant_type: use authorization_code or refresh_token');
}

/** The client, by client_secret_basic or client_secret_post (one method only, RFC 6749 2.3). */
function authenticateClient(
  authorization: string | undefined,
  params: TokenParams,
  clients: ClientRegistry,
): OAuthClient {
  const { client_id: bodyId, client_secret: bodySecret } = params;
  if (authorization === undefined) {
    if (bodyId === undefined || bodySecret === undefined) {
      throw tokenError(401, 'Client authentication failed: send client_id and client_secret');
    }
    const client = clients.authenticate(bodyId, bodySecret);
    if (!client) throw tokenError(401, 'Client authentication failed');
    return client;
  }
  if (bodySecret !== undefined) throw tokenError(400, 'Send the client credentials one way only');
  const basic = basicCredentials(authorization);
  // A client_id in the body beside Basic is allowed, but must name the same client.
  const client =
    basic && (bodyId === undefined || bodyId === basic.id)
      ? clients.authenticate(basic.id, basic.secret)
      : undefined;
  // RFC 6749 5.2: a failed Basic authentication answers with the scheme to use.
  if (!client) {
    throw tokenError(401, 'Client authentication failed', {
      'www-authenticate': 'Basic realm="wfd sandbox"',
    });
  }
  return client;
}

// `Basic base64(urlencode(id):urlencode(secret))`, RFC 6749 2.3.1.
function basicCredentials(header: string): { id: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    const formDecode = (text: string) => decodeURIComponent(text.replaceAll('+', ' '));
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

function exchangeCode(params: TokenParams, client: OAuthClient, services: TokenServices): Reply {
  const { code } = params;
  if (code === undefined) throw tokenError(400, 'code is missing');
  const record = services.grants.findCode(code);
  if (record?.request.client !== client) throw tokenError(401, 'The code is unknown or has expired');
  if (record.grant) {
    services.grants.revokeExchanged(record);
    throw tokenError(401, 'The code was already used; the tokens issued for it are revoked');
  }
  if (params.redirect_uri !== record.request.redirectUri) {
    throw tokenError(401, 'redirect_uri differs from the one of the authorization request');
  }
  const challenge = record.request.codeChallenge;
  const verifier = params.code_verifier;
  if (challenge !== undefined && (verifier === undefined || s256(verifier) !== challenge)) {
    throw tokenError(401, 'code_verifier does not match the code_challenge of the authorization request');
  }
  return tokenReply(services.grants.exchangeCode(record), services, record.request.nonce);
}

function refresh(params: TokenParams, client: OAuthClient, services: TokenServices): Reply {
  const refreshToken = params.refresh_token;
  if (refreshToken === undefined) throw tokenError(400, 'refresh_token is missing');
  const grant = services.grants.refresh(refreshToken, client);
  if (!grant) throw tokenError(400, 'The refresh token is invalid or was revoked; authorize again');
  return tokenReply(grant, services);
}

/** The spec's response fields; the refresh token only when `offline_access` was granted. */
function tokenReply(grant: Grant, services: TokenServices, nonce?: string): Reply {
  const lifetime = services.grants.accessTokenTtl;
  const idToken = signIdToken({
    issuer: services.issuer,
    clientId: grant.client.client_id,
    clientSecret: grant.client.client_secret,
    user: grant.user,
    issuedAt: Math.floor(services.now / 1000),
    lifetime,
    nonce,
  });
  return {
    status: 200,
    body: {
      access_token: grant.accessToken,
      id_token: idToken,
      ...(grant.refreshToken === null ? {} : { refresh_token: grant.refreshToken }),
      token_type: 'Bearer',
      expiresIn: lifetime,
    },
  };
}

// RFC 7636 4.2: BASE64URL(SHA256(ASCII(code_verifier))).
function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
