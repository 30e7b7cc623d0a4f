/**
 * The HTTP side of `webhooks listen`: a node:http server that takes POSTs to one path, answers
 * 202 at once (the spec's status for events processed asynchronously) and hands each delivery
 * over. Other paths get 404, other methods 405, bodies over MAX_BODY_BYTES 413: none of them
 * is a delivery.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { WfdError } from '../../core/errors.js';

/** Deliveries are small JSON documents; anything this large is not one. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** One POST to the path, as it arrived. */
export interface Delivery {
  receivedAt: Date;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ReceiverOptions {
  host: string;
  /** 0 picks a free port */
  port: number;
  /** the request path deliveries are POSTed to, starting with `/` */
  path: string;
  now: () => Date;
  onDelivery(delivery: Delivery): void;
}

export interface Receiver {
  /** `http://HOST:PORT/PATH`, with the port actually bound */
  readonly url: string;
  /** stops listening and drops open connections; resolves once the port is free */
  close(): Promise<void>;
}

export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://receiver.invalid').pathname;
    if (path !== options.path) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' }).end('POST deliveries here\n');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) {
        res.writeHead(413, { 'content-type': 'text/plain' }).end('too large\n');
        return;
      }
      res.writeHead(202, { 'content-length': '0' }).end();
      options.onDelivery({ receivedAt: options.now(), headers: req.headers, body: Buffer.concat(chunks) });
    });
    // A sender that hangs up mid-body has delivered nothing.
    req.on('error', () => {});
  });
  await listen(server, options);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}${options.path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, { host, port }: ReceiverOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${host}:${port}`;
      if (error.code === 'EADDRINUSE') {
        reject(
          new WfdError(`cannot listen on ${where}: the port is in use`, {
            hint: 'pass another --port, or --port 0 for a free one',
          }),
        );
      } else if (error.code === 'EACCES') {
        reject(
          new WfdError(`cannot listen on ${where}: permission denied`, { hint: 'use a port above 1023' }),
        );
      } else {
        reject(new WfdError(`cannot listen on ${where}: ${error.message}`, { hint: 'check --host' }));
      }
    });
    server.listen({ host, port }, () => resolve());
  });
}
