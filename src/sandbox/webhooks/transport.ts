/**
 * The HTTP POST of one delivery attempt, over wfd's one transport (src/core/node-transport.ts).
 * Names that can never resolve (RFC 2606/6761: `.example`, `.invalid`) fail at once without a
 * DNS query, so seeded receivers like `https://hooks.example/...` fail fast and offline.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { NodeHttpTransport } from '../../core/node-transport.js';

/** What an attempt got: the receiver's status, or the reason no status came. */
export type AttemptResult = { readonly status: number } | { readonly error: string };

/** Sends a delivery's body to a receiver. */
export type Transport = (
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
) => Promise<AttemptResult>;

/** Keep-alive connections per receiver origin, a time-out per attempt; `close` aborts attempts in flight. */
export function createHttpTransport(timeoutMs: number): { send: Transport; close(): Promise<void> } {
  const transports = new Map<string, NodeHttpTransport>();
  const closing = new AbortController();
  const send: Transport = async (url, body, headers) => {
    const signal = AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]);
    try {
      const target = new URL(url);
      let transport = transports.get(target.origin);
      if (!transport) {
        transport = new NodeHttpTransport(target.origin, { connections: 4, lookup: refuseReservedNames });
        transports.set(target.origin, transport);
      }
      const res = await transport.request({
        method: 'POST',
        path: `${target.pathname}${target.search}`,
        headers,
        body,
        signal,
      });
      await res.body.dump();
      return { status: res.statusCode };
    } catch (error) {
      const err = error as Error;
      if (err.name === 'TimeoutError') return { error: `timed out after ${timeoutMs} ms` };
      return { error: err.message };
    }
  };
  return {
    send,
    close: async () => {
      closing.abort();
      await Promise.all([...transports.values()].map((transport) => transport.close()));
    },
  };
}

const RESERVED_NAME_RE = /(^|\.)(example|invalid)\.?$/i;

const refuseReservedNames: LookupFunction = (hostname, options, callback) => {
  if (!RESERVED_NAME_RE.test(hostname)) {
    dnsLookup(hostname, options, callback);
    return;
  }
  const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  error.code = 'ENOTFOUND';
  process.nextTick(callback, error, '');
};
