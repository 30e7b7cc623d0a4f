/**
 * Calls of the token endpoint and what they change in a profile's OAuth grant. The endpoint may
 * live on another origin than the API, so the caller hands over a client for its origin.
 */

import { AuthError } from '../errors.js';
import type { ApiClient } from '../http/http.js';
import type { ApiRequest } from '../http/request.js';
import { userFromIdToken } from './id-token.js';
import type { ClientCredentials, TokenResponse } from './oauth-requests.js';
import type { OAuthGrant, OAuthUser } from './store.js';

/** What the token endpoint issued. */
export interface IssuedTokens {
  accessToken: string;
  refreshToken?: string;
  /** seconds, when the server said */
  expiresIn?: number;
  user?: OAuthUser;
}

/** Makes a client for the token endpoint's origin (no bearer token). */
export type TokenEndpointClient = (origin: string) => Promise<ApiClient>;

/** The token endpoint's origin and its path, as `ApiClient.request` takes them. */
export function tokenEndpointParts(tokenEndpoint: string): { origin: string; path: string } {
  const url = new URL(tokenEndpoint);
  return { origin: url.origin, path: `${url.pathname}${url.search}` };
}

/** The client credentials of a saved grant. */
export function clientOf(
  grant: Pick<OAuthGrant, 'clientId' | 'clientSecret' | 'clientAuth'>,
): ClientCredentials {
  return { clientId: grant.clientId, clientSecret: grant.clientSecret, clientAuth: grant.clientAuth };
}

/** Sends a token request; a token type other than Bearer is refused (wfd can only send Bearer). */
export async function requestTokens(
  client: ApiClient,
  request: ApiRequest<TokenResponse>,
): Promise<IssuedTokens> {
  const answer = await client.request(request);
  if (answer.token_type !== undefined && answer.token_type.toLowerCase() !== 'bearer') {
    throw new AuthError(
      `the token endpoint issued a token of type ${answer.token_type.slice(0, 40)}, not Bearer`,
    );
  }
  const expiresIn = answer.expiresIn ?? answer.expires_in;
  const user = userFromIdToken(answer.id_token);
  return {
    accessToken: answer.access_token,
    ...(answer.refresh_token ? { refreshToken: answer.refresh_token } : {}),
    ...(expiresIn !== undefined ? { expiresIn } : {}),
    ...(user ? { user } : {}),
  };
}

/**
 * The grant after new tokens: the refresh token is kept when none came back (the spec: it
 * "stays the same and remains in use"), the expiry counted from `now`.
 */
export function renewedGrant(grant: OAuthGrant, tokens: IssuedTokens, now: Date): OAuthGrant {
  const { expiresAt: _at, expiresIn: _in, ...rest } = grant;
  const refreshToken = tokens.refreshToken ?? grant.refreshToken;
  return {
    ...rest,
    ...(refreshToken ? { refreshToken } : {}),
    ...(tokens.expiresIn !== undefined
      ? {
          expiresIn: tokens.expiresIn,
          expiresAt: new Date(now.getTime() + tokens.expiresIn * 1000).toISOString(),
        }
      : {}),
    ...(tokens.user ? { user: tokens.user } : {}),
  };
}

/** Whether the access token should be renewed before use: expired, or close to it. */
export function isDue(grant: Pick<OAuthGrant, 'expiresAt' | 'expiresIn'>, now: Date): boolean {
  if (!grant.expiresAt) return false;
  // A minute early, or a tenth of the lifetime for short-lived tokens.
  const marginMs = Math.min(60_000, ((grant.expiresIn ?? 600) * 1000) / 10);
  return now.getTime() >= Date.parse(grant.expiresAt) - marginMs;
}
