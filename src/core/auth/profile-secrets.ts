/**
 * The secrets of a profile, which the system keyring keeps instead of the config file: the
 * bearer token, and for OAuth the refresh token and the client secret. Pure functions to take
 * them out of a profile and put them back, and their form as one keyring entry per profile (one
 * entry, so a renewal replaces the access and refresh tokens together).
 */
import { isRecord } from '../guards.js';

export interface ProfileSecrets {
  token?: string;
  refreshToken?: string;
  clientSecret?: string;
}

/** The shape of a profile as far as its secrets go (store.ts's Profile). */
interface WithSecrets {
  token?: string;
  oauth?: { refreshToken?: string; clientSecret: string };
}

export function secretsOf(profile: WithSecrets): ProfileSecrets {
  const { token } = profile;
  const { refreshToken, clientSecret } = profile.oauth ?? {};
  return {
    ...(token !== undefined ? { token } : {}),
    ...(refreshToken !== undefined ? { refreshToken } : {}),
    ...(clientSecret !== undefined ? { clientSecret } : {}),
  };
}

/** A copy of the profile without its secrets: what the config file keeps of a keyring profile. */
export function withoutSecrets<P extends WithSecrets>(profile: P): P {
  const { token: _token, ...rest } = profile;
  if (!profile.oauth) return rest as P;
  const { refreshToken: _refresh, clientSecret: _secret, ...oauth } = profile.oauth;
  return { ...rest, oauth } as P;
}

/** A copy of the profile (as the config file keeps it) with its secrets put back. */
export function withSecrets<P extends WithSecrets>(profile: P, secrets: ProfileSecrets): P {
  const joined = { ...profile, ...(secrets.token !== undefined ? { token: secrets.token } : {}) };
  if (!profile.oauth) return joined;
  return {
    ...joined,
    oauth: {
      ...profile.oauth,
      ...(secrets.refreshToken !== undefined ? { refreshToken: secrets.refreshToken } : {}),
      ...(secrets.clientSecret !== undefined ? { clientSecret: secrets.clientSecret } : {}),
    },
  };
}

export function sameSecrets(a: ProfileSecrets, b: ProfileSecrets): boolean {
  return a.token === b.token && a.refreshToken === b.refreshToken && a.clientSecret === b.clientSecret;
}

/** The keyring entry: JSON of the secrets. */
export function encodeSecrets(secrets: ProfileSecrets): string {
  return JSON.stringify(secrets);
}

/** The secrets of a keyring entry; an entry that is not wfd's JSON holds none wfd can use. */
export function decodeSecrets(text: string): ProfileSecrets {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(data)) return {};
  const field = (key: string) => (typeof data[key] === 'string' ? { [key]: data[key] } : {});
  return { ...field('token'), ...field('refreshToken'), ...field('clientSecret') };
}

/**
 * The account of a profile's entry: the profile name and the config folder, so that two config
 * folders (WFD_CONFIG_DIR) with a profile of the same name never share a token.
 */
export function keyringAccount(profileName: string, configDir: string): string {
  return `${profileName}@${configDir}`;
}
