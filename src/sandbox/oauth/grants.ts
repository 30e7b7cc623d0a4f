/**
 * Authorization codes and the grants they lead to. Per the spec, one access
 * token and one refresh token are kept per authorized workspace: here per
 * (client, workspace), so a new authorization replaces both and a refresh
 * replaces the access token while the refresh token stays the same.
 *
 * Access tokens live in the Store beside personal tokens, so /v1 authenticates
 * both alike; this module adds, replaces and expires them there. Grants are
 * reported to the change log (changes.ts); codes live 10 minutes and are not.
 */

import { type ChangeLog, UNLOGGED } from '../changes.js';
import type { OwnerRecord, Store, WorkspaceRecord } from '../store.js';
import type { Clock } from '../time.js';
import type { OAuthClient } from './clients.js';
import { ExpiringMap } from './expiring-map.js';
import { OFFLINE_ACCESS } from './scopes.js';
import { randomSecret } from './secrets.js';
import type { AuthorizeRequest } from './sessions.js';

/** Codes are short-lived (RFC 6749 4.1.2 recommends at most 10 minutes). */
export const CODE_TTL_MS = 10 * 60_000;

/** What an authorization code stands for: an approved request, for one user and workspace. */
export interface CodeRecord {
  readonly request: AuthorizeRequest;
  readonly user: OwnerRecord;
  readonly workspace: WorkspaceRecord;
  /** The grant the code was exchanged for; set on first use. */
  grant?: Grant;
}

/** The current authorization of one client for one workspace. */
export interface Grant {
  readonly client: OAuthClient;
  readonly workspace: WorkspaceRecord;
  readonly user: OwnerRecord;
  readonly scopes: readonly string[];
  /** Null when `offline_access` was not granted, or once the refresh token was revoked. */
  refreshToken: string | null;
  accessToken: string;
}

export class OAuthGrants {
  readonly #codes: ExpiringMap<CodeRecord>;
  readonly #grants = new Map<string, Grant>();
  readonly #byRefreshToken = new Map<string, Grant>();
  #changes: ChangeLog = UNLOGGED;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    /** Lifetime of access tokens, in seconds. */
    readonly accessTokenTtl: number,
  ) {
    this.#codes = new ExpiringMap(clock, CODE_TTL_MS);
  }

  /** From now on, every change of a grant is reported to `changes`. */
  logChangesTo(changes: ChangeLog): void {
    this.#changes = changes;
  }

  /** The current grant of a key (`grantKey`); undefined when there is none. */
  find(key: string): Grant | undefined {
    return this.#grants.get(key);
  }

  /** Puts a grant in place of its key's (a data directory's state); its tokens are the store's business. */
  restore(grant: Grant): void {
    this.forget(grantKey(grant.client, grant.workspace));
    this.#grants.set(grantKey(grant.client, grant.workspace), grant);
    if (grant.refreshToken) this.#byRefreshToken.set(grant.refreshToken, grant);
  }

  /** Drops the grant of a key (a data directory's state); its tokens are the store's business. */
  forget(key: string): void {
    const grant = this.#grants.get(key);
    if (grant?.refreshToken) this.#byRefreshToken.delete(grant.refreshToken);
    this.#grants.delete(key);
  }

  /** A new single-use code for an approved request. */
  issueCode(record: CodeRecord): string {
    const code = randomSecret(16);
    this.#codes.set(code, record);
    return code;
  }

  /** The code's record, used or not, until it lapses; undefined when unknown or lapsed. */
  findCode(code: string): CodeRecord | undefined {
    return this.#codes.get(code);
  }

  /** Uses up a code: replaces the client's grant for the workspace with a new one. */
  exchangeCode(record: CodeRecord): Grant {
    const { client, scopes } = record.request;
    const key = grantKey(client, record.workspace);
    const previous = this.#grants.get(key);
    if (previous) this.#revoke(previous);
    const grant: Grant = {
      client,
      workspace: record.workspace,
      user: record.user,
      scopes,
      refreshToken: scopes.includes(OFFLINE_ACCESS) ? randomSecret(32, 'wfdr_') : null,
      accessToken: this.#newAccessToken(client, record.workspace, record.user),
    };
    this.#grants.set(key, grant);
    if (grant.refreshToken) this.#byRefreshToken.set(grant.refreshToken, grant);
    this.#changes.touched('grant', key);
    record.grant = grant;
    return grant;
  }

  /**
   * Revokes what a code was exchanged for, when that grant is still current
   * (RFC 6749 10.5: a code used twice may have been stolen).
   */
  revokeExchanged(record: CodeRecord): void {
    const grant = record.grant;
    if (grant && this.#grants.get(grantKey(grant.client, grant.workspace)) === grant) this.#revoke(grant);
  }

  /** A new access token for the grant of a refresh token; undefined when unknown, revoked or another client's. */
  refresh(refreshToken: string, client: OAuthClient): Grant | undefined {
    const grant = this.#byRefreshToken.get(refreshToken);
    if (grant?.client !== client) return undefined;
    this.store.removeToken(grant.accessToken);
    grant.accessToken = this.#newAccessToken(client, grant.workspace, grant.user);
    this.#changes.touched('grant', grantKey(client, grant.workspace));
    return grant;
  }

  /** Invalidates a refresh token; its access token lives until it expires. False when unknown. */
  revokeRefreshToken(refreshToken: string): boolean {
    const grant = this.#byRefreshToken.get(refreshToken);
    if (!grant) return false;
    this.#byRefreshToken.delete(refreshToken);
    grant.refreshToken = null;
    this.#changes.touched('grant', grantKey(grant.client, grant.workspace));
    return true;
  }

  /** Makes an OAuth access token expire now; false when it is not a live OAuth access token. */
  expireAccessToken(accessToken: string): boolean {
    if (this.store.token(accessToken)?.clientId === undefined) return false;
    return this.store.expireToken(accessToken);
  }

  /** Makes every live access token of a client expire now; returns how many there were. */
  expireClient(clientId: string): number {
    let expired = 0;
    for (const grant of this.#grants.values()) {
      if (grant.client.client_id === clientId && this.store.expireToken(grant.accessToken)) expired++;
    }
    return expired;
  }

  #newAccessToken(client: OAuthClient, workspace: WorkspaceRecord, owner: OwnerRecord): string {
    // The spec's `<TOKEN_PREFIX>_<HEX>`, the same form as personal tokens.
    const token = randomSecret(16, 'wfd_');
    const expiresAt = this.clock.now() + this.accessTokenTtl * 1000;
    this.store.addToken({ token, workspace, owner, revoked: false, expiresAt, clientId: client.client_id });
    return token;
  }

  #revoke(grant: Grant): void {
    const key = grantKey(grant.client, grant.workspace);
    this.store.removeToken(grant.accessToken);
    this.forget(key);
    this.#changes.touched('grant', key);
  }
}

/** The one grant a client has for a workspace is kept under this key. */
export function grantKey(client: OAuthClient, workspace: WorkspaceRecord): string {
  return `${client.client_id}\n${workspace.id}`;
}
