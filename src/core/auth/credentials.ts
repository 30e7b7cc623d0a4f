/**
 * Which token and base URL a run uses. Precedence (DESIGN.md): `WFD_TOKEN` > `--profile` >
 * `WFD_PROFILE` > the current profile; the base URL: `--base-url` > `WFD_BASE_URL` > profile.
 */
import { parseBaseUrl } from '../base-url.js';
import { AuthError, UsageError } from '../errors.js';
import type { ConfigStore, Profile } from './store.js';

export interface Credentials {
  token: string | undefined;
  baseUrl: string | undefined;
  /** where the token comes from, for `auth status` and error hints */
  source: 'env' | 'profile' | 'none';
  /** where the base URL comes from */
  baseUrlSource: 'flag' | 'env' | 'profile' | 'none';
  profileName: string | undefined;
  profile: Profile | undefined;
}

export interface CredentialInputs {
  env: NodeJS.ProcessEnv;
  profileFlag?: string;
  baseUrlFlag?: string;
}

/** Resolves credentials without requiring any: commands that need a token call `requireToken`. */
export function resolveCredentials(store: ConfigStore, inputs: CredentialInputs): Credentials {
  const { env } = inputs;
  const explicit = inputs.profileFlag ?? nonEmpty(env.WFD_PROFILE);
  const profileName = explicit ?? store.currentProfileName();
  const profile = profileName ? store.profile(profileName) : undefined;
  const envToken = nonEmpty(env.WFD_TOKEN)?.trim();
  const baseUrlFlag = inputs.baseUrlFlag ?? nonEmpty(env.WFD_BASE_URL);
  // With WFD_TOKEN and a base URL given, a stale profile name has nothing left to provide.
  if (explicit && !profile && !(envToken && baseUrlFlag)) {
    const known = Object.keys(store.profiles());
    throw new AuthError(`profile "${explicit}" does not exist`, {
      hint: known.length
        ? `known profiles: ${known.join(', ')}; or create it with \`wfd auth login --profile ${explicit}\``
        : `create it with \`wfd auth login --profile ${explicit}\``,
    });
  }
  const token = envToken ?? profile?.token;
  const baseUrl = baseUrlFlag ?? profile?.baseUrl;
  return {
    token,
    baseUrl,
    source: envToken ? 'env' : token ? 'profile' : 'none',
    baseUrlSource: inputs.baseUrlFlag
      ? 'flag'
      : nonEmpty(env.WFD_BASE_URL)
        ? 'env'
        : baseUrl
          ? 'profile'
          : 'none',
    profileName: profile ? profileName : undefined,
    profile,
  };
}

/** The token and base URL a request needs, or the error that tells the user how to get them. */
export function requireCredentials(credentials: Credentials): { token: string; baseUrl: string } {
  if (!credentials.token) {
    const which = credentials.profileName
      ? `profile "${credentials.profileName}" has no token`
      : 'not logged in';
    throw new AuthError(`${which}: no credentials found`, {
      hint: 'run `wfd auth login` (or `wfd sandbox start` to try wfd locally), or set WFD_TOKEN',
    });
  }
  return { token: credentials.token, baseUrl: requireBaseUrl(credentials) };
}

/** The base URL, checked: missing or not an http(s) URL is a usage error (exit 2). */
export function requireBaseUrl(credentials: Pick<Credentials, 'baseUrl'>): string {
  if (!credentials.baseUrl) {
    throw new UsageError('no base URL: wfd does not know which server to talk to', {
      hint: 'pass --base-url https://HOST, set WFD_BASE_URL, or log in to a profile with `wfd auth login --base-url`',
    });
  }
  parseBaseUrl(credentials.baseUrl);
  return credentials.baseUrl;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.length > 0 ? value : undefined;
}
