/**
 * Printing a feed of a running sandbox's test hooks (`sandbox logs`, `sandbox deliveries`): what
 * it holds now, then with `--follow` what comes, until Ctrl-C (exit 130) or SIGTERM (143), as
 * `webhooks listen` ends. Which sandbox: the base
 * URL of the current credentials, or --base-url; the hooks take no token.
 */
import type { FeedPosition } from '../../api/sandbox.js';
import type { Context } from '../../context.js';
import { SignalledError, UsageError } from '../../core/errors.js';
import type { ApiRequest } from '../../core/http/request.js';
import { interruptible } from '../../core/process/interrupt.js';
import { createRowSink, FORMATS, type RenderOptions } from '../../output/render.js';
import { hookClient, readHook } from './hooks.js';

/**
 * How long the sandbox may hold a poll that has nothing new. Short, because Ctrl-C waits for the
 * poll in flight (the client closes its connections gracefully); the sandbox answers at once
 * when something comes, so a longer wait would only save idle polls.
 */
export const FOLLOW_WAIT_MS = 1000;

type Entry = Record<string, unknown>;

export interface Feed<P> {
  readonly follow: boolean;
  readonly render: RenderOptions;
  /** The hook's request for a position in the feed. */
  readonly read: (position: FeedPosition) => ApiRequest<P>;
  readonly entriesOf: (page: P) => readonly Entry[];
  readonly cursorOf: (page: P) => number;
  /** The command's filters; entries it refuses are not printed. */
  readonly keep: (entry: Entry) => boolean;
  /** Of the entries there before the command started, only the last `tail` (as `docker logs --tail`). */
  readonly tail?: number | undefined;
}

/** @throws UsageError for `--follow` with an output that cannot stream (one JSON document: -o json) */
export async function printFeed<P>(ctx: Context, feed: Feed<P>): Promise<void> {
  const { format } = feed.render;
  if (feed.follow && FORMATS[format].json === 'document' && !feed.render.quiet) {
    throw new UsageError(`-o ${format} does not stream: use -o ndjson with --follow (one entry per line)`);
  }
  // Followed, a table prints each entry as it comes (plain output does anyway).
  const sink = await createRowSink(ctx.io, { ...feed.render, follow: feed.follow });
  const client = await hookClient(ctx);
  const print = async (entries: readonly Entry[]) => {
    for (const entry of entries) await sink.write(entry);
  };
  const kept = (page: P) => feed.entriesOf(page).filter(feed.keep);
  const first = await readHook(client, feed.read({}));
  const before = kept(first);
  // --follow without --tail would replay the whole log before the new entries: --tail bounds it.
  await print(feed.tail === undefined ? before : before.slice(Math.max(0, before.length - feed.tail)));
  let stoppedBy: unknown;
  if (feed.follow) {
    await interruptible(async (signal) => {
      const stopped = new Promise<undefined>((resolve) =>
        signal.addEventListener('abort', () => resolve(undefined), { once: true }),
      );
      for (let cursor = feed.cursorOf(first); !signal.aborted; ) {
        const page = await Promise.race([
          readHook(client, feed.read({ since: cursor, waitMs: FOLLOW_WAIT_MS })),
          stopped,
        ]);
        if (page === undefined) break;
        await print(kept(page));
        cursor = feed.cursorOf(page);
      }
      stoppedBy = signal.reason;
    });
  }
  await sink.end();
  // Whole output first; then the signal's exit code, as shells expect of a followed feed.
  if (stoppedBy === 'SIGINT' || stoppedBy === 'SIGTERM') throw new SignalledError(stoppedBy);
}
