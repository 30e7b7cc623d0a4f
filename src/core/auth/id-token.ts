/**
 * The user an OAuth grant belongs to, read from the id_token's claims (the spec: "basic profile
 * of the authorizing user: name, email, locale") for `auth status`. The token comes straight
 * from the token endpoint, so its claims are shown without checking the signature; nothing
 * is decided on them.
 */
import { isRecord } from '../guards.js';
import type { OAuthUser } from './store.js';

export function userFromIdToken(idToken: string | undefined): OAuthUser | undefined {
  const payload = idToken?.split('.')[1];
  if (!payload) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isRecord(claims)) return undefined;
  const user: OAuthUser = {};
  for (const key of ['name', 'email', 'locale'] as const) {
    const value = claims[key];
    if (typeof value === 'string' && value.length > 0) user[key] = value.slice(0, 200);
  }
  return Object.keys(user).length > 0 ? user : undefined;
}
