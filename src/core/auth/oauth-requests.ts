/**
 * The spec's OAuth endpoints at the host root: the server metadata and `POST /token` (an
 * authorization code, or a refresh token). Request builders and answer schemas only, no I/O.
 * Token requests are form-encoded (the spec allows JSON too; forms are what RFC 6749 servers
 * all take), and the ApiClient redacts their secret fields wherever it shows a request.
 */
import * as z from 'zod/mini';
import type { ApiRequest } from '../http/request.js';

export const OAuthMetadata = z.looseObject({
  authorization_endpoint: z.optional(z.string()),
  token_endpoint: z.optional(z.string()),
  token_endpoint_auth_methods_supported: z.optional(z.array(z.string())),
  scopes_supported: z.optional(z.array(z.string())),
});
export type OAuthMetadata = z.infer<typeof OAuthMetadata>;

/** `expiresIn` is the spec's name; `expires_in` is RFC 6749's, accepted from other servers. */
export const TokenResponse = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.optional(z.string()),
  expiresIn: z.optional(z.number().check(z.positive())),
  expires_in: z.optional(z.number().check(z.positive())),
  refresh_token: z.optional(z.string().check(z.minLength(1))),
  id_token: z.optional(z.string()),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** How the client proves who it is at the token endpoint (RFC 6749 2.3.1). */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  clientAuth: 'client_secret_post' | 'client_secret_basic';
}

/** GET /.well-known/openid-configuration (host root). */
export function getOAuthMetadata(): ApiRequest<OAuthMetadata> {
  return {
    method: 'GET',
    path: '/.well-known/openid-configuration',
    root: true,
    schema: () => OAuthMetadata,
  };
}

/** POST /token with `grant_type=authorization_code` (and the PKCE verifier). */
export function exchangeCode(
  tokenPath: string,
  client: ClientCredentials,
  grant: { code: string; redirectUri: string; codeVerifier: string },
): ApiRequest<TokenResponse> {
  return tokenRequest(tokenPath, client, {
    grant_type: 'authorization_code',
    code: grant.code,
    redirect_uri: grant.redirectUri,
    code_verifier: grant.codeVerifier,
  });
}

/** POST /token with `grant_type=refresh_token`. */
export function refreshAccessToken(
  tokenPath: string,
  client: ClientCredentials,
  refreshToken: string,
): ApiRequest<TokenResponse> {
  return tokenRequest(tokenPath, client, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

function tokenRequest(
  tokenPath: string,
  client: ClientCredentials,
  fields: Record<string, string>,
): ApiRequest<TokenResponse> {
  if (client.clientAuth === 'client_secret_basic') {
    const basic = `${formEncode(client.clientId)}:${formEncode(client.clientSecret)}`;
    return {
      method: 'POST',
      path: tokenPath,
      root: true,
      form: { ...fields, client_id: client.clientId },
      headers: { authorization: `Basic ${Buffer.from(basic).toString('base64')}` },
      schema: () => TokenResponse,
    };
  }
  return {
    method: 'POST',
    path: tokenPath,
    root: true,
    form: { ...fields, client_id: client.clientId, client_secret: client.clientSecret },
    schema: () => TokenResponse,
  };
}

/** RFC 6749 2.3.1: the id and secret are form-encoded before they are joined for Basic. */
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}
