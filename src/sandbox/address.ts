/** The URL a listening server is reached at. */
import type { AddressInfo } from 'node:net';

/** The host root, e.g. `http://127.0.0.1:4010`: a wildcard address is reached through loopback. */
export function baseUrlOf(address: AddressInfo): string {
  return `http://${urlHost(address.address)}:${address.port}`;
}

// IPv6 needs brackets in a URL.
function urlHost(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}
