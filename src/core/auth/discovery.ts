/**
 * Where a server's OAuth endpoints are: its `/.well-known/openid-configuration`, or, when it has
 * none (404), the spec's fixed `/authorize` and `/token` at the host root. Endpoints are taken
 * only on the API's own origin or over https: the token endpoint receives the client secret.
 */

import { ApiError, AuthError } from '../errors.js';
import type { ApiClient } from '../http/http.js';
import { type ClientCredentials, getOAuthMetadata, type OAuthMetadata } from './oauth-requests.js';

export interface OAuthEndpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientAuth: ClientCredentials['clientAuth'];
  /** the scopes the metadata lists, when it does (an OpenID Connect server lists `openid`) */
  scopesSupported?: string[];
}

/** The endpoints of the server behind `client` (a client of the API's base URL, without a token). */
export async function discoverEndpoints(
  client: ApiClient,
  debug: (line: string) => void = () => {},
): Promise<OAuthEndpoints> {
  const fallback: OAuthEndpoints = {
    authorizationEndpoint: client.url('/authorize', undefined, true),
    tokenEndpoint: client.url('/token', undefined, true),
    // The spec's first way: the credentials as body fields.
    clientAuth: 'client_secret_post',
  };
  let metadata: OAuthMetadata;
  try {
    metadata = await client.request(getOAuthMetadata());
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    debug('no openid-configuration (404): using the spec’s /authorize and /token');
    return fallback;
  }
  // RFC 8414: a server that lists no methods takes client_secret_basic.
  const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  return {
    authorizationEndpoint: trusted(
      metadata.authorization_endpoint,
      fallback.authorizationEndpoint,
      client.origin,
    ),
    tokenEndpoint: trusted(metadata.token_endpoint, fallback.tokenEndpoint, client.origin),
    clientAuth: methods.includes('client_secret_post') ? 'client_secret_post' : 'client_secret_basic',
    ...(metadata.scopes_supported ? { scopesSupported: metadata.scopes_supported } : {}),
  };
}

function trusted(endpoint: string | undefined, fallback: string, origin: string): string {
  if (endpoint === undefined) return fallback;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new AuthError(
      `the server's OAuth metadata names an endpoint that is not a URL: ${endpoint.slice(0, 200)}`,
    );
  }
  if (url.protocol !== 'https:' && url.origin !== origin) {
    throw new AuthError(
      `the server's OAuth metadata names a plain-http endpoint on another host: ${url.origin}`,
      {
        hint: 'the client secret would travel unencrypted; ask the server operator to fix the metadata',
      },
    );
  }
  return url.toString();
}
