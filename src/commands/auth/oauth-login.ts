/**
 * `wfd auth login --oauth`: the spec's authorization-code flow. Discovery, the browser and the
 * loopback (or --manual paste), the code exchange, then the workspace the grant is bound to
 * (`GET /v1/workspaces`); the profile keeps what refreshing needs unattended, secret included
 * (in the system keyring, else the 0600 file). The client secret comes from WFD_CLIENT_SECRET or a hidden prompt, never
 * from an argument, which any user of the machine could read in the process list.
 */

import type { Context } from '../../context.js';
import {
  AuthorizationRefusedError,
  DEFAULT_SCOPE,
  OFFLINE_ACCESS,
  scopeHas,
} from '../../core/auth/authorization.js';
import {
  type AuthorizationCodeOptions,
  obtainAuthorizationCode,
} from '../../core/auth/authorization-code.js';
import { loopbackCertificate } from '../../core/auth/certificate.js';
import { discoverEndpoints, type OAuthEndpoints } from '../../core/auth/discovery.js';
import { type ClientCredentials, exchangeCode } from '../../core/auth/oauth-requests.js';
import {
  type IssuedTokens,
  renewedGrant,
  requestTokens,
  tokenEndpointParts,
} from '../../core/auth/token-exchange.js';
import { ApiError, AuthError, UsageError } from '../../core/errors.js';
import { interruptible } from '../../core/process/interrupt.js';
import { quote } from '../../core/text/quote.js';
import { boundWorkspace, type LoginTarget, loggedInLine, tokenStorageOf } from './shared.js';

/** The OAuth flags of `auth login` (checked by its schema in ./login.ts), with the timeout resolved. */
export interface OAuthLoginOptions {
  clientId?: string | undefined;
  scope?: string | undefined;
  redirectUri?: string | undefined;
  manual?: boolean | undefined;
  browser: boolean;
  force?: boolean | undefined;
  insecureStorage?: boolean | undefined;
  timeout: number;
}

/** Client ids are printable ASCII (RFC 6749 A.1). */
const CLIENT_ID = /^[\x20-\x7e]+$/;

export async function loginWithOAuth(
  options: OAuthLoginOptions,
  target: LoginTarget,
  ctx: Context,
): Promise<void> {
  const clientId = options.clientId ?? ctx.env.WFD_CLIENT_ID;
  if (!clientId) {
    throw new UsageError('--oauth needs the client id of the application', {
      hint: 'pass --client-id ID or set WFD_CLIENT_ID (the service operator provisions OAuth clients)',
    });
  }
  if (!CLIENT_ID.test(clientId))
    throw new UsageError(`invalid client id ${quote(clientId)}: expected printable ASCII`);
  const clientSecret = await readClientSecret(clientId, ctx);
  const endpoints = await discoverEndpoints(await ctx.apiFor(target.baseUrl, undefined), (line) =>
    ctx.debug(line),
  );
  const scope = options.scope ?? DEFAULT_SCOPE;
  const steps: AuthorizationCodeOptions = {
    authorizationEndpoint: endpoints.authorizationEndpoint,
    clientId,
    scope,
    ...(options.redirectUri !== undefined ? { redirectUri: options.redirectUri } : {}),
    manual: options.manual ?? false,
    timeoutMs: options.timeout,
    certificate: () => loopbackCertificate(target.store.dir, ctx.now()),
    // Nobody at a terminal (a script, CI), or --manual (the browser is on another machine): the
    // URL is printed, no browser is started.
    ...(options.browser && !options.manual && ctx.io.canPrompt()
      ? { openBrowser: (url: string) => ctx.openBrowser(url) }
      : {}),
    readPastedUrl: () => readPastedUrl(ctx),
    say: (line) => ctx.io.errorLine(line),
  };
  // The listener must close on Ctrl-C; a paste has nothing to clean up (and a prompt reads Ctrl-C itself).
  const authorization = await (steps.manual
    ? obtainAuthorizationCode(steps)
    : interruptible((signal) => obtainAuthorizationCode({ ...steps, signal }))
  ).catch((error: unknown) => {
    throw withScopeHint(error, scope, endpoints);
  });

  const client: ClientCredentials = { clientId, clientSecret, clientAuth: endpoints.clientAuth };
  const tokens = await exchange(ctx, endpoints.tokenEndpoint, client, authorization);
  const workspace = await boundWorkspace(await ctx.apiFor(target.baseUrl, tokens.accessToken));
  const grant = renewedGrant(
    {
      ...client,
      authorizationEndpoint: endpoints.authorizationEndpoint,
      tokenEndpoint: endpoints.tokenEndpoint,
      scope,
    },
    tokens,
    ctx.now(),
  );
  await target.store.saveProfile(
    target.profileName,
    {
      baseUrl: target.baseUrl,
      token: tokens.accessToken,
      authType: 'oauth',
      oauth: grant,
      ...(workspace ? { workspace } : {}),
      savedAt: ctx.now().toISOString(),
      ...(ctx.globals.requestRate !== undefined ? { rateLimit: ctx.globals.requestRate } : {}),
    },
    { tokenStorage: tokenStorageOf(options) },
  );
  ctx.io.errorLine(loggedInLine(target, workspace, tokens.user));
  if (!grant.refreshToken) ctx.io.errorLine(noRefreshTokenWarning(scope, grant.expiresAt));
}

/**
 * A refusal of a scope without `openid` by a server that lists it: an OpenID Connect server may
 * grant nothing without it (oidc-provider refuses `offline_access` alone with access_denied).
 */
function withScopeHint(error: unknown, scope: string, endpoints: OAuthEndpoints): unknown {
  if (!(error instanceof AuthorizationRefusedError)) return error;
  if (scopeHas(scope, 'openid') || !endpoints.scopesSupported?.includes('openid')) return error;
  return new AuthError(error.message, {
    hint: `the server speaks OpenID Connect, which may grant nothing without openid: try --scope "openid ${scope}"`,
  });
}

/** Said when the login got no refresh token: the facts, and what it means for later runs. */
function noRefreshTokenWarning(scope: string, expiresAt: string | undefined): string {
  const why = scopeHas(scope, OFFLINE_ACCESS)
    ? 'though the scope asked for offline_access, the server issued no refresh token'
    : `the scope "${scope}" does not ask for offline_access, so the server issued no refresh token`;
  const when = expiresAt ? ` (at ${expiresAt})` : '';
  return `warning: ${why}: when the access token expires${when}, wfd cannot renew it and you must log in again`;
}

async function readClientSecret(clientId: string, ctx: Context): Promise<string> {
  const fromEnv = ctx.env.WFD_CLIENT_SECRET;
  if (fromEnv) return fromEnv;
  if (!ctx.io.canPrompt()) {
    throw new UsageError('no client secret: set WFD_CLIENT_SECRET, or run on a terminal to be asked for it', {
      hint: 'a secret is never taken as an argument: the process list would show it',
    });
  }
  const secret = await ctx.io.promptSecret(`Client secret of ${clientId}: `);
  if (secret.length === 0) throw new UsageError('the client secret is empty');
  return secret;
}

/** --manual: the address the browser landed on, at a hidden prompt (it holds the code) or on stdin. */
async function readPastedUrl(ctx: Context): Promise<string> {
  if (ctx.io.canPrompt()) return ctx.io.promptSecret('Paste the address (not shown): ');
  const text = await ctx.io.readStdin();
  return text.split('\n').find((line) => line.trim().length > 0) ?? '';
}

async function exchange(
  ctx: Context,
  tokenEndpoint: string,
  client: ClientCredentials,
  authorization: { code: string; redirectUri: string; codeVerifier: string },
): Promise<IssuedTokens> {
  const { origin, path } = tokenEndpointParts(tokenEndpoint);
  try {
    return await requestTokens(
      await ctx.apiFor(origin, undefined),
      exchangeCode(path, client, authorization),
    );
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 401)) throw error;
    throw new AuthError(`the token endpoint refused the login: ${error.message}`, {
      hint:
        error.status === 401
          ? 'check the client id and its secret (WFD_CLIENT_SECRET), then log in again'
          : 'log in again; if it keeps failing, run with --debug and report the request',
    });
  }
}
