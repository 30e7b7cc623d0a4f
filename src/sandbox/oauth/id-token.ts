/**
 * The id_token: a JWT (RFC 7519) with the authorizing user's basic profile,
 * signed with HS256 and the client's secret (OpenID Connect Core 10.1), so a
 * client can check it without fetching keys.
 */
import { createHmac } from 'node:crypto';
import type { OwnerRecord } from '../store.js';

export interface IdTokenInput {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly user: OwnerRecord;
  /** Epoch seconds. */
  readonly issuedAt: number;
  readonly lifetime: number;
  readonly nonce?: string | undefined;
}

/** A signed id_token carrying `iss, sub, aud, iat, exp, name, email, locale` (and `nonce` when given). */
export function signIdToken(input: IdTokenInput): string {
  const { user } = input;
  const claims = {
    iss: input.issuer,
    sub: user.id,
    aud: input.clientId,
    iat: input.issuedAt,
    exp: input.issuedAt + input.lifetime,
    name: user.name,
    email: user.email,
    locale: user.locale,
    ...(input.nonce === undefined ? {} : { nonce: input.nonce }),
  };
  const signed = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}`;
  const signature = createHmac('sha256', input.clientSecret).update(signed).digest('base64url');
  return `${signed}.${signature}`;
}

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
