/**
 * Waiting for an asynchronous job (document intelligence): read it again after pauses that grow
 * from one second to ten, so a quick job is seen quickly and a slow one costs few requests (the
 * rate limiter spaces them further when the budget is short), until it is done or the time given
 * is up. The time-out bounds the whole wait, as `kubectl wait --timeout` does.
 */

const FIRST_PAUSE_MS = 1000;
const MAX_PAUSE_MS = 10_000;
const GROWTH = 1.5;

export interface PollOptions<T> {
  /** reads the job again */
  read: () => Promise<T>;
  done: (value: T) => boolean;
  timeoutMs: number;
  sleep: (ms: number) => Promise<void>;
  /** milliseconds of a monotonic clock */
  now?: () => number;
  /** told each value read */
  onRead?: (value: T) => void;
}

/** Reads until `done`; the last value, and whether the time ran out first. */
export async function poll<T>(first: T, options: PollOptions<T>): Promise<{ value: T; timedOut: boolean }> {
  const now = options.now ?? (() => performance.now());
  const deadline = now() + options.timeoutMs;
  let value = first;
  let pause = FIRST_PAUSE_MS;
  while (!options.done(value)) {
    const left = deadline - now();
    if (left <= 0) return { value, timedOut: true };
    // The last pause ends at the deadline, for one last look.
    await options.sleep(Math.min(pause, left));
    value = await options.read();
    options.onRead?.(value);
    pause = Math.min(pause * GROWTH, MAX_PAUSE_MS);
  }
  return { value, timedOut: false };
}
