/**
 * Long polling for the test hooks' feeds (the request log, webhook deliveries): a reader with
 * nothing new to read waits until something is added, or its wait runs out. Waits use real
 * timers, not the sandbox's clock: a test on a ManualClock still gets its answer.
 */

/** Waits under way in every Waiters of this process. */
let waitingInProcess = 0;

/**
 * How many long polls are waiting, across every sandbox of this process: a test reads it to know
 * its long polls are in before it acts (closes the sandbox, adds an entry), without sleeping.
 */
export function longPollsWaiting(): number {
  return waitingInProcess;
}

export class Waiters {
  readonly #waiting = new Set<() => void>();

  /** Resolves at the next `notify`, after `ms`, or at `releaseAll`, whichever comes first. */
  wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.#waiting.delete(done)) waitingInProcess--;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.#waiting.add(done);
      waitingInProcess++;
    });
  }

  /** Something was added: every wait ends. */
  notify(): void {
    for (const done of [...this.#waiting]) done();
  }

  /** The sandbox is closing: every wait ends, so no answer holds the close up. */
  releaseAll(): void {
    this.notify();
  }
}
