/** Drives the sandbox's OAuth pages and token endpoint over plain HTTP, as a browser and a client would. */
import { expect } from 'vitest';
import { type HttpResult, type Json, qs, type TestSandbox } from './helpers.js';

/** A loopback callback on some port: matches the default client's `https://127.0.0.1/callback`. */
export const CALLBACK = 'https://127.0.0.1:8123/callback';

/** The value of a hidden (or any) input named `name` in a page. */
export function inputValue(html: string, name: string): string {
  const match = new RegExp(`<input[^>]* name="${name}" value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no input ${name} in:\n${html}`);
  return match[1]!;
}

/** POSTs form-encoded fields without a bearer token. */
export function postForm(
  t: TestSandbox,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<HttpResult> {
  return t.call('POST', path, {
    token: null,
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

export interface AuthorizeOptions {
  /** Query parameters of GET /authorize, over the default client's valid ones. */
  query?: Record<string, string>;
  email?: string;
  /** The slug of the workspace to choose (default: the first one offered). */
  workspace?: string;
  decision?: 'approve' | 'deny';
}

/** GET /authorize for the default client with a loopback redirect, `state=xyz`, plus `query`. */
export function getAuthorize(t: TestSandbox, query: Record<string, string> = {}): Promise<HttpResult> {
  const params = {
    client_id: t.sandbox.oauth.client_id,
    redirect_uri: CALLBACK,
    response_type: 'code',
    state: 'xyz',
    ...query,
  };
  return t.get(`/authorize${qs(params)}`, { token: null });
}

/** Signs in on the page of a GET /authorize answer. */
export function signIn(t: TestSandbox, page: string, email: string): Promise<HttpResult> {
  return postForm(t, '/authorize/sign-in', {
    session: inputValue(page, 'session'),
    csrf: inputValue(page, 'csrf'),
    email,
  });
}

/** The whole authorize flow: the URL the browser is sent back to. */
export async function authorize(t: TestSandbox, options: AuthorizeOptions = {}): Promise<URL> {
  const start = await getAuthorize(t, options.query);
  expect(start.status, start.body).toBe(200);
  const consent = await signIn(t, start.body, options.email ?? 'alice.martin@acme.example');
  expect(consent.status, consent.body).toBe(200);
  const workspace = options.workspace
    ? t.sandbox.workspaces.find((w) => w.slug === options.workspace)!.id
    : inputValue(consent.body, 'workspace');
  const done = await postForm(t, '/authorize/consent', {
    session: inputValue(consent.body, 'session'),
    csrf: inputValue(consent.body, 'csrf'),
    workspace,
    decision: options.decision ?? 'approve',
  });
  expect(done.status, done.body).toBe(303);
  return new URL(String(done.headers.location));
}

/** An authorization code of the default client. */
export async function authorizationCode(t: TestSandbox, options: AuthorizeOptions = {}): Promise<string> {
  const code = (await authorize(t, options)).searchParams.get('code');
  expect(code).toEqual(expect.any(String));
  return code!;
}

/** POST /token with JSON fields; `basic` sends the client credentials by HTTP Basic instead. */
export function postToken(
  t: TestSandbox,
  fields: Record<string, string>,
  options: { basic?: [string, string]; form?: boolean } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = {};
  if (options.basic) {
    headers.authorization = `Basic ${Buffer.from(options.basic.join(':')).toString('base64')}`;
  }
  if (options.form) return postForm(t, '/token', fields, headers);
  return t.call('POST', '/token', { token: null, body: fields, headers });
}

/** The default client's credentials as body fields. */
export function credentials(t: TestSandbox): Record<string, string> {
  return { client_id: t.sandbox.oauth.client_id, client_secret: t.sandbox.oauth.client_secret };
}

/** Authorizes and exchanges the code: the token response body. */
export async function login(t: TestSandbox, options: AuthorizeOptions = {}): Promise<Json> {
  const code = await authorizationCode(t, options);
  const res = await postToken(t, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: options.query?.redirect_uri ?? CALLBACK,
    ...credentials(t),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Refreshes with the default client. */
export function refresh(t: TestSandbox, refreshToken: string): Promise<HttpResult> {
  return postToken(t, { grant_type: 'refresh_token', refresh_token: refreshToken, ...credentials(t) });
}
