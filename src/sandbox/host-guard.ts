/**
 * The DNS-rebinding guard: a page of another site whose name its DNS later points at 127.0.0.1
 * reaches the sandbox as the same origin, and could revoke tokens or read the request log through
 * the hooks, which take no token. Its requests carry that site's name in `Host`, so the sandbox
 * answers only the names it is known by (as Vite's and webpack-dev-server's `allowedHosts` do):
 * the loopback names, the address it listens on, the names it is given, and any IP address (no
 * DNS answer is involved in reaching an address). The port is not judged: a port forward
 * changes it, and a rebinding attack is told by its name. Requests without a Host (HTTP/1.0)
 * name no site and pass.
 *
 * A page of another site may still send a write it cannot read the answer of (a form post, a
 * fetch in `no-cors` mode): writes to the test hooks (the console's: faults, limits, resends)
 * are refused when the browser says they come from another origin. Programs send no Origin.
 */
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { standardError } from './errors.js';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

/**
 * The host names a sandbox listening on `listenHost` answers to: the loopback names, the listen
 * address, and `allowed` (case-insensitive; a trailing dot ignored).
 */
export function hostNames(listenHost: string, allowed: readonly string[]): ReadonlySet<string> {
  return new Set([...LOOPBACK_NAMES, listenHost, ...allowed].map(canonicalName));
}

/** The DNS names a TLS certificate (PEM) is made for, which the sandbox serving it answers to. */
export function certificateNames(cert: string | undefined): string[] {
  if (!cert) return [];
  const names = new X509Certificate(cert).subjectAltName?.split(', ') ?? [];
  return names.filter((name) => name.startsWith('DNS:')).map((name) => name.slice('DNS:'.length));
}

/**
 * Whether a `Host` header names this sandbox.
 * @param names from `hostNames`
 */
export function isOwnHost(host: string, names: ReadonlySet<string>): boolean {
  const name = canonicalName(hostName(host));
  return name !== '' && (names.has(name) || isIP(name) !== 0);
}

/** The 421 answer to a request whose Host names another site. */
export function foreignHost(host: string) {
  const name = hostName(host);
  return standardError(
    421,
    `Host ${JSON.stringify(host)} is not a name of this sandbox, which answers localhost, 127.0.0.1, [::1] and IP addresses (a page of another site can reach a local server through DNS rebinding); to allow this name, start it with --allowed-host ${name || 'NAME'}`,
  );
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request writes to the test hooks from a page of another origin than `host`. */
export function isCrossOriginWrite(
  method: string,
  path: string,
  origin: string | undefined,
  host: string,
): boolean {
  if (origin === undefined || SAFE_METHODS.has(method) || !path.startsWith('/_sandbox/')) return false;
  return !URL.canParse(origin) || new URL(origin).host !== host.toLowerCase();
}

/** The 403 answer to a cross-origin write. */
export function crossOriginWrite(origin: string) {
  return standardError(
    403,
    `Cross-origin write refused: a page of ${JSON.stringify(origin)} may not change this sandbox (its own pages and programs may)`,
  );
}

/** `example.com:4010` → `example.com`, `[::1]:4010` → `::1`. */
function hostName(host: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(host);
  if (bracketed) return bracketed[1]!;
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

function canonicalName(name: string): string {
  const lower = name.trim().toLowerCase();
  const bare = lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
  return bare.endsWith('.') ? bare.slice(0, -1) : bare;
}
