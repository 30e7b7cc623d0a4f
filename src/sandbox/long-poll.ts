/**
 * Long polling for the test hooks' feeds (the request log, webhook deliveries): a reader with
 * nothing new to read waits until something is added, or its wait runs out. Waits use real
 * timers, not the sandbox's clock: a test on a ManualClock still gets its answer.
 */
export class Waiters {
  readonly #waiting = new Set<() => void>();

  /** Resolves at the next `notify`, after `ms`, or at `releaseAll`, whichever comes first. */
  wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.#waiting.add(done);
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
