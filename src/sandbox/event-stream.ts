/**
 * A feed of the test hooks (the request log, webhook deliveries) as server-sent events, the
 * console's push channel: each entry is one event whose id is its number in the feed, so a
 * browser's EventSource that reconnects (sending Last-Event-ID) gets what it missed and nothing
 * twice. A new reader gets the last `BACKLOG` entries first, or those after `?since=SEQ`.
 * A comment line every `HEARTBEAT_MS` keeps an idle stream open through proxies. Streams end
 * when the sandbox closes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { feedQuery } from './feed-query.js';

/** One entry of a feed with its number. */
export interface FeedEntry {
  readonly seq: number;
  readonly data: unknown;
}

/** What a stream reads a feed through. */
export interface FeedSource {
  /** The number of the latest entry (0 before the first). */
  latest(): number;
  /** Entries numbered after `since`, oldest first, at most `limit`. */
  after(since: number, limit: number): readonly FeedEntry[];
  /** Resolves once an entry is numbered after `since`, after `ms`, or when the sandbox closes. */
  wait(since: number, ms: number): Promise<void>;
}

const BACKLOG = 500;
const BATCH = 500;
const HEARTBEAT_MS = 15_000;

/** Serves `GET path` as an event stream of `source`, each entry an event named `event`. */
export function registerEventStream(
  app: FastifyInstance,
  path: string,
  event: string,
  source: FeedSource,
): void {
  const open = new Set<FastifyReply>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    for (const reply of open) reply.raw.end();
  });
  app.get(path, async (req, reply) => {
    let since = startOf(req, source);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-request-id': req.id,
    });
    open.add(reply);
    res.on('close', () => open.delete(reply));
    while (!closing && !res.destroyed && !res.writableEnded) {
      const entries = source.after(since, BATCH);
      if (entries.length === 0) {
        await source.wait(since, HEARTBEAT_MS);
        if (source.after(since, 1).length === 0 && !closing) res.write(': idle\n\n');
        continue;
      }
      const text = entries.map((e) => `id: ${e.seq}\nevent: ${event}\ndata: ${JSON.stringify(e.data)}\n\n`);
      since = entries.at(-1)!.seq;
      if (!res.write(text.join(''))) await drained(res);
    }
  });
}

/** Where a reader starts: after its Last-Event-ID, after `?since=`, or `BACKLOG` entries back. */
function startOf(req: FastifyRequest, source: FeedSource): number {
  const query = feedQuery(req.query as Record<string, unknown>);
  // A reconnecting EventSource sends the URL it first had, and the last id it got: that wins.
  const lastId = req.headers['last-event-id'];
  const since = typeof lastId === 'string' && /^\d{1,16}$/.test(lastId) ? Number(lastId) : query.since;
  if (since === undefined) return Math.max(0, source.latest() - BACKLOG);
  // A number past the latest comes from an earlier run of the sandbox: read from the start.
  return since > source.latest() ? 0 : since;
}

function drained(res: NodeJS.WritableStream & { destroyed: boolean }): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
