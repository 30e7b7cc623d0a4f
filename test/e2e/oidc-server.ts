/**
 * A certified OpenID Connect server (`oidc-provider`) in this process, on a loopback port, at the
 * spec's routes (`/authorize`, `/token`, `/.well-known/openid-configuration` at the host root),
 * with a small `/v1/workspaces` beside it that takes the server's access tokens: what a real
 * deployment of the spec's OAuth looks like to wfd. Sign-in and consent are granted at once (no
 * pages), so a test follows the authorize URL's redirects with a cookie jar, as a browser would.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export const ACCOUNT = { sub: 'alice', name: 'Alice Martin', email: 'alice.martin@acme.example' };
export const WORKSPACE = { id: '6f1c2a9e-4d0b-4a8e-9c51-3b7e2d4f8a10', slug: 'acme', name: 'Acme Corp' };

export interface OidcServer {
  /** the host root: the base URL and the issuer */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** the one redirect URI registered for the client */
  redirectUri: string;
  /** the grant type of every call of the token endpoint, and whether it succeeded */
  tokenCalls: { grantType: string; ok: boolean; error?: string }[];
  /** makes the server forget an access token, as when it expires or is revoked */
  revokeAccessToken(token: string): Promise<void>;
  /** follows an authorize URL as a browser that signed in and approved; returns where it lands */
  authorize(url: string): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcServer(options: { redirectUri: string }): Promise<OidcServer> {
  const clientId = 'wfd-cli';
  const clientSecret = 'a-client-secret-of-forty-characters-0123';
  const tokenCalls: OidcServer['tokenCalls'] = [];
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const provider = new Provider(baseUrl, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig' }] },
    routes: { authorization: '/authorize', token: '/token' },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: { openid: ['sub'], profile: ['name'], email: ['email'] },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => ({
      accountId: sub,
      claims: () => ({ ...ACCOUNT, sub }),
    }),
    // Every sign-in and consent goes to /interaction/UID, which grants it at once.
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    features: { devInteractions: { enabled: false } },
    // Each refresh token is used once (RFC 9700 4.14.2): reuse of a spent one revokes the grant.
    rotateRefreshToken: true,
    // Lifetimes in seconds, given so the server does not warn about its defaults.
    ttl: {
      AccessToken: 3600,
      RefreshToken: 86_400,
      Grant: 86_400,
      IdToken: 3600,
      Interaction: 600,
      Session: 3600,
    },
    cookies: { keys: ['a-cookie-signing-key-for-the-test'] },
  });
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    tokenCalls.push({ grantType: String(ctx.oidc.params?.grant_type), ok: true });
  });
  provider.on('grant.error', (ctx: KoaContextWithOIDC, error: Error & { error?: string }) => {
    tokenCalls.push({
      grantType: String(ctx.oidc.params?.grant_type),
      ok: false,
      error: error.error ?? error.message,
    });
  });
  const oidc = provider.callback();

  http.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', baseUrl).pathname;
    if (path.startsWith('/interaction/'))
      return void grantAtOnce(provider, req, res).catch((error) => fail(res, error));
    if (path.startsWith('/v1/')) return void api(provider, req, res, path).catch((error) => fail(res, error));
    oidc(req, res);
  });

  return {
    baseUrl,
    clientId,
    clientSecret,
    redirectUri: options.redirectUri,
    tokenCalls,
    async revokeAccessToken(token) {
      await (await provider.AccessToken.find(token))?.destroy();
    },
    authorize: (url) => followAsBrowser(url, options.redirectUri),
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

/** Signs alice in, or approves every scope and claim asked for, then resumes the authorization. */
async function grantAtOnce(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: ACCOUNT.sub } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({
        accountId: details.session?.accountId,
        clientId: details.params.client_id as string,
      });
  if (!grant) throw new Error('the grant of the interaction is gone');
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

/** `GET /v1/workspaces` for the bearer of a live access token of this server; 401 otherwise. */
async function api(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  const token = bearer ? await provider.AccessToken.find(bearer) : undefined;
  if (!token || token.isExpired)
    return json(res, 401, { error: 'Unauthorized', message: 'Invalid access token' });
  if (req.method !== 'GET' || path !== '/v1/workspaces')
    return json(res, 404, { error: 'Not Found', message: 'No such route' });
  json(res, 200, { data: [WORKSPACE] });
}

function json(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function fail(res: ServerResponse, error: unknown): void {
  if (!res.headersSent) json(res, 500, { error: 'Internal Server Error', message: String(error) });
  else res.destroy();
}

/**
 * Follows the redirects of an authorize URL with a cookie jar until one leaves for the redirect
 * URI (or the server answers without a redirect): the address the browser would land on.
 */
async function followAsBrowser(start: string, redirectUri: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(redirectUri)) return url;
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`${url} answered ${response.status} without a redirect: ${await response.text()}`);
    await response.body?.cancel();
    url = new URL(location, url).toString();
  }
  throw new Error(`too many redirects from ${start}`);
}
