/** A webhook receiver for tests: a real HTTP server on a loopback port that records what it gets. */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Json } from './helpers.js';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Json;
}

export interface Receiver {
  /** `http://127.0.0.1:PORT`; append any path. */
  url: string;
  received: Received[];
  /** Statuses to answer with, in order; 200 once they run out. */
  statuses: number[];
  /** The body of every answer (default `received`). */
  answer: string;
  /** While true, requests are held unanswered until `release()`. */
  hold: boolean;
  release(): void;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const held: ServerResponse[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    statuses: [],
    answer: 'received',
    hold: false,
    release() {
      receiver.hold = false;
      for (const res of held.splice(0)) res.end(receiver.answer);
    },
    waitFor(count) {
      if (receiver.received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: async () => {
      receiver.release();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    receiver.received.push({
      path: req.url ?? '',
      headers: req.headers,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    });
    for (const w of waiters.filter((w) => receiver.received.length >= w.count)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
    res.statusCode = receiver.statuses.shift() ?? 200;
    if (receiver.hold) held.push(res);
    else res.end(receiver.answer);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
