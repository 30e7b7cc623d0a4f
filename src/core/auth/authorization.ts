/**
 * Step 1 and 2 of the spec's authorization-code flow, without I/O: the redirect URI's rules, the
 * authorize URL (a random `state` against CSRF, and PKCE S256 so that a code seen by someone
 * else is worth nothing), and the reading of the redirect the browser comes back with.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AuthError } from '../errors.js';
import { escapeAllControls } from '../text/quote.js';
import { OFFLINE_ACCESS } from './scopes.js';

/** Query parameters the spec forbids in a redirect URI: the server adds them. */
const RESERVED_PARAMS = ['code', 'state', 'error', 'error_description'];

export { DEFAULT_SCOPE, OFFLINE_ACCESS } from './scopes.js';
export const LOOPBACK_HOST = '127.0.0.1';

/** Whether a space-separated scope holds `name`. */
export function scopeHas(scope: string, name: string): boolean {
  return scope.split(' ').includes(name);
}

/**
 * Why `raw` cannot be the redirect URI, or undefined when it can. The loopback listener can
 * only serve `https://127.0.0.1[:port]/path`; with --manual nothing listens, so any https URI
 * registered for the client will do.
 */
export function redirectUriProblem(raw: string, loopback: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not an absolute URL';
  }
  if (url.protocol !== 'https:') return 'the spec requires https://';
  if (url.hash) return 'a redirect URI has no #fragment';
  const reserved = RESERVED_PARAMS.filter((name) => url.searchParams.has(name));
  if (reserved.length > 0) return `the server adds ${reserved.join(', ')} itself: remove it from the query`;
  if (url.username || url.password) return 'a redirect URI has no user or password';
  if (loopback && url.hostname !== LOOPBACK_HOST) {
    return `wfd listens on ${LOOPBACK_HOST} only: use https://${LOOPBACK_HOST}:PORT/PATH (or --manual)`;
  }
  return undefined;
}

export interface AuthorizationRequest {
  /** the URL to open in the browser */
  url: string;
  state: string;
  /** the PKCE verifier, sent with the code to the token endpoint */
  codeVerifier: string;
}

/** Random bytes: injected in tests so the URL is predictable. */
export type RandomBytes = (size: number) => Buffer;

export function authorizationRequest(input: {
  authorizationEndpoint: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  random?: RandomBytes;
}): AuthorizationRequest {
  const random = input.random ?? randomBytes;
  const state = random(16).toString('base64url');
  const codeVerifier = random(32).toString('base64url');
  const url = new URL(input.authorizationEndpoint);
  const params: [string, string][] = [
    ['response_type', 'code'],
    ['client_id', input.clientId],
    ['redirect_uri', input.redirectUri],
    ['scope', input.scope],
    ['state', state],
    ['code_challenge', createHash('sha256').update(codeVerifier).digest('base64url')],
    ['code_challenge_method', 'S256'],
    // OpenID Connect Core 11: with `openid`, a server ignores offline_access (and issues no
    // refresh token) unless the request asks for consent.
    ...(scopeHas(input.scope, 'openid') && scopeHas(input.scope, OFFLINE_ACCESS)
      ? ([['prompt', 'consent']] as [string, string][])
      : []),
  ];
  for (const [name, value] of params) url.searchParams.set(name, value);
  return { url: url.toString(), state, codeVerifier };
}

/**
 * Why a request to the redirect URI does not answer this login, or undefined when it does: one
 * without this login's `state` (any local process can send one), or with it but with neither a
 * code nor an error. The loopback answers those 400 and keeps waiting.
 */
export function strayRedirect(params: URLSearchParams, expectedState: string): string | undefined {
  const state = params.get('state');
  if (state === null) return 'it carries no state';
  if (state !== expectedState) return 'its state is not the one of this login';
  if (params.get('error') === null && !params.get('code')) return 'it carries neither a code nor an error';
  return undefined;
}

/**
 * The authorization code of the redirect's parameters, after checking that `state` is this
 * login's; an `error=` redirect or a foreign state is an AuthError (exit 3).
 */
export function codeFromRedirect(params: URLSearchParams, expectedState: string): string {
  const state = params.get('state');
  if (state !== expectedState) {
    throw new AuthError(
      state === null
        ? 'the redirect carries no state: it does not answer this login, nothing was exchanged'
        : 'the state of the redirect does not match this login: nothing was exchanged',
      {
        hint: 'start the login again; if you did not start this one, someone may be trying to log you in to their account',
      },
    );
  }
  const error = params.get('error');
  if (error !== null) {
    const description = params.get('error_description');
    // Text from a URL anyone can craft: one line, cut short.
    const said = description ? `: ${oneLine(description, 300)}` : '';
    throw new AuthorizationRefusedError(`the authorization was refused (${oneLine(error, 60)})${said}`, {
      hint: 'run `wfd auth login --oauth` again to retry',
    });
  }
  const code = params.get('code');
  if (!code) throw new AuthError('the redirect carries neither a code nor an error: nothing to exchange');
  return code;
}

/** The server's `error=` answer to the authorize request (the user declined, or the server did). */
export class AuthorizationRefusedError extends AuthError {}

/** The parameters of what a user pasted: the whole URL the browser landed on, or its query string. */
export function pastedRedirectParams(text: string): URLSearchParams {
  const trimmed = text.trim();
  if (trimmed.length === 0)
    throw new AuthError('nothing was pasted: the login needs the URL the browser landed on');
  try {
    return new URL(trimmed).searchParams;
  } catch {
    // Not a URL: perhaps only its query string (`code=...&state=...`).
    const params = new URLSearchParams(trimmed.startsWith('?') ? trimmed.slice(1) : trimmed);
    if (params.has('state')) return params;
    throw new AuthError('what was pasted is not the URL the browser landed on', {
      hint: 'copy the whole address from the browser, starting with https://',
    });
  }
}

function oneLine(text: string, max: number): string {
  const cut = [...text];
  return escapeAllControls(cut.length > max ? `${cut.slice(0, max - 1).join('')}…` : text);
}
