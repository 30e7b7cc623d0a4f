/**
 * Which token and base URL a run uses. Precedence: `WFD_TOKEN` > `--profile` >
 * `WFD_PROFILE` > the current profile; the base URL: `--base-url` > `WFD_BASE_URL` > profile.
 */

import { AuthError, UsageError } from '../errors.js';
import { parseBaseUrl } from '../http/base-url.js';
import { quote } from '../text/quote.js';
import { ConfigFileError } from './config-file.js';
import type { ConfigStore, Profile } from './store.js';

export interface Credentials {
  token: string | undefined;
  baseUrl: string | undefined;
  /** where the token comes from, for `auth status` and error hints */
  source: 'env' | 'profile' | 'none';
  /** where the profile's token is kept: the system keyring or the config file (none: no profile) */
  tokenStorage: 'keyring' | 'file' | 'none';
  /** why the profile's token could not be read from the keyring; `requireCredentials` throws it */
  tokenError?: AuthError;
  /** where the base URL comes from */
  baseUrlSource: 'flag' | 'env' | 'profile' | 'none';
  profileName: string | undefined;
  profile: Profile | undefined;
  /** the names of the saved profiles, for hints */
  saved: string[];
}

export interface CredentialInputs {
  env: NodeJS.ProcessEnv;
  profileFlag?: string;
  baseUrlFlag?: string;
}

/**
 * `resolveCredentials`, with the token of a profile kept in the system keyring fetched first.
 * The keyring is never asked when WFD_TOKEN is set. A keyring that does not answer is kept as
 * `tokenError`, so that commands that need no token (logout) still work.
 */
export async function loadCredentials(store: ConfigStore, inputs: CredentialInputs): Promise<Credentials> {
  const first = resolveCredentials(store, inputs);
  if (first.source === 'env' || !first.profileName || first.tokenStorage !== 'keyring') return first;
  try {
    await store.withTokens(first.profileName);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return { ...first, tokenError: error };
  }
  return resolveCredentials(store, inputs);
}

/**
 * Resolves credentials without requiring any: commands that need a token call `requireToken`.
 * A profile kept in the keyring has its token only once `store.withTokens` fetched it
 * (`loadCredentials`).
 */
export function resolveCredentials(store: ConfigStore, inputs: CredentialInputs): Credentials {
  const { env } = inputs;
  const explicit = inputs.profileFlag ?? nonEmpty(env.WFD_PROFILE);
  const envToken = checkedToken(nonEmpty(env.WFD_TOKEN)?.trim());
  const baseUrlFlag = inputs.baseUrlFlag ?? nonEmpty(env.WFD_BASE_URL);
  const { profileName, profile } = readProfile(store, explicit, Boolean(envToken && baseUrlFlag));
  // With WFD_TOKEN and a base URL given, a stale profile name has nothing left to provide.
  if (explicit && !profile && !(envToken && baseUrlFlag)) {
    const known = Object.keys(store.profiles());
    // A name that matches no profile is a bad argument, as for `wfd auth switch` (exit 2).
    throw new UsageError(`no profile named ${quote(explicit)}`, {
      hint: known.length
        ? `saved profiles: ${known.join(', ')}; or create it with \`wfd auth login --profile ${explicit}\``
        : `create it with \`wfd auth login --profile ${explicit}\``,
    });
  }
  const token = envToken ?? profile?.token;
  const baseUrl = baseUrlFlag ?? profile?.baseUrl;
  return {
    token,
    baseUrl,
    source: envToken ? 'env' : token ? 'profile' : 'none',
    tokenStorage: profile && profileName ? (store.tokenStorage(profileName) ?? 'none') : 'none',
    baseUrlSource: inputs.baseUrlFlag
      ? 'flag'
      : nonEmpty(env.WFD_BASE_URL)
        ? 'env'
        : baseUrl
          ? 'profile'
          : 'none',
    profileName: profile ? profileName : undefined,
    profile,
    saved: savedNames(store),
  };
}

/**
 * WFD_TOKEN as the header will carry it: a value with spaces, control or non-ASCII characters
 * inside (a paste of two lines, a smart quote) can never be a token; say so before any request.
 */
function checkedToken(token: string | undefined): string | undefined {
  if (token !== undefined && !/^[\x21-\x7e]+$/.test(token))
    throw new AuthError('WFD_TOKEN is not a token: it holds spaces, control or non-ASCII characters', {
      hint: 'set it to the token alone, as the settings page shows it: export WFD_TOKEN=wfd_…',
    });
  return token;
}

/**
 * The profile a run would use. When the environment supplies the token and the base URL, a
 * config file that cannot be read is no reason to fail: the run does not need it.
 */
function readProfile(
  store: ConfigStore,
  explicit: string | undefined,
  selfSufficient: boolean,
): { profileName: string | undefined; profile: Profile | undefined } {
  try {
    const profileName = explicit ?? store.currentProfileName();
    return { profileName, profile: profileName ? store.profile(profileName) : undefined };
  } catch (error) {
    if (selfSufficient && error instanceof ConfigFileError)
      return { profileName: explicit, profile: undefined };
    throw error;
  }
}

/** The token and base URL a request needs, or the error that tells the user how to get them. */
export function requireCredentials(credentials: Credentials): { token: string; baseUrl: string } {
  if (credentials.source !== 'env' && credentials.tokenError) throw credentials.tokenError;
  if (!credentials.token) {
    if (credentials.profileName && credentials.tokenStorage === 'keyring') {
      const name = credentials.profileName;
      throw new AuthError(`profile "${name}" has no token in the system keyring: it was removed from there`, {
        hint: `log in again: wfd auth login${name === 'default' ? '' : ` --profile ${name}`} --force`,
      });
    }
    const which = credentials.profileName
      ? `profile "${credentials.profileName}" has no token`
      : 'not logged in';
    const { saved } = credentials;
    throw new AuthError(`${which}: no credentials found`, {
      hint:
        saved.length > 0
          ? `saved profiles: ${saved.join(', ')}; pick one with \`wfd auth switch NAME\` or --profile NAME`
          : 'run `wfd auth login` (or `wfd sandbox start` to try wfd locally), or set WFD_TOKEN',
    });
  }
  return { token: credentials.token, baseUrl: requireBaseUrl(credentials) };
}

/**
 * The hint of a 401 that stands: WFD_TOKEN when it is what was sent (and only then), else the
 * profile and the command that replaces its token (login-command.js, loaded only then).
 */
export async function refusedTokenHint(
  credentials: Pick<Credentials, 'source' | 'profileName' | 'profile'>,
): Promise<string | undefined> {
  const { source, profileName, profile } = credentials;
  if (source === 'env') {
    return 'the token comes from WFD_TOKEN, which overrides every profile: set it to a valid token, or unset it';
  }
  if (source !== 'profile' || !profileName) return undefined;
  const { loginCommand } = await import('./login-command.js');
  return `the token saved in profile "${profileName}" is invalid or revoked: log in again with \`${loginCommand(profileName, profile)}\``;
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

/** The saved profiles' names; none when the config file cannot be read (a hint is not worth an error). */
function savedNames(store: ConfigStore): string[] {
  try {
    return Object.keys(store.profiles());
  } catch {
    return [];
  }
}
