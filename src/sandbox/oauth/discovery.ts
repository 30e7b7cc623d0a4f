/** GET /.well-known/openid-configuration: the server metadata of the spec's OAuth endpoints. */
import { SUPPORTED_SCOPES } from './scopes.js';

/** The metadata document for a server whose host root (and issuer) is `issuer`. */
export function discoveryDocument(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    scopes_supported: SUPPORTED_SCOPES,
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['HS256'],
    claims_supported: ['iss', 'sub', 'aud', 'iat', 'exp', 'name', 'email', 'locale', 'nonce'],
  };
}
