/**
 * Every stage judges the path the router serves: encoded, doubled-slash, dot-segment,
 * case-variant and absolute-form request lines never reach a handler without a token.
 * Request lines go over raw sockets, since an HTTP client would normalise them first.
 */
import { describe, expect, it } from 'vitest';
import { normaliseTarget } from '../../src/sandbox/request-target.js';
import { badRequest, rawRequest, startTestSandbox, useTestSandbox } from './helpers.js';

const MISSING = { statusCode: 401, error: 'Unauthorized', message: 'Missing authorization header' };

const t = useTestSandbox();

const host = () => t.sandbox.baseUrl.replace('http://', '');

// Request targets that name /v1/cases (or /v1/workspaces) in a roundabout way.
const DISGUISED: ReadonlyArray<readonly [string, () => string]> = [
  ['percent-encoded prefix', () => '/%76%31/cases'],
  ['percent-encoded everything', () => '/%76%31/%63%61%73%65%73'],
  ['lower-case hex escapes', () => '/%76%31/c%61ses'],
  ['double slashes', () => '//v1//cases'],
  ['a dot segment', () => '/./v1/./cases'],
  ['a dot-dot segment', () => '/x/../v1/cases'],
  ['an encoded dot-dot segment', () => '/x/%2e%2E/v1/cases'],
  ['dot-dot above the root', () => '/../../v1/cases'],
  ['absolute form', () => `http://${host()}/v1/cases`],
  ['absolute form with another host', () => 'http://elsewhere.example/v1/workspaces'],
  ['absolute form with an encoded path', () => `HTTP://${host()}/%76%31//workspaces`],
];

describe('disguised /v1 paths without a token', () => {
  it.each(DISGUISED)('answers 401 for %s', async (_name, target) => {
    const res = await rawRequest(t.sandbox.baseUrl, `GET ${target()} HTTP/1.1`);
    expect(res).toEqual({ status: 401, body: MISSING });
  });

  it.each([
    ['an upper-case prefix', '/V1/cases'],
    ['an encoded upper-case prefix', '/%56%31/cases'],
    ['an upper-case resource', '/v1/CASES'],
  ])('answers 401 or 404 for %s, never a handler', async (_name, target) => {
    const res = await rawRequest(t.sandbox.baseUrl, `GET ${target} HTTP/1.1`);
    expect([401, 404]).toContain(res.status);
    if (res.status === 401) expect(res.body).toEqual(MISSING);
    else expect(res.body.message).toMatch(/^Route GET:.* not found$/);
  });

  it.each([
    ['an encoded slash', '/v1%2Fcases'],
    ['malformed percent-encoding', '/%76%31/cases/%zz'],
    ['a fragment', '/v1/cases#x'],
    ['the asterisk form', '*'],
  ])('answers 400 in the standard shape for %s', async (_name, target) => {
    const res = await rawRequest(t.sandbox.baseUrl, `GET ${target} HTTP/1.1`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequest(expect.stringMatching(/^Malformed URL/)));
  });
});

describe('disguised /v1 paths with a token', () => {
  it.each(DISGUISED)('serves %s as the normalised path', async (_name, target) => {
    const res = await rawRequest(t.sandbox.baseUrl, `GET ${target()} HTTP/1.1`, {
      authorization: `Bearer ${t.token}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expect.any(Array));
  });

  it('keeps the query string as sent', async () => {
    const res = await rawRequest(t.sandbox.baseUrl, 'GET /%76%31/cases?page%5Bsize%5D=3 HTTP/1.1', {
      authorization: `Bearer ${t.token}`,
    });
    expect(res.body.meta.page_size).toBe(3);
  });
});

describe('the rate limit and the request log judge the normalised path', () => {
  it('counts disguised requests against the token and logs them as sent', async () => {
    const limited = await startTestSandbox({ rateLimit: '2/1m' });
    try {
      const auth = { authorization: `Bearer ${limited.token}` };
      const send = (target: string) => rawRequest(limited.sandbox.baseUrl, `GET ${target} HTTP/1.1`, auth);
      expect((await send('/%76%31/workspaces')).status).toBe(200);
      expect((await send('//v1/workspaces')).status).toBe(200);
      expect((await send('/x/../v1/workspaces')).status).toBe(429);
      await rawRequest(limited.sandbox.baseUrl, 'GET /%76%31/cases HTTP/1.1');
      const log = (await limited.get('/_sandbox/requests')).body;
      const token = limited.token.slice(0, 8);
      // The URL as sent, the path as judged.
      expect(
        log.requests.map((r: Record<string, unknown>) => [r.url, r.path, r.status, r.token_prefix]),
      ).toEqual([
        ['/%76%31/workspaces', '/v1/workspaces', 200, token],
        ['//v1/workspaces', '/v1/workspaces', 200, token],
        ['/x/../v1/workspaces', '/v1/workspaces', 429, token],
        ['/%76%31/cases', '/v1/cases', 401, null],
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('normaliseTarget', () => {
  it.each([
    ['/v1/cases', '/v1/cases'],
    ['/v1/cases/', '/v1/cases/'],
    ['/v1/cases/..', '/v1/'],
    ['/', '/'],
    ['//', '/'],
    ['/v1/cases?sort=-title&x=%2F', '/v1/cases?sort=-title&x=%2F'],
    ['http://h:1', '/'],
    ['http://h:1?x=1', '/?x=1'],
    ['/v1/cases/%25zz', '/v1/cases/%25zz'],
    ['/v1/cases/Jos%C3%A9', '/v1/cases/Jos%C3%A9'],
    ['/v1/a%3Ab', '/v1/a%3Ab'],
  ])('normalises %s to %s', (raw, url) => {
    expect(normaliseTarget(raw)).toMatchObject({ ok: true, url });
  });

  it('keeps the path of the segments before a refused one', () => {
    expect(normaliseTarget('/%76%31/cases/%zz/x')).toMatchObject({ ok: false, path: '/v1/cases' });
  });
});
