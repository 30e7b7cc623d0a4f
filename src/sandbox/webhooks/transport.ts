/**
 * The HTTP POST of one delivery attempt, over node:http (or node:https). Names that can never
 * resolve (RFC 2606/6761: `.example`, `.invalid`) fail at once without a DNS query, so seeded
 * receivers like `https://hooks.example/...` fail fast and offline.
 */
import { lookup as dnsLookup } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';

/** What an attempt got: the receiver's status and the start of its answer, or the reason no status came. */
export type AttemptResult = { readonly status: number; readonly answer: string } | { readonly error: string };

/** How much of a receiver's answer is kept, in bytes. */
export const ANSWER_START_BYTES = 256;

/** Sends a delivery's body to a receiver. */
export type Transport = (
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
) => Promise<AttemptResult>;

/** Keep-alive connections, a time-out per attempt; `close` aborts attempts in flight. */
export function createHttpTransport(timeoutMs: number): { send: Transport; close(): Promise<void> } {
  const agents = {
    'http:': new HttpAgent({ keepAlive: true, lookup: refuseReservedNames }),
    'https:': new HttpsAgent({ keepAlive: true, lookup: refuseReservedNames }),
  };
  const closing = new AbortController();
  const send: Transport = async (url, body, headers) => {
    const signal = AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]);
    try {
      return await post(url, body, headers, agents, signal);
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
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

/** POSTs `body` and reads the answer to its end; resolves with its status and first bytes. */
function post(
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  agents: { 'http:': HttpAgent; 'https:': HttpsAgent },
  signal: AbortSignal,
): Promise<{ status: number; answer: string }> {
  const target = new URL(url);
  const https = target.protocol === 'https:';
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const options = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    };
    const req = https
      ? httpsRequest(target, { ...options, agent: agents['https:'] })
      : httpRequest(target, { ...options, agent: agents['http:'] });
    const onAbort = () => req.destroy(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    // An attempt cut short by the time-out says so, whichever stream noticed first.
    const fail = (error: Error) => reject(signal.aborted ? signal.reason : error);
    req.on('close', () => signal.removeEventListener('abort', onAbort));
    req.on('error', fail);
    req.on('response', (res) => {
      const start: Buffer[] = [];
      let kept = 0;
      res.on('error', fail);
      res.on('close', () => {
        if (!res.complete) fail(new Error('the answer was cut short'));
      });
      res.on('data', (chunk: Buffer) => {
        if (kept < ANSWER_START_BYTES) start.push(chunk.subarray(0, ANSWER_START_BYTES - kept));
        kept += chunk.length;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, answer: Buffer.concat(start).toString('utf8') }),
      );
    });
    req.end(body);
  });
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
