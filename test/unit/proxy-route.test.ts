/**
 * Which proxy a request takes, as curl and gh read the variables: the scheme's variable, then
 * ALL_PROXY, lower case first; NO_PROXY by domain, `*`, address and CIDR range, and port;
 * loopback always directly; credentials masked wherever the URL is shown.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { maskProxy, noProxyEntry, routeFor } from '../../src/core/http/proxy-route.js';
import { proxyVariableSet } from '../../src/core/http/proxy-variables.js';

const API = new URL('https://api.example.com');
const PLAIN = new URL('http://api.example.com:8080');

/** `proxy URL (VARIABLE)`, or `direct: why`. */
function route(origin: URL, env: NodeJS.ProcessEnv): string {
  const found = routeFor(origin, env);
  return found.proxy ? `${found.proxy.url.href} (${found.proxy.variable})` : `direct: ${found.direct}`;
}

describe('the proxy variable of a request', () => {
  it("takes the scheme's own variable, then ALL_PROXY", () => {
    const env = {
      HTTPS_PROXY: 'http://secure:3128',
      HTTP_PROXY: 'http://plain:3128',
      ALL_PROXY: 'http://all:3128',
    };
    expect(route(API, env)).toBe('http://secure:3128/ (HTTPS_PROXY)');
    expect(route(PLAIN, env)).toBe('http://plain:3128/ (HTTP_PROXY)');
    expect(route(API, { ALL_PROXY: 'http://all:3128' })).toBe('http://all:3128/ (ALL_PROXY)');
    expect(route(API, { HTTP_PROXY: 'http://plain:3128' })).toBe('direct: no proxy variable for https://');
  });

  it('lower case wins where both are set, and a blank one counts as unset', () => {
    expect(route(API, { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' })).toBe(
      'http://lower:1/ (https_proxy)',
    );
    expect(route(API, { https_proxy: '  ', HTTPS_PROXY: 'http://upper:2' })).toBe(
      'http://upper:2/ (HTTPS_PROXY)',
    );
    expect(route(API, { all_proxy: 'http://lower:1', ALL_PROXY: 'http://upper:2' })).toBe(
      'http://lower:1/ (all_proxy)',
    );
    expect(
      route(API, { HTTPS_PROXY: 'http://p:1', no_proxy: 'other.test', NO_PROXY: 'api.example.com' }),
    ).toBe('http://p:1/ (HTTPS_PROXY)');
  });

  it('a proxy without a scheme is an http proxy; an https:// proxy is kept', () => {
    expect(route(API, { HTTPS_PROXY: 'proxy.corp:3128' })).toBe('http://proxy.corp:3128/ (HTTPS_PROXY)');
    expect(route(API, { HTTPS_PROXY: 'https://proxy.corp' })).toBe('https://proxy.corp/ (HTTPS_PROXY)');
  });

  it('a malformed or SOCKS proxy is a usage error naming the variable, its password masked', () => {
    const attempt = (value: string) => () => routeFor(API, { HTTPS_PROXY: value });
    expect(attempt('http://user:s3cret@[bad')).toThrow(UsageError);
    expect(attempt('http://user:s3cret@[bad')).toThrow('invalid HTTPS_PROXY "http://user:***@[bad"');
    expect(attempt('socks5://user:s3cret@proxy:1080')).toThrow(
      'HTTPS_PROXY names a socks5 proxy ("socks5://user:***@proxy:1080"); wfd speaks to http:// and https:// proxies',
    );
    expect(attempt('http://user:%zz@proxy:3128')).toThrow('its credentials are not valid percent-encoding');
  });

  it('only a variable naming a proxy loads the proxy code (NO_PROXY alone does not)', () => {
    expect(proxyVariableSet({})).toBe(false);
    expect(proxyVariableSet({ NO_PROXY: '*', HTTPS_PROXY: ' ' })).toBe(false);
    expect(proxyVariableSet({ all_proxy: 'http://p:1' })).toBe(true);
  });
});

describe('loopback', () => {
  it.each([
    'http://localhost:4010',
    'http://api.localhost:4010',
    'http://127.0.0.1:4010',
    'http://127.9.8.7',
    'http://[::1]:4010',
  ])('%s is reached directly whatever the variables say', (origin) => {
    expect(route(new URL(origin), { HTTP_PROXY: 'http://p:1', ALL_PROXY: 'http://p:1' })).toBe(
      'direct: a loopback address is never sent through a proxy',
    );
  });

  it('a name that only resolves to loopback is no loopback address: it goes through the proxy', () => {
    expect(route(new URL('http://api.wfd.test:4010'), { HTTP_PROXY: 'http://p:1' })).toBe(
      'http://p:1/ (HTTP_PROXY)',
    );
  });
});

describe('NO_PROXY', () => {
  const covered = (host: string, port: number, list: string) => noProxyEntry(host, port, list);

  it('a name covers itself and its subdomains, with or without a leading dot or *.', () => {
    for (const entry of ['example.com', '.example.com', '*.example.com', 'EXAMPLE.com']) {
      expect(covered('example.com', 443, entry), entry).toBe(entry);
      expect(covered('api.example.com', 443, entry), entry).toBe(entry);
      expect(covered('deep.api.example.com', 443, entry), entry).toBe(entry);
      expect(covered('notexample.com', 443, entry), entry).toBeUndefined();
      expect(covered('example.com.evil.test', 443, entry), entry).toBeUndefined();
    }
  });

  it('entries are separated by commas or blanks; * covers every host', () => {
    expect(covered('api.example.com', 443, 'a.test, b.test  example.com')).toBe('example.com');
    expect(covered('anything.test', 80, '*')).toBe('*');
    expect(covered('anything.test', 80, 'a.test,*')).toBe('*');
    expect(covered('anything.test', 80, ',,')).toBeUndefined();
  });

  it('an :port narrows an entry to that port', () => {
    expect(covered('api.example.com', 8443, 'example.com:8443')).toBe('example.com:8443');
    expect(covered('api.example.com', 443, 'example.com:8443')).toBeUndefined();
    expect(covered('10.1.2.3', 8080, '10.1.2.3:8080')).toBe('10.1.2.3:8080');
    expect(covered('::1', 8080, '[::1]:8080')).toBe('[::1]:8080');
    expect(covered('::1', 80, '[::1]:8080')).toBeUndefined();
  });

  it('addresses and CIDR ranges cover the addresses in them, IPv4 and IPv6, never a name', () => {
    expect(covered('10.1.2.3', 443, '10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(covered('10.1.2.3', 443, '10.1.2.3')).toBe('10.1.2.3');
    expect(covered('11.1.2.3', 443, '10.0.0.0/8')).toBeUndefined();
    expect(covered('192.168.7.9', 443, '192.168.0.0/16,172.16.0.0/12')).toBe('192.168.0.0/16');
    expect(covered('172.31.255.1', 443, '172.16.0.0/12')).toBe('172.16.0.0/12');
    expect(covered('172.32.0.1', 443, '172.16.0.0/12')).toBeUndefined();
    expect(covered('fd00::17', 443, 'fd00::/8')).toBe('fd00::/8');
    expect(covered('[fd00::17]', 443, 'fd00::/8')).toBe('fd00::/8');
    expect(covered('fe80::1', 443, 'fd00::/8')).toBeUndefined();
    // A host name is not resolved to be compared with a range, as curl does.
    expect(covered('intranet.corp', 443, '10.0.0.0/8')).toBeUndefined();
    // Nonsense ranges cover nothing.
    expect(covered('10.1.2.3', 443, '10.0.0.0/99,10.0.0.0/x')).toBeUndefined();
  });

  it('a covered origin is reached directly, and the route says which entry', () => {
    const env = { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'internal.test,.example.com' };
    expect(route(API, env)).toBe('direct: NO_PROXY has .example.com');
    expect(route(new URL('https://10.2.3.4'), { HTTPS_PROXY: 'http://p:1', no_proxy: '10.0.0.0/8' })).toBe(
      'direct: no_proxy has 10.0.0.0/8',
    );
    expect(route(new URL('https://other.test'), env)).toBe('http://p:1/ (HTTPS_PROXY)');
  });
});

describe('the proxy as wfd shows it', () => {
  it('masks the password and keeps the user name', () => {
    expect(maskProxy(new URL('http://user:p%40ss@proxy:3128'))).toBe('http://user:***@proxy:3128');
    expect(maskProxy(new URL('http://user@proxy:3128'))).toBe('http://user@proxy:3128');
    expect(maskProxy(new URL('https://proxy.corp'))).toBe('https://proxy.corp');
    expect(routeFor(API, { HTTPS_PROXY: 'http://u:secret@p:3128' }).proxy?.shown).toBe('http://u:***@p:3128');
  });
});
