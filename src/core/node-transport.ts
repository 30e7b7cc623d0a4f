/**
 * The default transport of the API client: node:http (or node:https) with one keep-alive agent
 * per client, answering the part of undici's `Dispatcher.request` the client uses, so tests can
 * still pass an undici MockAgent in its place.
 *
 * Why not undici's Pool: its HTTP/1 parser is WebAssembly, which V8 compiles on first use and
 * then optimises on a background thread for about half a second; Node waits for that thread
 * before it exits, so every one-shot command outlived its output by that long and held 30 MB
 * more. Node's own parser is native. Multipart bodies (undici's FormData) still go through an
 * undici Pool, loaded only for them.
 */
import type { Agent as HttpAgent, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher, FormData } from 'undici';

/** A request as the client hands it to its transport (a subset of undici's request options). */
export interface TransportRequest {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body?: string | FormData | undefined;
  signal?: AbortSignal;
  /** once the headers are in, the longest wait for more body bytes */
  bodyTimeout?: number;
}

/** An answer's body: a stream that can also be read whole or thrown away, as undici's is. */
export type ResponseBody = Readable & { text(): Promise<string>; dump(): Promise<void> };

export interface TransportResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: ResponseBody;
}

/** What the client needs of a transport; an undici Dispatcher (a MockAgent in tests) is one. */
export interface Transport {
  request(request: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}

/** Keep-alive connections to one origin, at most `connections` at a time. */
export class NodeHttpTransport implements Transport {
  readonly #origin: URL;
  readonly #connections: number;
  #agent: HttpAgent | undefined;
  #multipart: Dispatcher | undefined;

  constructor(origin: string, connections: number) {
    this.#origin = new URL(origin);
    this.#connections = connections;
  }

  async request(request: TransportRequest): Promise<TransportResponse> {
    if (request.body !== undefined && typeof request.body !== 'string') {
      const { createUndiciPool } = await import('./undici-pool.js');
      this.#multipart ??= createUndiciPool(this.#origin.origin, this.#connections);
      return this.#multipart.request({ ...request, method: request.method as Dispatcher.HttpMethod });
    }
    const body = request.body as string | undefined;
    const https = this.#origin.protocol === 'https:';
    // https (and with it tls) is loaded only for an https origin.
    const http = https ? await import('node:https') : await import('node:http');
    this.#agent ??= new http.Agent({ keepAlive: true, maxSockets: this.#connections });
    const agent = this.#agent;
    const { signal } = request;
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          protocol: this.#origin.protocol,
          hostname: this.#origin.hostname.replace(/^\[|\]$/g, ''),
          port: this.#origin.port,
          path: request.path,
          method: request.method,
          headers: {
            ...request.headers,
            ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          },
          agent,
        },
        (response) => {
          signal?.removeEventListener('abort', onAbort);
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: headersOf(response.headers),
            body: responseBody(response, signal, request.bodyTimeout),
          });
        },
      );
      const onAbort = () => req.destroy(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      });
      req.end(body);
    });
  }

  async close(): Promise<void> {
    this.#agent?.destroy();
    await this.#multipart?.close();
  }
}

function headersOf(headers: IncomingHttpHeaders): Record<string, string | string[] | undefined> {
  return headers as Record<string, string | string[] | undefined>;
}

/** The answer's stream with undici's `text` and `dump`; the signal still aborts it, as undici's does. */
function responseBody(
  response: IncomingMessage,
  signal: AbortSignal | undefined,
  bodyTimeout: number | undefined,
): ResponseBody {
  const onAbort = () => response.destroy(signal?.reason);
  if (signal && !signal.aborted) {
    signal.addEventListener('abort', onAbort, { once: true });
    response.once('close', () => signal.removeEventListener('abort', onAbort));
  }
  if (bodyTimeout !== undefined) {
    response.setTimeout(bodyTimeout, () =>
      response.destroy(Object.assign(new Error('body timeout'), { code: 'UND_ERR_BODY_TIMEOUT' })),
    );
  }
  // A connection lost half-way through the body is an ECONNRESET, as undici reports it.
  response.once('aborted', () => {
    if (!response.destroyed)
      response.destroy(Object.assign(new Error('other side closed'), { code: 'ECONNRESET' }));
  });
  return Object.assign(response, {
    async text(): Promise<string> {
      response.setEncoding('utf8');
      let text = '';
      for await (const chunk of response) text += chunk;
      return text;
    },
    async dump(): Promise<void> {
      response.resume();
      if (response.complete) return;
      await new Promise<void>((resolve) => response.once('close', resolve));
    },
  });
}
