/**
 * The one HTTP transport of wfd: node:http (or node:https) with one keep-alive agent per client.
 * JSON and form bodies, downloads and multipart uploads all go through it.
 *
 * Why node:http and not undici (which Node's fetch is built on): undici's HTTP/1 parser is
 * WebAssembly, which V8 compiles on first use and then optimises on a background thread for
 * about half a second; Node waits for that thread before it exits, so every one-shot command
 * outlived its output by that long and held 30 MB more. Node's own parser is native.
 */
import type { ClientRequest, Agent as HttpAgent, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Duplex, Readable } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import type { MultipartBody } from './multipart.js';
import type { ProxyRoute } from './proxy-route.js';
import { proxyVariableSet } from './proxy-variables.js';
import { isCertificateError, topIssuer } from './tls-failure.js';

/** A request as the client hands it to its transport. */
export interface TransportRequest {
  path: string;
  method: string;
  headers: Readonly<Record<string, string | readonly string[]>>;
  /** a body sent whole (JSON, form-encoded, a relayed webhook), or a multipart one whose files stream from disk */
  body?: string | Uint8Array | FormData | undefined;
  signal?: AbortSignal;
  /** once the headers are in, the longest wait for more body bytes */
  bodyTimeout?: number;
}

/** An answer's body: a stream that can also be read whole or thrown away. */
export type ResponseBody = Readable & { text(): Promise<string>; dump(): Promise<void> };

export interface TransportResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: ResponseBody;
}

export interface Transport {
  request(request: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}

/**
 * Uploads larger than this wait for the server's `100 Continue` (or a second, as curl does)
 * before the body: a server that refuses at the headers (a 413 of a proxy's size limit) and
 * closes is then heard, where writing into the closed connection would fail with EPIPE first.
 */
const EXPECT_CONTINUE_BYTES = 1024 * 1024;
const CONTINUE_WAIT_MS = 1000;

/** The code of the error an answer's body fails with after `bodyTimeout` without a byte. */
export const BODY_TIMEOUT = 'WFD_BODY_TIMEOUT';

export interface NodeHttpTransportOptions {
  /** connections to the origin at most at a time */
  connections: number;
  /**
   * opens each connection instead of a TCP connection to the origin's host: the run tests'
   * fake server on a loopback port, reached as `http://api.test`
   */
  connect?: () => Duplex;
  /** where the proxy variables are read (HTTPS_PROXY, NO_PROXY...); without it, every request goes directly */
  env?: NodeJS.ProcessEnv;
  /** receives a line per new connection: directly, or through which proxy (--debug) */
  debug?: (line: string) => void;
}

/**
 * How a transport's connections reach its origin: its agent and, when they go through a proxy,
 * the proxy (proxy-route.ts) and the errors that name it (proxy-errors.ts), loaded with it.
 */
interface Connections {
  agent: HttpAgent;
  /** `directly (why)` or `through the proxy URL (from VARIABLE)`, for the --debug line of each connection */
  route: string;
  proxy?: { route: ProxyRoute; errors: typeof import('./proxy-errors.js') };
}

/** Keep-alive connections to one origin, at most `connections` at a time. */
export class NodeHttpTransport implements Transport {
  readonly #origin: URL;
  readonly #options: NodeHttpTransportOptions;
  #connections: Promise<Connections> | undefined;

  constructor(origin: string, options: NodeHttpTransportOptions) {
    this.#origin = new URL(origin);
    this.#options = options;
  }

  async request(request: TransportRequest): Promise<TransportResponse> {
    const https = this.#origin.protocol === 'https:';
    // https (and with it tls) is loaded only for an https origin.
    const http = https ? await import('node:https') : await import('node:http');
    this.#connections ??= this.#connect(http.Agent);
    const { agent, route, proxy } = await this.#connections;
    const { signal } = request;
    signal?.throwIfAborted();
    // A form is the body that is neither text nor bytes: `instanceof FormData` would make the
    // global's first use load Node's own fetch (tls, http2, worker threads...) on every request.
    const form =
      typeof request.body === 'object' && !(request.body instanceof Uint8Array) ? request.body : undefined;
    // Loaded for an upload only (it loads node:crypto, which no other request needs).
    const multipart = form ? (await import('./multipart.js')).encodeMultipart(form) : undefined;
    const body = form ? undefined : (request.body as string | Uint8Array | undefined);
    const length = multipart ? multipart.length : body !== undefined ? Buffer.byteLength(body) : undefined;
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
            ...(multipart ? { 'content-type': multipart.contentType } : {}),
            ...(length !== undefined ? { 'content-length': String(length) } : {}),
            ...(multipart && multipart.length > EXPECT_CONTINUE_BYTES ? { expect: '100-continue' } : {}),
          },
          agent,
        },
        (response) => {
          signal?.removeEventListener('abort', onAbort);
          const refused = proxy?.errors.proxyAnswerError(
            proxy.route,
            this.#origin,
            response.statusCode ?? 0,
            tunnelStatus,
          );
          if (refused) {
            response.resume();
            reject(refused);
            return;
          }
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: headersOf(response.headers),
            body: responseBody(response, signal, request.bodyTimeout, () => broken),
          });
        },
      );
      const onAbort = () => req.destroy(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      // An error after the answer began (a malformed chunk): why its body ends short.
      let broken: Error | undefined;
      // The proxy's answer to the CONNECT of an https origin (https-proxy-agent emits it): a
      // refusal is replayed to the request as if the origin had answered.
      let tunnelStatus: number | undefined;
      if (proxy)
        req.on('proxyConnect', (connect: { statusCode?: number }) => {
          tunnelStatus = connect.statusCode;
        });
      const connection = this.#watchConnection(req, route);
      req.on('error', (error) => {
        broken = error;
        signal?.removeEventListener('abort', onAbort);
        const { issuer } = connection;
        if (issuer && isCertificateError(error)) Object.assign(error, { issuer });
        const code = (error as NodeJS.ErrnoException).code;
        reject(proxy?.errors.proxyConnectError(proxy.route, this.#origin, code) ?? error);
      });
      if (multipart) writeMultipart(req, multipart);
      else req.end(body);
    });
  }

  /**
   * Says on --debug how each new connection goes (directly, or through which proxy), and keeps the
   * issuer of the server's chain once the handshake is done: a refused chain's certificates are
   * gone by the time the request fails.
   */
  #watchConnection(req: ClientRequest, route: string): { issuer?: string } {
    const connection: { issuer?: string } = {};
    req.once('socket', (socket) => {
      if (req.reusedSocket) return;
      this.#options.debug?.(`connection to ${this.#origin.origin} ${route}`);
      if (this.#origin.protocol === 'https:')
        socket.prependOnceListener('secure', () => {
          connection.issuer = topIssuer(socket as TLSSocket);
        });
    });
    return connection;
  }

  async close(): Promise<void> {
    await this.#connections?.then(
      ({ agent }) => agent.destroy(),
      () => {},
    );
  }

  /** The agent: directly, or through the proxy the environment names for the origin. */
  async #connect(Agent: typeof HttpAgent): Promise<Connections> {
    const { connections, connect, env } = this.#options;
    const options = { keepAlive: true, maxSockets: connections } as const;
    if (connect)
      return { agent: Object.assign(new Agent(options), { createConnection: connect }), route: '' };
    if (!env || !proxyVariableSet(env)) return { agent: new Agent(options), route: 'directly' };
    // The proxy's code is loaded only when a proxy variable is set.
    const { routeFor } = await import('./proxy-route.js');
    const found = routeFor(this.#origin, env);
    if (!found.proxy) return { agent: new Agent(options), route: `directly (${found.direct})` };
    const [{ proxyAgent }, errors] = await Promise.all([
      import('./proxy-agent.js'),
      import('./proxy-errors.js'),
    ]);
    return {
      agent: proxyAgent(found.proxy.url, this.#origin.protocol === 'https:', options),
      route: `through the proxy ${found.proxy.shown} (from ${found.proxy.variable})`,
      proxy: { route: found.proxy, errors },
    };
  }
}

/**
 * Streams a multipart body into the request: at once, or for a large one after the server's
 * `100 Continue` (or CONTINUE_WAIT_MS without it). A file that cannot be read fails the request;
 * a request that fails (a server that answered early and closed) stops the reading.
 */
function writeMultipart(req: ClientRequest, multipart: MultipartBody): void {
  let sending = false;
  const send = () => {
    if (sending || req.destroyed) return;
    sending = true;
    const parts = multipart.stream();
    parts.on('error', (error) => req.destroy(error));
    req.on('close', () => parts.destroy());
    parts.pipe(req);
  };
  if (multipart.length <= EXPECT_CONTINUE_BYTES) {
    send();
    return;
  }
  const timer = setTimeout(send, CONTINUE_WAIT_MS);
  req.once('continue', send);
  req.once('close', () => clearTimeout(timer));
  // Answered without the body (a refusal): the connection cannot carry another request.
  req.once('response', (response) => {
    clearTimeout(timer);
    if (!sending) response.once('end', () => req.destroy());
  });
}

function headersOf(headers: IncomingHttpHeaders): Record<string, string | string[] | undefined> {
  return headers as Record<string, string | string[] | undefined>;
}

/** The answer's stream with `text` and `dump`; the signal still aborts it. */
function responseBody(
  response: IncomingMessage,
  signal: AbortSignal | undefined,
  bodyTimeout: number | undefined,
  broken: () => Error | undefined,
): ResponseBody {
  const onAbort = () => response.destroy(signal?.reason);
  if (signal && !signal.aborted) {
    signal.addEventListener('abort', onAbort, { once: true });
    response.once('close', () => signal.removeEventListener('abort', onAbort));
  }
  if (bodyTimeout !== undefined) {
    response.setTimeout(bodyTimeout, () =>
      response.destroy(Object.assign(new Error('no data within the time-out'), { code: BODY_TIMEOUT })),
    );
  }
  // Node ends a body that its parser broke off (a malformed chunk) with a reset, 'aborted': its
  // cause is the parse error, which says what happened.
  response.once('error', (error) => {
    const cause = broken();
    if (cause && !error.cause) Object.assign(error, { cause });
  });
  // A connection lost half-way through the body is a reset, not a short answer.
  response.once('aborted', () => {
    if (!response.destroyed)
      response.destroy(
        Object.assign(new Error('the connection closed before the answer ended'), { code: 'ECONNRESET' }),
      );
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
