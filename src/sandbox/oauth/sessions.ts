/**
 * Server-side state of the authorize pages between GET /authorize and the
 * decision: the checked request parameters, the signed-in user, and the
 * anti-CSRF value of the form last shown. Keyed by an opaque id that the pages
 * carry in a hidden field; each page shows a fresh anti-CSRF value, and a post
 * is accepted only with the current one.
 */

import type { OwnerRecord } from '../store.js';
import type { Clock } from '../time.js';
import type { OAuthClient } from './clients.js';
import { ExpiringMap } from './expiring-map.js';
import { randomSecret, sameSecret } from './secrets.js';

/** A checked GET /authorize request. */
export interface AuthorizeRequest {
  readonly client: OAuthClient;
  readonly redirectUri: string;
  /** Returned unchanged with the code or the error; absent when the client sent none. */
  readonly state: string | undefined;
  readonly scopes: readonly string[];
  /** OpenID Connect `nonce`, copied into the id_token. */
  readonly nonce: string | undefined;
  /** PKCE (RFC 7636) S256 challenge, when the client sent one. */
  readonly codeChallenge: string | undefined;
}

export interface AuthorizeSession {
  readonly id: string;
  readonly request: AuthorizeRequest;
  /** Set once the user has signed in. */
  user?: OwnerRecord;
  csrf: string;
}

/** How long a user has to sign in and decide. */
export const SESSION_TTL_MS = 10 * 60_000;

export class AuthorizeSessions {
  readonly #sessions: ExpiringMap<AuthorizeSession>;

  constructor(clock: Clock) {
    this.#sessions = new ExpiringMap(clock, SESSION_TTL_MS);
  }

  /** A new session for a checked request. */
  start(request: AuthorizeRequest): AuthorizeSession {
    const session: AuthorizeSession = { id: randomSecret(16), request, csrf: '' };
    this.#sessions.set(session.id, session);
    return session;
  }

  /**
   * The session a form post names, when it has not lapsed and `csrf` is the value
   * of the form last shown; undefined otherwise.
   */
  resume(id: string, csrf: string): AuthorizeSession | undefined {
    const session = this.#sessions.get(id);
    return session && session.csrf !== '' && sameSecret(session.csrf, csrf) ? session : undefined;
  }

  /** A fresh anti-CSRF value for the next form of the session; earlier ones stop working. */
  newCsrf(session: AuthorizeSession): string {
    session.csrf = randomSecret(16);
    return session.csrf;
  }

  /** Ends a session once the user has decided, so its forms cannot be posted again. */
  end(session: AuthorizeSession): void {
    this.#sessions.delete(session.id);
  }
}
