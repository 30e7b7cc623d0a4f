/**
 * The HTTP POST of one delivery attempt. Names that can never resolve
 * (RFC 2606/6761: `.example`, `.invalid`) fail at once without a DNS query, so
 * seeded receivers like `https://hooks.example/...` fail fast and offline.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';

/** What an attempt got: the receiver's status, or the reason no status came. */
export type AttemptResult = { readonly status: number } | { readonly error: string };

/** Sends a delivery's body to a receiver. */
export type Transport = (
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
) => Promise<AttemptResult>;

/** An undici transport with a per-attempt time-out; `close` aborts attempts in flight. */
export function createHttpTransport(timeoutMs: number): { send: Transport; close(): Promise<void> } {
  const agent = new Agent({ connect: { lookup: refuseReservedNames } });
  const closing = new AbortController();
  const send: Transport = async (url, body, headers) => {
    const signal = AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]);
    try {
      const res = await request(url, { method: 'POST', headers, body, signal, dispatcher: agent });
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
      await agent.destroy();
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
