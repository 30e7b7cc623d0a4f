/**
 * The authorize flow, step 1 of the spec: GET /authorize checks the request and
 * shows the sign-in page; POST /authorize/sign-in takes a seeded user's e-mail
 * and shows the workspace choice; POST /authorize/consent approves or denies and
 * redirects back with `code` and `state`, or `error` and `error_description`.
 *
 * An invalid client_id or redirect_uri, and a stale or forged form, show an
 * error page and never redirect (the spec; RFC 6749 4.1.2.1). Other problems
 * redirect with an error, as RFC 6749 4.1.2.1 says.
 */
import type { Store } from '../store.js';
import type { ClientRegistry } from './clients.js';
import type { OAuthGrants } from './grants.js';
import type { Html } from './html.js';
import { consentPage, errorPage, type FormState, signInPage } from './pages.js';
import { asParams, type Params, readParams } from './params.js';
import { isRegisteredRedirectUri, redirectUriProblem, withParams } from './redirect-uri.js';
import { parseScope } from './scopes.js';
import type { AuthorizeSession, AuthorizeSessions } from './sessions.js';

/** A page to show, or a redirect (302 after GET, 303 after a form post, RFC 9700 4.12). */
export type PageReply =
  | { readonly status: 200 | 400; readonly page: Html }
  | { readonly status: 302 | 303; readonly location: string };

export interface AuthorizeServices {
  readonly store: Store;
  readonly clients: ClientRegistry;
  readonly sessions: AuthorizeSessions;
  readonly grants: OAuthGrants;
}

const AUTHORIZE_PARAMS = [
  'state',
  'response_type',
  'scope',
  'nonce',
  'code_challenge',
  'code_challenge_method',
] as const;

// RFC 7636 4.2: an S256 challenge is 32 bytes in base64url, without padding.
const S256_RE = /^[A-Za-z0-9_-]{43}$/;

/** GET /authorize: the sign-in page for a valid request; otherwise an error page or an error redirect. */
export function startAuthorization(query: unknown, services: AuthorizeServices): PageReply {
  const params = asParams(query) ?? {};
  const target = readParams(params, ['client_id', 'redirect_uri']);
  if ('problem' in target) return failure(`Invalid request: ${target.problem}.`);
  const { client_id: clientId, redirect_uri: redirectUri } = target.values;
  if (clientId === undefined) return failure('The request has no client_id.');
  const client = services.clients.find(clientId);
  if (!client) return failure(`The client_id "${clientId}" is not registered.`);
  if (redirectUri === undefined) return failure('The request has no redirect_uri.');
  const problem = redirectUriProblem(redirectUri);
  if (problem) return failure(`Invalid redirect_uri "${redirectUri}": ${problem}.`);
  if (!isRegisteredRedirectUri(client.redirect_uris, redirectUri)) {
    return failure(`The redirect_uri "${redirectUri}" is not registered for this client.`);
  }

  // From here on the redirect URI is trusted: errors go back to the client, with the state if it is usable.
  const echoedState = typeof params.state === 'string' && params.state !== '' ? params.state : undefined;
  const redirectError = (error: string, description: string): PageReply => ({
    status: 302,
    location: withParams(redirectUri, { error, error_description: description, state: echoedState }),
  });
  const read = readParams(params, AUTHORIZE_PARAMS);
  if ('problem' in read) return redirectError('invalid_request', read.problem);
  const { state, response_type, scope, nonce, code_challenge, code_challenge_method } = read.values;
  if (response_type === undefined) return redirectError('invalid_request', 'response_type is missing');
  if (response_type !== 'code') {
    return redirectError('unsupported_response_type', 'response_type must be code');
  }
  const scopes = parseScope(scope);
  if (!scopes) return redirectError('invalid_scope', 'scope names a scope this server does not grant');
  if (code_challenge !== undefined && (code_challenge_method !== 'S256' || !S256_RE.test(code_challenge))) {
    return redirectError(
      'invalid_request',
      'code_challenge must be an S256 challenge (code_challenge_method=S256)',
    );
  }
  const session = services.sessions.start({
    client,
    redirectUri,
    state,
    scopes,
    nonce,
    codeChallenge: code_challenge,
  });
  return { status: 200, page: signInPage(formState(session, services), services.store.users()) };
}

/** POST /authorize/sign-in: the workspace choice for a seeded user's e-mail, or the sign-in page again. */
export function signIn(body: unknown, services: AuthorizeServices): PageReply {
  const form = readForm(body);
  const session = resume(form, services);
  if (!session) return staleForm();
  const email = (form.get('email') ?? '').trim();
  const user = services.store.userByEmail(email);
  if (!user) {
    const error =
      email === '' ? 'Enter your e-mail address.' : `No sandbox user has the e-mail address ${email}.`;
    return {
      status: 400,
      page: signInPage(formState(session, services), services.store.users(), { email, error }),
    };
  }
  session.user = user;
  return { status: 200, page: consent(session, services) };
}

/** POST /authorize/consent: redirects with a code on approval, with access_denied on denial. */
export function decide(body: unknown, services: AuthorizeServices): PageReply {
  const form = readForm(body);
  const session = resume(form, services);
  const user = session?.user;
  if (!session || !user) return staleForm();
  const { request } = session;
  const decision = form.get('decision');
  if (decision === 'deny') {
    services.sessions.end(session);
    const location = withParams(request.redirectUri, {
      error: 'access_denied',
      error_description: 'The user denied access',
      state: request.state,
    });
    return { status: 303, location };
  }
  const workspaceId = form.get('workspace');
  const workspace = services.store.workspacesOf(user).find((w) => w.id === workspaceId);
  if (decision !== 'approve' || !workspace) {
    const error = decision === 'approve' ? 'Choose a workspace.' : 'Choose Approve or Deny.';
    return { status: 400, page: consent(session, services, error) };
  }
  services.sessions.end(session);
  const code = services.grants.issueCode({ request, user, workspace });
  return { status: 303, location: withParams(request.redirectUri, { code, state: request.state }) };
}

function consent(session: AuthorizeSession, services: AuthorizeServices, error?: string): Html {
  const user = session.user!;
  const workspaces = services.store.workspacesOf(user);
  return consentPage(formState(session, services), user, workspaces, session.request.scopes, error);
}

function formState(session: AuthorizeSession, services: AuthorizeServices): FormState {
  return {
    session: session.id,
    csrf: services.sessions.newCsrf(session),
    clientId: session.request.client.client_id,
  };
}

/** The string fields of a posted form; repeated or non-string fields count as absent. */
function readForm(body: unknown): Map<string, string> {
  const params: Params = asParams(body) ?? {};
  const form = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string') form.set(name, value);
  return form;
}

function resume(form: Map<string, string>, services: AuthorizeServices): AuthorizeSession | undefined {
  const id = form.get('session');
  const csrf = form.get('csrf');
  return id === undefined || csrf === undefined ? undefined : services.sessions.resume(id, csrf);
}

function staleForm(): PageReply {
  return failure('This page has expired or was already used.');
}

function failure(message: string): PageReply {
  return { status: 400, page: errorPage(message) };
}
