/**
 * The errors of a request that a proxy stopped: they name the proxy (its password masked) and
 * the variable it came from, not the API's host, which the request never reached.
 */
import { STATUS_CODES } from 'node:http';
import { AuthError, NetworkError } from '../errors.js';
import type { ProxyRoute } from './proxy-route.js';

/** Failures of the connection to the proxy itself: it is down, refuses, or has no address. */
const CONNECT_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'its host name does not resolve',
  EAI_AGAIN: 'its host name does not resolve',
  EHOSTUNREACH: 'its host is unreachable',
  ENETUNREACH: 'its network is unreachable',
};

function named(proxy: ProxyRoute): string {
  return `the proxy ${proxy.shown} (from ${proxy.variable})`;
}

function checkHint(proxy: ProxyRoute, origin: URL): string {
  return `check ${proxy.variable}, or reach ${origin.hostname} without the proxy: NO_PROXY=${origin.hostname}`;
}

/** The error of a connection to the proxy that failed with `code`; undefined for other failures. */
export function proxyConnectError(
  proxy: ProxyRoute,
  origin: URL,
  code: string | undefined,
): NetworkError | undefined {
  const reason = code ? CONNECT_FAILURES[code] : undefined;
  if (!reason) return undefined;
  return new NetworkError(`cannot connect to ${named(proxy)}: ${reason}`, { hint: checkHint(proxy, origin) });
}

/**
 * The error of an answer the proxy gave itself, or undefined for an answer of the origin: a 407
 * (its credentials refused or missing, exit 3), or for an https origin the proxy's answer to
 * `CONNECT` (`tunnelStatus`) when it is not a 200 (exit 8).
 */
export function proxyAnswerError(
  proxy: ProxyRoute,
  origin: URL,
  status: number,
  tunnelStatus: number | undefined,
): AuthError | NetworkError | undefined {
  const answered = `HTTP ${status} ${STATUS_CODES[status] ?? ''}`.trim();
  if (status === 407) {
    const credentials = proxy.url.username || proxy.url.password;
    return new AuthError(
      credentials
        ? `${named(proxy)} refused its credentials (${answered})`
        : `${named(proxy)} asks for credentials (${answered})`,
      {
        hint: `put the proxy's user name and password in ${proxy.variable}: http://USER:PASSWORD@${proxy.url.host} (write @ as %40, : as %3A)`,
      },
    );
  }
  if (tunnelStatus === undefined || tunnelStatus === 200) return undefined;
  const port = origin.port || (origin.protocol === 'https:' ? '443' : '80');
  return new NetworkError(`${named(proxy)} refused to connect to ${origin.hostname}:${port} (${answered})`, {
    hint: checkHint(proxy, origin),
  });
}
