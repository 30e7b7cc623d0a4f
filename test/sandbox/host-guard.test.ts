/**
 * The DNS-rebinding guard: a request whose Host names another site is refused on every surface
 * (the API, the hooks, the OAuth pages, the description), before a token is looked at; the
 * sandbox's own names, IP addresses and the names it is given pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateNames, hostNames, isOwnHost } from '../../src/sandbox/host-guard.js';
import { request } from '../support/http-request.js';
import { startTestSandbox, type TestSandbox } from './helpers.js';

let t: TestSandbox;
let port: string;

beforeAll(async () => {
  t = await startTestSandbox({ allowedHosts: ['devbox.local', 'Proxy.Example.'] });
  port = new URL(t.sandbox.baseUrl).port;
});
afterAll(() => t.close());

function withHost(path: string, host: string, method = 'GET') {
  return request(`${t.sandbox.baseUrl}${path}`, {
    method,
    headers: { host, authorization: `Bearer ${t.token}` },
  });
}

describe('the Host guard', () => {
  it.each([
    ['GET', '/v1/workspaces'],
    ['GET', '/_sandbox/requests'],
    ['POST', '/_sandbox/tokens/revoke'],
    ['GET', '/openapi.json'],
    ['GET', '/authorize'],
    ['GET', '/'],
  ])('refuses %s %s with a foreign Host: 421, naming the flag that allows it', async (method, path) => {
    const res = await withHost(path, `rebind.attacker.example:${port}`, method);
    expect(res.statusCode).toBe(421);
    expect(res.body.json()).toEqual({
      statusCode: 421,
      error: 'Misdirected Request',
      message: expect.stringMatching(
        /^Host "rebind\.attacker\.example:\d+" is not a name of this sandbox, .*start it with --allowed-host rebind\.attacker\.example$/,
      ),
    });
  });

  it('logs nothing and revokes nothing for a refused request', async () => {
    await t.call('DELETE', '/_sandbox/requests');
    const revoke = await request(`${t.sandbox.baseUrl}/_sandbox/tokens/revoke`, {
      method: 'POST',
      headers: { host: 'evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ token: t.otherToken }),
    });
    expect(revoke.statusCode).toBe(421);
    expect((await t.get('/v1/workspaces', { token: t.otherToken })).status).toBe(200);
  });

  it.each([
    `127.0.0.1:${'PORT'}`,
    'localhost:PORT',
    'LOCALHOST.:PORT',
    '[::1]:PORT',
    'localhost',
    '192.0.2.7:8080',
    '[2001:db8::1]:PORT',
    'devbox.local:PORT',
    'proxy.example',
  ])('answers Host %s (its own names, IP addresses, the names it was given; any port)', async (host) => {
    const res = await withHost('/v1/workspaces', host.replace('PORT', port));
    expect(res.statusCode).toBe(200);
  });
});

describe('hostNames', () => {
  it('takes the address it listens on, so a sandbox started with --host NAME answers NAME', () => {
    const names = hostNames('devbox.lan', []);
    expect(isOwnHost('devbox.lan:4010', names)).toBe(true);
    expect(isOwnHost('devbox.lan.example:4010', names)).toBe(false);
    expect(isOwnHost('devbox.lan:4010', hostNames('127.0.0.1', []))).toBe(false);
  });

  it('refuses an empty name and a bare IPv6 address without brackets', () => {
    const names = hostNames('127.0.0.1', []);
    expect(isOwnHost(':4010', names)).toBe(false);
    expect(isOwnHost('', names)).toBe(false);
    expect(isOwnHost('::1', names)).toBe(false);
  });
});

describe('certificateNames', () => {
  it("gives a TLS sandbox's certificate names (not its addresses) to the names it answers", async () => {
    const { generate } = await import('selfsigned');
    const { cert } = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      extensions: [
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
            { type: 2, value: 'api.wfd.test' },
          ],
        },
      ],
    });
    expect(certificateNames(cert)).toEqual(['localhost', 'api.wfd.test']);
    expect(certificateNames(undefined)).toEqual([]);
    expect(isOwnHost('api.wfd.test:443', hostNames('127.0.0.1', certificateNames(cert)))).toBe(true);
  });
});
