/** The URL a listening server is reached at. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as TlsServer } from 'node:tls';

/**
 * The host root of a listening server, e.g. `http://127.0.0.1:4010` (`https://` for a TLS
 * server): a wildcard address is reached through loopback.
 */
export function baseUrlOf(server: Server): string {
  const address = server.address() as AddressInfo;
  const scheme = server instanceof TlsServer ? 'https' : 'http';
  return `${scheme}://${urlHost(address.address)}:${address.port}`;
}

// IPv6 needs brackets in a URL.
function urlHost(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}
