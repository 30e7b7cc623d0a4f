/**
 * Steps 1 and 2 of the authorization-code flow without the network: the authorize URL (state and
 * PKCE from injected randomness), the redirect URI's rules, and the --manual paste.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  authorizationRequest,
  codeFromRedirect,
  pastedRedirectParams,
  redirectUriProblem,
} from '../../src/core/auth/authorization.js';
import { obtainAuthorizationCode } from '../../src/core/auth/authorization-code.js';
import { AuthError } from '../../src/core/errors.js';

/** Bytes 0, 1, 2, ... so that state and verifier are known in advance. */
const counting = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => i));

describe('the authorize URL', () => {
  it('carries the client, redirect, scope, a random state and a PKCE S256 challenge of the verifier', () => {
    const request = authorizationRequest({
      authorizationEndpoint: 'https://auth.test/authorize',
      clientId: 'my app',
      redirectUri: 'https://127.0.0.1:8123/callback',
      scope: 'offline_access',
      random: counting,
    });
    expect(request.state).toBe(counting(16).toString('base64url'));
    expect(request.codeVerifier).toBe(counting(32).toString('base64url'));
    const url = new URL(request.url);
    expect(url.origin + url.pathname).toBe('https://auth.test/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'my app',
      redirect_uri: 'https://127.0.0.1:8123/callback',
      scope: 'offline_access',
      state: request.state,
      code_challenge: createHash('sha256').update(request.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
  });

  it('a fresh state and verifier each time', () => {
    const input = {
      authorizationEndpoint: 'https://auth.test/authorize',
      clientId: 'c',
      redirectUri: 'https://127.0.0.1/callback',
      scope: 'offline_access',
    };
    const [a, b] = [authorizationRequest(input), authorizationRequest(input)];
    expect(a.state).not.toBe(b.state);
    expect(a.codeVerifier).not.toBe(b.codeVerifier);
    expect(a.codeVerifier.length).toBeGreaterThanOrEqual(43);
  });
});

describe('redirect URI rules', () => {
  it.each([
    ['https://127.0.0.1:8123/callback', true, undefined],
    ['https://127.0.0.1/callback', true, undefined],
    ['http://127.0.0.1:8123/callback', true, 'the spec requires https://'],
    [
      'https://localhost:8123/callback',
      true,
      'wfd listens on 127.0.0.1 only: use https://127.0.0.1:PORT/PATH (or --manual)',
    ],
    ['https://app.example/landing', false, undefined],
    ['https://127.0.0.1/cb?state=x', true, 'the server adds state itself: remove it from the query'],
    ['https://127.0.0.1/cb#top', true, 'a redirect URI has no #fragment'],
    ['127.0.0.1:8123/callback', true, 'not an absolute URL'],
    ['callback', true, 'not an absolute URL'],
  ])('%s (listening: %s)', (uri, loopback, problem) => {
    expect(redirectUriProblem(uri, loopback)).toBe(problem);
  });
});

describe('the redirect the browser comes back with', () => {
  it('gives the code when the state is this login’s', () => {
    expect(codeFromRedirect(new URLSearchParams('code=abc&state=s'), 's')).toBe('abc');
  });

  it.each([
    ['code=abc&state=other', 'the state of the redirect does not match this login: nothing was exchanged'],
    ['code=abc', 'the redirect carries no state: it does not answer this login, nothing was exchanged'],
    ['error=access_denied&state=s', 'the authorization was refused (access_denied)'],
    [
      'error=access_denied&error_description=Line%0Ahint%3A%20fake&state=s',
      'the authorization was refused (access_denied): Line^Jhint: fake',
    ],
    ['state=s', 'the redirect carries neither a code nor an error: nothing to exchange'],
  ])('%s is refused: %s', (query, message) => {
    let error: unknown;
    try {
      codeFromRedirect(new URLSearchParams(query), 's');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe(message);
  });

  it('--manual takes the whole URL, or only its query string', () => {
    const expected = { code: 'abc', state: 's' };
    for (const pasted of [
      '  https://127.0.0.1/callback?code=abc&state=s \n',
      '?code=abc&state=s',
      'code=abc&state=s',
    ]) {
      expect(Object.fromEntries(pastedRedirectParams(pasted))).toEqual(expected);
    }
    expect(() => pastedRedirectParams('')).toThrow('nothing was pasted');
    expect(() => pastedRedirectParams('hello there')).toThrow(
      'what was pasted is not the URL the browser landed on',
    );
  });
});

describe('--manual, end to end in-process', () => {
  it('prints the URL, reads the pasted address, checks its state and returns the code', async () => {
    const said: string[] = [];
    const state = counting(16).toString('base64url');
    const result = await obtainAuthorizationCode({
      authorizationEndpoint: 'https://auth.test/authorize',
      clientId: 'c',
      scope: 'offline_access',
      manual: true,
      timeoutMs: 1000,
      certificate: () => Promise.reject(new Error('no listener with --manual')),
      readPastedUrl: async () => `https://127.0.0.1/callback?code=the-code&state=${state}`,
      say: (line) => said.push(line),
      random: counting,
    });
    expect(result).toEqual({
      code: 'the-code',
      redirectUri: 'https://127.0.0.1/callback',
      codeVerifier: counting(32).toString('base64url'),
    });
    expect(said[0]).toBe('Open this URL in a browser to sign in and approve access:');
    expect(said[1]).toMatch(/^ {2}https:\/\/auth\.test\/authorize\?response_type=code&/);
    expect(said.join('\n')).toContain('Copy the whole address from the address bar');
  });

  it('a pasted address of another login is refused', async () => {
    await expect(
      obtainAuthorizationCode({
        authorizationEndpoint: 'https://auth.test/authorize',
        clientId: 'c',
        scope: 'offline_access',
        manual: true,
        timeoutMs: 1000,
        certificate: () => Promise.reject(new Error('unused')),
        readPastedUrl: async () => 'https://127.0.0.1/callback?code=x&state=forged',
        say: () => {},
      }),
    ).rejects.toThrow('the state of the redirect does not match this login');
  });
});
