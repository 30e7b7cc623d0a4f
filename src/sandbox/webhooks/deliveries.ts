/**
 * Webhook delivery records: one per event and receiver URL, with every attempt
 * and the outcome. Written only through DeliveryStore, read by the
 * `/_sandbox/deliveries` test hook. They live in memory, even with a data
 * directory: a restart starts with none, and drops the retries under way.
 */
import { Waiters } from '../long-poll.js';
import type { EventName } from './events.js';

export type DeliveryOutcome = 'pending' | 'delivered' | 'failed';

/** One POST of a delivery. */
export interface DeliveryAttempt {
  /** Epoch milliseconds when it was sent. */
  readonly at: number;
  /** The receiver's HTTP status; null when no answer came (network error, time-out). */
  readonly status: number | null;
  /** Why it failed without a status, e.g. `getaddrinfo ENOTFOUND hooks.example`; else null. */
  readonly error: string | null;
  /** The first bytes of the receiver's answer as text (transport.ts `ANSWER_START_BYTES`); null without one. */
  readonly answer: string | null;
}

/** The JSON body of every attempt of a delivery. */
export interface DeliveryPayload {
  /** The event's id: the same for every receiver of one event. */
  readonly id: string;
  readonly event: EventName;
  readonly created_at: string;
  readonly data: unknown;
}

export interface Delivery {
  /** Sent as X-Wfd-Delivery, the same on every attempt. */
  readonly id: string;
  readonly event: EventName;
  /** The form the event is about (it may since have been deleted). */
  readonly formId: string;
  readonly url: string;
  readonly payload: DeliveryPayload;
  readonly createdAt: number;
  outcome: DeliveryOutcome;
  readonly attempts: DeliveryAttempt[];
  /** The delivery this one re-sends (`/_sandbox/deliveries/{id}/resend`); null for an event's own. */
  readonly resendOf: string | null;
  /**
   * Its number in the order of changes: set when it is added and again at each attempt, from
   * a counter that only grows, so a reader asks for the deliveries changed after the last
   * number it saw.
   */
  seq: number;
}

/** The deliveries of one sandbox, oldest first; keeps the last `capacity`. */
export class DeliveryStore {
  #deliveries: Delivery[] = [];
  #changes = 0;
  readonly #waiters = new Waiters();

  constructor(private readonly capacity = 10_000) {}

  /** Keeps a new delivery; its `seq` is set here. */
  add(delivery: Delivery): void {
    delivery.seq = ++this.#changes;
    this.#deliveries.push(delivery);
    // Trim in batches so each add stays O(1) amortised.
    if (this.#deliveries.length >= this.capacity * 2)
      this.#deliveries = this.#deliveries.slice(-this.capacity);
    this.#waiters.notify();
  }

  /** Appends an attempt and sets the outcome it leads to. */
  recordAttempt(delivery: Delivery, attempt: DeliveryAttempt, outcome: DeliveryOutcome): void {
    delivery.attempts.push(attempt);
    delivery.outcome = outcome;
    delivery.seq = ++this.#changes;
    this.#waiters.notify();
  }

  /** A kept delivery by its id. */
  find(id: string): Delivery | undefined {
    return this.list().find((delivery) => delivery.id === id);
  }

  /** The kept deliveries, oldest first. */
  list(): readonly Delivery[] {
    return this.#deliveries.slice(-this.capacity);
  }

  /** The kept deliveries changed after `since`, in the order of their last change. */
  changedAfter(since: number): Delivery[] {
    return this.list()
      .filter((delivery) => delivery.seq > since)
      .sort((a, b) => a.seq - b.seq);
  }

  /** The number of the latest change; 0 before the first. */
  get latest(): number {
    return this.#changes;
  }

  /** Resolves once a delivery changes after `since` (at once when one has), or after `ms`. */
  async waitAfter(since: number, ms: number): Promise<void> {
    if (this.#changes <= since) await this.#waiters.wait(ms);
  }

  /** Ends every wait: the sandbox is closing. */
  releaseWaiters(): void {
    this.#waiters.releaseAll();
  }

  reset(): void {
    this.#deliveries = [];
  }
}
