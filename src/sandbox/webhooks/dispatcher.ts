/**
 * Webhook delivery: an event of a form becomes one delivery per receiver URL
 * subscribed to it; each is POSTed as JSON `{id, event, created_at, data}` with
 * `X-Wfd-Event` and `X-Wfd-Delivery`, and retried after a network error or a
 * non-2xx answer, once per configured delay. Emitting only records; sending
 * starts when `dispatch` is called, which the pipeline does once the API
 * response is out, so no delivery ever precedes or delays it.
 */
import type { Clock, Scheduler } from '../time.js';
import { type Delivery, type DeliveryPayload, DeliveryStore } from './deliveries.js';
import type { EventName, WebhookMap } from './events.js';
import type { Transport } from './transport.js';

export interface WebhooksOptions {
  readonly clock: Clock;
  readonly scheduler: Scheduler;
  /** Makes event and delivery ids. */
  readonly newId: () => string;
  /** The wait before each retry; as many retries as delays. */
  readonly retryDelaysMs: readonly number[];
  readonly transport: Transport;
}

/** Whatever has receivers: a form. */
export interface Subscriber {
  readonly id: string;
  readonly webhooks: WebhookMap;
}

export class Webhooks {
  readonly deliveries = new DeliveryStore();
  #closed = false;

  constructor(private readonly options: WebhooksOptions) {}

  /**
   * Records one pending delivery of `event` for each URL of `form` whose events
   * include it, and sends nothing yet.
   * @param data the payload's `data`, a snapshot taken now
   */
  emit(form: Subscriber, event: EventName, data: unknown): Delivery[] {
    const { clock, newId } = this.options;
    const now = clock.now();
    const payload: DeliveryPayload = { id: newId(), event, created_at: new Date(now).toISOString(), data };
    return Object.entries(form.webhooks)
      .filter(([, events]) => events.includes(event))
      .map(([url]) => {
        const delivery: Delivery = {
          id: newId(),
          event,
          formId: form.id,
          url,
          payload,
          createdAt: now,
          outcome: 'pending',
          attempts: [],
          resendOf: null,
          seq: 0,
        };
        this.deliveries.add(delivery);
        return delivery;
      });
  }

  /**
   * Records a new pending delivery of a kept one's payload (the same event id) to its URL, with
   * a delivery id of its own; undefined when no delivery has that id.
   */
  resend(id: string): Delivery | undefined {
    const original = this.deliveries.find(id);
    if (!original) return undefined;
    const delivery: Delivery = {
      ...original,
      id: this.options.newId(),
      createdAt: this.options.clock.now(),
      outcome: 'pending',
      attempts: [],
      resendOf: original.id,
      seq: 0,
    };
    this.deliveries.add(delivery);
    return delivery;
  }

  /** Schedules the first attempt of each delivery now. */
  dispatch(deliveries: readonly Delivery[]): void {
    for (const delivery of deliveries) this.options.scheduler.schedule(0, () => this.#attempt(delivery));
  }

  /** Stops sending: attempts not yet made are dropped, and one cut short by closing is not recorded. */
  close(): void {
    this.#closed = true;
  }

  async #attempt(delivery: Delivery): Promise<void> {
    if (this.#closed) return;
    const { clock, scheduler, retryDelaysMs, transport } = this.options;
    const at = clock.now();
    const result = await transport(delivery.url, JSON.stringify(delivery.payload), {
      'content-type': 'application/json',
      'user-agent': 'wfd-sandbox',
      'x-wfd-event': delivery.event,
      'x-wfd-delivery': delivery.id,
    });
    if (this.#closed) return;
    const status = 'status' in result ? result.status : null;
    const delivered = status !== null && status >= 200 && status < 300;
    const retryDelay = delivered ? undefined : retryDelaysMs[delivery.attempts.length];
    const error = 'error' in result ? result.error : null;
    const answer = 'answer' in result ? result.answer : null;
    const outcome = delivered ? 'delivered' : retryDelay === undefined ? 'failed' : 'pending';
    this.deliveries.recordAttempt(delivery, { at, status, error, answer }, outcome);
    if (retryDelay !== undefined) scheduler.schedule(retryDelay, () => this.#attempt(delivery));
  }
}
