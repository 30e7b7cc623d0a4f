/**
 * The bearer token of an OAuth profile, renewed with its refresh token before it expires and
 * once after a 401 (src/core/http.ts calls `refresh`).
 *
 * One renewal at a time: concurrent requests of a process share one promise, and processes
 * share the config lock. Under the lock the profile is read again, and the renewal happens only
 * if it is still due: another process (two cron jobs on one profile) may have renewed it while
 * this one waited, and renewing again would revoke the token that process now uses.
 */
import { refreshAccessToken } from '../../api/oauth.js';
import { ApiError, AuthError } from '../errors.js';
import type { TokenSource } from '../http.js';
import { type ConfigStore, DEFAULT_PROFILE, type OAuthGrant, type Profile } from './store.js';
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
}

export class RefreshingToken implements TokenSource {
  private pending: Promise<string> | undefined;

  constructor(private readonly options: RefreshingTokenOptions) {}

  /** The saved access token, renewed first when it is due and can be renewed. */
  async token(): Promise<string | undefined> {
    const profile = this.options.store.profile(this.options.profileName);
    if (!profile?.token) return undefined;
    const grant = profile.oauth;
    if (grant?.refreshToken && isDue(grant, this.options.now())) return this.refresh(profile.token);
    return profile.token;
  }

  /** A token other than `stale` (the one the server refused, or the one that is due). */
  refresh(stale: string): Promise<string> {
    this.pending ??= this.renew(stale, false).finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Renews the access token now, due or not (`wfd auth refresh`); resolves with the new grant. */
  async forceRefresh(): Promise<Profile> {
    await this.renew(undefined, true);
    const profile = this.options.store.profile(this.options.profileName);
    if (!profile) throw this.loggedOut();
    return profile;
  }

  private renew(stale: string | undefined, force: boolean): Promise<string> {
    const { store, profileName, now } = this.options;
    return store.update(async (config) => {
      const profile = Object.hasOwn(config.profiles, profileName) ? config.profiles[profileName] : undefined;
      const grant = profile?.authType === 'oauth' ? profile.oauth : undefined;
      if (!profile?.token || !grant) throw this.loggedOut();
      if (!force && profile.token !== stale && !isDue(grant, now())) {
        this.options.debug?.(`the access token of profile ${profileName} was renewed by another wfd process`);
        return profile.token;
      }
      if (!grant.refreshToken) {
        throw new AuthError(
          `the access token of profile "${profileName}" expired, and the login gave no refresh token (its scope lacked offline_access)`,
          { hint: loginAgainHint(profileName, grant) },
        );
      }
      const tokens = await this.exchange(grant, grant.refreshToken);
      config.profiles[profileName] = {
        ...profile,
        token: tokens.accessToken,
        oauth: renewedGrant(grant, tokens, now()),
      };
      this.options.debug?.(`renewed the access token of profile ${profileName}`);
      return tokens.accessToken;
    });
  }

  private async exchange(grant: OAuthGrant, refreshToken: string) {
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
        hint: loginAgainHint(this.options.profileName, grant),
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
function loginAgainHint(profileName: string, grant: Pick<OAuthGrant, 'clientId'>): string {
  const profile = profileName === DEFAULT_PROFILE ? '' : ` --profile ${profileName}`;
  return `log in again: wfd auth login --oauth --client-id ${grant.clientId}${profile}`;
}
