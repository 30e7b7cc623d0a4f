/**
 * Which proxy, if any, a request to an origin goes through, read from the environment as curl
 * and gh read it: `https_proxy`/`HTTPS_PROXY` for https, `http_proxy`/`HTTP_PROXY` for http,
 * `all_proxy`/`ALL_PROXY` for either, the lower-case name first; `no_proxy`/`NO_PROXY` lists the
 * hosts reached directly. Loaded only when a proxy variable is set (proxy-variables.ts).
 *
 * Why not the `proxy-from-env` package: its NO_PROXY knows neither CIDR ranges nor that
 * `example.com` covers `api.example.com` (curl's and gh's reading), it sends `localhost` through
 * the proxy, and it reads `process.env` only (the run tests hand wfd an environment of their own).
 */
import { BlockList, isIP } from 'node:net';
import { UsageError } from '../errors.js';
import { quote } from '../text/quote.js';

export interface ProxyRoute {
  /** the proxy's URL, credentials included: print `shown` instead */
  url: URL;
  /** the variable it came from, as spelt in the environment (`HTTPS_PROXY`, `all_proxy`) */
  variable: string;
  /** the URL as wfd prints it, the password masked: `http://user:***@proxy:3128` */
  shown: string;
}

/** Through a proxy, or directly and why (for `--debug` and `wfd doctor`). */
export type Route = { proxy: ProxyRoute; direct?: undefined } | { proxy?: undefined; direct: string };

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** How a request to `origin` goes out, from the proxy variables of `env`. */
export function routeFor(origin: URL, env: NodeJS.ProcessEnv): Route {
  const scheme = origin.protocol.replace(/:$/, '');
  const variable = firstSet(env, [
    `${scheme}_proxy`,
    `${scheme.toUpperCase()}_PROXY`,
    'all_proxy',
    'ALL_PROXY',
  ]);
  if (!variable) return { direct: `no proxy variable for ${scheme}://` };
  const host = origin.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopback(host)) return { direct: 'a loopback address is never sent through a proxy' };
  const noProxy = firstSet(env, ['no_proxy', 'NO_PROXY']);
  if (noProxy) {
    const port = Number(origin.port) || DEFAULT_PORTS[origin.protocol] || 0;
    const entry = noProxyEntry(host, port, env[noProxy]!);
    if (entry !== undefined) return { direct: `${noProxy} has ${entry}` };
  }
  return { proxy: parseProxy(env[variable]!.trim(), variable) };
}

/** The proxy URL as wfd prints it: the password, if any, masked. */
export function maskProxy(url: URL): string {
  const user = url.username ? `${url.username}${url.password ? ':***' : ''}@` : '';
  return `${url.protocol}//${user}${url.host}`;
}

/** A variable's value as wfd may print it: `//user:secret@` masked, even where it is no URL. */
function maskRaw(value: string): string {
  return value.replace(/(\/\/[^/@:]*:)[^/@]*@/, '$1***@');
}

function parseProxy(value: string, variable: string): ProxyRoute {
  const shownRaw = maskRaw(value);
  let url: URL;
  try {
    // `proxy:3128` is an http proxy, as curl takes it.
    url = new URL(value.includes('://') ? value : `http://${value}`);
  } catch {
    throw new UsageError(`invalid ${variable} ${quote(shownRaw)}: expected a URL such as http://proxy:3128`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(
      `${variable} names a ${url.protocol.replace(/:$/, '')} proxy (${quote(shownRaw)}); wfd speaks to http:// and https:// proxies`,
      { hint: `set ${variable} to an HTTP proxy, or name the API's host in NO_PROXY to reach it directly` },
    );
  }
  try {
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    throw new UsageError(
      `invalid ${variable} ${quote(shownRaw)}: its credentials are not valid percent-encoding`,
      {
        hint: 'write a special character of the user name or password as %XX: @ is %40, : is %3A, % is %25',
      },
    );
  }
  return { url, variable, shown: maskProxy(url) };
}

/** The first of `names` set to something other than blanks. */
function firstSet(env: NodeJS.ProcessEnv, names: readonly string[]): string | undefined {
  return names.find((name) => Boolean(env[name]?.trim()));
}

/** localhost (and its subdomains), 127.0.0.0/8 and ::1. */
function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return isIP(host) === 6 && inRange(host, '::1', 128);
}

/**
 * The entry of a NO_PROXY list that covers `host` at `port`, as curl and gh read one: entries
 * separated by commas (or blanks); `*` covers every host; a name covers itself and its
 * subdomains, with or without a leading `.` or `*.`; an IP address or CIDR range covers the
 * addresses in it (a host name is not resolved to be compared with one); `:port` narrows an
 * entry to that port (`[::1]:8080` for an IPv6 address).
 */
export function noProxyEntry(host: string, port: number, list: string): string | undefined {
  const target = host.replace(/^\[|\]$/g, '').toLowerCase();
  for (const raw of list.split(/[\s,]+/)) {
    const entry = raw.toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return entry;
    const { name, entryPort } = splitPort(entry);
    if (entryPort !== undefined && entryPort !== port) continue;
    if (covers(name, target)) return raw;
  }
  return undefined;
}

function splitPort(entry: string): { name: string; entryPort?: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { name: bracketed[1]!, ...(bracketed[2] ? { entryPort: Number(bracketed[2]) } : {}) };
  // One colon is a port; more are an IPv6 address (with no port, as it is not bracketed).
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort) return { name: withPort[1]!, entryPort: Number(withPort[2]) };
  return { name: entry };
}

function covers(name: string, target: string): boolean {
  const slash = name.indexOf('/');
  if (slash !== -1) {
    const bits = Number(name.slice(slash + 1));
    return isIP(target) !== 0 && Number.isInteger(bits) && inRange(target, name.slice(0, slash), bits);
  }
  if (isIP(name) !== 0) return isIP(target) !== 0 && inRange(target, name, isIP(name) === 4 ? 32 : 128);
  const domain = name.replace(/^\*?\./, '');
  return domain !== '' && (target === domain || target.endsWith(`.${domain}`));
}

/** Whether the address `target` is in `network`/`bits` (node:net's BlockList does the arithmetic). */
function inRange(target: string, network: string, bits: number): boolean {
  const family = isIP(network);
  if (family === 0 || family !== isIP(target) || bits < 0 || bits > (family === 4 ? 32 : 128)) return false;
  const range = new BlockList();
  const type = family === 4 ? 'ipv4' : 'ipv6';
  range.addSubnet(network, bits, type);
  return range.check(target, type);
}
