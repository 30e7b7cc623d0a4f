/**
 * A minimum transfer rate for downloads. A server can keep a download alive forever by sending a
 * byte now and then: each wait for more bytes stays under the idle time-out (the transport's
 * `bodyTimeout`), and a file of a gigabyte may rightly take longer than any total deadline. So,
 * as curl's `--speed-limit` and `--speed-time`, a body that brings fewer than `bytesPerSecond`
 * a second over a whole window fails, with a NetworkError (exit 8) that says so.
 *
 * Only the server is timed: a window in which the reader held bytes back (a slow disk, a full
 * pipe, a consumer not started yet) does not count.
 */
import { pipeline, type Readable, Transform } from 'node:stream';
import { NetworkError } from '../errors.js';
import { formatDuration } from '../text/duration.js';

/** A download slower than the minimum rate over a window. */
export class SlowTransferError extends NetworkError {}

export interface MinimumRate {
  /** bytes a second; 0 for no minimum */
  bytesPerSecond: number;
  /** the length of the window over which the rate is measured */
  windowMs: number;
  /** the server, for the message */
  origin: string;
}

/**
 * `body` as a stream that fails with a SlowTransferError when a window passes with fewer bytes
 * than the rule asks for. Destroying the returned stream destroys `body` (the connection is let
 * go), and `body`'s errors reach the returned stream as they are.
 */
export function withMinimumRate(body: Readable, rule: MinimumRate): Readable {
  if (rule.bytesPerSecond <= 0) return body;
  const least = (rule.bytesPerSecond * rule.windowMs) / 1000;
  let received = 0;
  const watched = new Transform({
    transform(chunk: Uint8Array, _encoding, done) {
      received += chunk.length;
      done(null, chunk);
    },
  });
  // Errors reach `watched` through the pipeline; this callback only keeps them from being unhandled.
  pipeline(body, watched, () => {});
  const timer = setInterval(() => {
    // No reader yet (readableFlowing null), or bytes it has not taken: the reader is the bottleneck.
    // A body that has ended came whole: nothing is left for the server to be slow with.
    const heldBack =
      watched.readableFlowing === null ||
      watched.readableLength > 0 ||
      watched.writableLength > 0 ||
      watched.writableEnded;
    if (!heldBack && received < least) {
      watched.destroy(
        new SlowTransferError(
          `the download from ${rule.origin} was too slow: ${received} bytes in ${formatDuration(rule.windowMs)}, ` +
            `under the minimum of ${rule.bytesPerSecond} bytes a second`,
          {
            hint: 'try again (an export continues with --resume), or lower --min-download-rate (0: no minimum)',
          },
        ),
      );
    }
    received = 0;
  }, rule.windowMs);
  timer.unref();
  watched.once('close', () => clearInterval(timer));
  return watched;
}
