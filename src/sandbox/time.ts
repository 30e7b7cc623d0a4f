/**
 * Time and deferred work of one sandbox, injected so tests can drive them:
 * the real clock with real timers by default, or a ManualClock that moves only
 * when a test advances it. Webhook attempts run through the scheduler;
 * document intelligence jobs need no timer: their state is read off the clock.
 */

/** A day in milliseconds. */
export const DAY = 86_400_000;

/** Time source, injected so tests and timestamps are deterministic. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** Runs work later, by the time of the clock it comes with. */
export interface Scheduler {
  /** Runs `task` once, `delayMs` from now. A task's rejection is its own business: it is ignored. */
  schedule(delayMs: number, task: () => void | Promise<void>): void;
  /** Drops every task that has not run yet (the sandbox is closing). */
  cancelAll(): void;
}

/** Wall-clock time and real timers. Timers do not keep the process alive on their own. */
export function realTime(): Clock & Scheduler {
  const timers = new Set<NodeJS.Timeout>();
  return {
    now: Date.now,
    schedule(delayMs, task) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void Promise.resolve()
          .then(task)
          .catch(() => {});
      }, delayMs);
      timer.unref();
      timers.add(timer);
    },
    cancelAll() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

interface ScheduledTask {
  readonly at: number;
  readonly seq: number;
  readonly task: () => void | Promise<void>;
}

/**
 * A clock that stands still until `advance` moves it. Scheduled tasks run only
 * inside `advance`, in the order they fall due, each awaited before the next,
 * so a test sees every effect of the time it let pass.
 */
export class ManualClock implements Clock, Scheduler {
  #now: number;
  #seq = 0;
  #tasks: ScheduledTask[] = [];

  /** @param start epoch milliseconds; a fixed default keeps runs reproducible */
  constructor(start = Date.UTC(2026, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  schedule(delayMs: number, task: () => void | Promise<void>): void {
    this.#tasks.push({ at: this.#now + Math.max(0, delayMs), seq: this.#seq++, task });
  }

  cancelAll(): void {
    this.#tasks = [];
  }

  /** Moves the clock `ms` forward, running every task that falls due on the way (including ones they schedule). */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (let next = this.#nextDue(end); next; next = this.#nextDue(end)) {
      this.#tasks.splice(this.#tasks.indexOf(next), 1);
      this.#now = next.at;
      try {
        await next.task();
      } catch {
        // As with real timers: a failing task does not stop time.
      }
    }
    this.#now = end;
  }

  /** Tasks waiting to run. */
  get pending(): number {
    return this.#tasks.length;
  }

  #nextDue(end: number): ScheduledTask | undefined {
    let best: ScheduledTask | undefined;
    for (const t of this.#tasks) {
      if (t.at <= end && (!best || t.at < best.at || (t.at === best.at && t.seq < best.seq))) best = t;
    }
    return best;
  }
}
