/** `webhooks listen --forward-to`: relays a delivery's body and headers to another receiver. */
import type { IncomingHttpHeaders } from 'node:http';
import { NodeHttpTransport } from '../../core/http/node-transport.js';
import type { Delivery } from './receiver.js';

/** A forward gives up after this long, so a hung downstream cannot hold the listener's exit. */
export const FORWARD_TIMEOUT_MS = 10_000;

// Headers of one connection, not of the message (RFC 9110 7.6.1), and those the transport sets.
const NOT_RELAYED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
]);

/** What the downstream answered, or why it did not. */
export type ForwardResult = { status: number } | { error: string };

function relayed(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_RELAYED.has(name)) out[name] = value;
  }
  return out;
}

/**
 * POSTs the delivery to `url`; `extra` headers (--header) are added, replacing relayed ones of that
 * name. Through the proxy of `env` as every request of wfd (a receiver on this machine, the usual
 * one, is reached directly).
 */
export async function forward(
  url: string,
  delivery: Delivery,
  signal: AbortSignal,
  extra: Readonly<Record<string, string>>,
  env: NodeJS.ProcessEnv,
): Promise<ForwardResult> {
  let transport: NodeHttpTransport | undefined;
  try {
    const target = new URL(url);
    transport = new NodeHttpTransport(target.origin, { connections: 1, env });
    const response = await transport.request({
      method: 'POST',
      path: `${target.pathname}${target.search}`,
      headers: { ...relayed(delivery.headers), ...extra },
      body: delivery.body,
      signal: AbortSignal.any([signal, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]),
    });
    await response.body.dump();
    return { status: response.statusCode };
  } catch (error) {
    const err = error as Error & { code?: string };
    if (err.name === 'TimeoutError') return { error: `no answer within ${FORWARD_TIMEOUT_MS / 1000}s` };
    return { error: err.message || err.code || String(error) };
  } finally {
    await transport?.close();
  }
}
