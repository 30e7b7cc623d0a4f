/**
 * The bearer token of an OAuth profile, renewed with its refresh token before it expires and
 * once after a 401 (src/core/http/attempts.ts calls `refresh`).
 *
 * One renewal at a time: concurrent requests of a process share one promise, and processes
 * share the config lock. Under the lock the profile is read again, and the renewal happens only
 * if it is still due: another process (two cron jobs on one profile) may have renewed it while
 * this one waited, and renewing again would revoke the token that process now uses.
 */

import { ApiError, AuthError } from '../errors.js';
import type { TokenSource } from '../http/http.js';
import { OFFLINE_ACCESS, scopeHas } from './authorization.js';
import { loginCommand } from './login-command.js';
import { refreshAccessToken } from './oauth-requests.js';
import type { ConfigStore, OAuthGrant, Profile } from './store.js';
import {
  clientOf,
  isDue,
  renewedGrant,
  requestTokens,
  type TokenEndpointClient,
  tokenEndpointParts,
} from './token-exchange.js';

export interface RefreshingTokenOptions {
  store: ConfigStore;
  profileName: string;
  now: () => Date;
  tokenClient: TokenEndpointClient;
  debug?: (line: string) => void;
  /** the hint of a 401 that stands even with a renewed token */
  refusedHint?: string;
}

export class RefreshingToken implements TokenSource {
  private pending: Promise<string> | undefined;
  readonly refusedHint: string | undefined;

  constructor(private readonly options: RefreshingTokenOptions) {
    this.refusedHint = options.refusedHint;
  }

  /** The saved access token, renewed first when it is due and can be renewed. */
  async token(): Promise<string | undefined> {
    const profile = this.options.store.profile(this.options.profileName);
    if (!profile?.token) return undefined;
    const grant = profile.oauth;
    if (grant?.refreshToken && isDue(grant, this.options.now())) return this.shared('due');
    return profile.token;
  }

  /** A token other than `stale`, the one the server refused. */
  refresh(stale: string): Promise<string> {
    return this.shared('refused', stale);
  }

  /** Renews the access token now, due or not (`wfd auth refresh`); resolves with the new grant. */
  async forceRefresh(): Promise<Profile> {
    await this.renew('asked');
    const profile = this.options.store.profile(this.options.profileName);
    if (!profile) throw this.loggedOut();
    return profile;
  }

  /** One renewal at a time for the requests of this process. */
  private shared(why: 'due' | 'refused', stale?: string): Promise<string> {
    this.pending ??= this.renew(why, stale).finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /**
   * Renews under the config lock, unless the profile as it is now shows another process did:
   * a token due is renewed only if still due, a refused one only if still the profile's. The
   * reason is judged alone: a token read from the keyring may be newer than the expiry this
   * process read from the file before (the other process wrote both in between), and that new
   * token, not due, must not be renewed again.
   */
  private renew(why: 'asked' | 'due' | 'refused', stale?: string): Promise<string> {
    const { store, profileName, now } = this.options;
    return store.update(async (config) => {
      const profile = Object.hasOwn(config.profiles, profileName) ? config.profiles[profileName] : undefined;
      const grant = profile?.authType === 'oauth' ? profile.oauth : undefined;
      if (!profile?.token || !grant) throw this.loggedOut();
      const renewedMeanwhile =
        why === 'due'
          ? !isDue(grant, now())
          : why === 'refused' && profile.token !== stale && !isDue(grant, now());
      if (renewedMeanwhile) {
        this.options.debug?.(`the access token of profile ${profileName} was renewed by another wfd process`);
        return profile.token;
      }
      if (!grant.refreshToken) {
        // A refused token that another process replaced since, and that is due itself.
        const reason = why === 'refused' && profile.token !== stale ? 'due' : why;
        throw new AuthError(`${cannotRenew(reason, profileName, grant, now())}: ${noRefreshToken(grant)}`, {
          hint: noRefreshTokenHint(profileName, profile, grant),
        });
      }
      const tokens = await this.exchange(profile, grant, grant.refreshToken);
      config.profiles[profileName] = {
        ...profile,
        token: tokens.accessToken,
        oauth: renewedGrant(grant, tokens, now()),
      };
      this.options.debug?.(`renewed the access token of profile ${profileName}`);
      return tokens.accessToken;
    });
  }

  private async exchange(profile: Profile, grant: OAuthGrant, refreshToken: string) {
    const { origin, path } = tokenEndpointParts(grant.tokenEndpoint);
    const client = await this.options.tokenClient(origin);
    try {
      return await requestTokens(client, refreshAccessToken(path, clientOf(grant), refreshToken));
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 401)) throw error;
      const what =
        error.status === 400
          ? `the authorization saved in profile "${this.options.profileName}" was refused`
          : `the client credentials saved in profile "${this.options.profileName}" were refused`;
      throw new AuthError(`${what} by the token endpoint: ${error.message}`, {
        hint: loginAgainHint(this.options.profileName, profile),
      });
    }
  }

  private loggedOut(): AuthError {
    return new AuthError(`profile "${this.options.profileName}" no longer holds an OAuth login`, {
      hint: 'another wfd process logged it out or replaced it: run the command again, or log in',
    });
  }
}

/** The command that starts over, for every refusal of a saved grant. */
function loginAgainHint(profileName: string, profile: Profile): string {
  return `log in again: ${loginCommand(profileName, profile)}`;
}

/** Why the token had to be renewed, as it is: asked for, refused by the server, or (nearly) expired. */
function cannotRenew(
  why: 'asked' | 'refused' | 'due',
  profileName: string,
  grant: OAuthGrant,
  now: Date,
): string {
  const token = `the access token of profile "${profileName}"`;
  if (why === 'asked') return `cannot renew ${token}`;
  if (why === 'refused') return `the server refused ${token}, and it cannot be renewed`;
  const at = grant.expiresAt ?? '';
  const when = Date.parse(at) <= now.getTime() ? `expired at ${at}` : `expires at ${at}`;
  return `${token} ${when}, and it cannot be renewed`;
}

/** Why there is no refresh token: the scope did not ask for one, or the server did not issue it. */
function noRefreshToken(grant: OAuthGrant): string {
  return scopeHas(grant.scope, OFFLINE_ACCESS)
    ? `the login got no refresh token (the server issued none, though the scope "${grant.scope}" asked for offline_access)`
    : `the login got no refresh token (its scope "${grant.scope}" does not ask for offline_access)`;
}

/** Log in again; with offline_access added when the scope lacked it. */
function noRefreshTokenHint(profileName: string, profile: Profile, grant: OAuthGrant): string {
  if (scopeHas(grant.scope, OFFLINE_ACCESS)) return loginAgainHint(profileName, profile);
  const scope = `${grant.scope} ${OFFLINE_ACCESS}`;
  return `log in again, asking for offline_access: ${loginCommand(profileName, { ...profile, oauth: { ...grant, scope } })}`;
}
