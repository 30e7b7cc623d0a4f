/**
 * `webhooks listen --forms`: the listener's own URL put on each form's webhooks for the run, and
 * taken off again when it stops. Only what this run added is ever removed: a form that already
 * notifies the URL (someone else's registration, or another listener's) is left as it is. Each
 * change is a read-modify-write of the form's map made just before it is written, so receivers
 * that others add or remove meanwhile are kept.
 */
import { updateForm } from '../../api/forms.js';
import { own, putOwn } from '../../core/guards.js';
import type { ApiClient } from '../../core/http.js';
import type { WebhookEvent } from '../../resources/webhook-events.js';
import { readWebhooks, type WebhookMap } from './shared.js';

/** A form the URL could not be taken off, and why. */
export interface Leftover {
  formId: string;
  reason: string;
}

export class Registration {
  /**
   * The forms a PATCH adding the URL was sent to (its outcome may be unknown: a broken
   * connection), each the only place removal looks at.
   */
  readonly #sent = new Set<string>();
  #adding: Promise<void> = Promise.resolve();

  constructor(
    private readonly client: ApiClient,
    readonly url: string,
    private readonly events: readonly WebhookEvent[],
    private readonly say: (line: string) => void,
  ) {}

  /** Adds the URL to each form in turn; a failure leaves the forms done so far to `remove`. */
  add(formIds: readonly string[]): Promise<void> {
    this.#adding = (async () => {
      for (const formId of formIds) await this.#addTo(formId);
    })();
    return this.#adding;
  }

  async #addTo(formId: string): Promise<void> {
    const current = await readWebhooks(this.client, formId);
    if (own(current, this.url)) {
      this.say(`form ${formId} already notifies ${this.url}: left as it is, not registered`);
      return;
    }
    this.#sent.add(formId);
    const next: WebhookMap = { ...current };
    putOwn<string[]>(next, this.url, [...this.events]);
    await this.client.request(updateForm(formId, { webhooks: next }));
    // ', ': a list of nine events wraps between them on a terminal, never inside a name.
    this.say(`registered ${this.url} on form ${formId} for ${this.events.join(', ')}`);
  }

  /**
   * Takes the URL off every form it was added to (after any addition under way has ended), and
   * returns the forms where that failed.
   */
  async remove(): Promise<Leftover[]> {
    await this.#adding.catch(() => {});
    const forms = [...this.#sent];
    const results = await Promise.allSettled(forms.map((formId) => this.#removeFrom(formId)));
    const leftovers: Leftover[] = [];
    results.forEach((result, i) => {
      const formId = forms[i]!;
      if (result.status === 'fulfilled') this.#sent.delete(formId);
      else
        leftovers.push({
          formId,
          reason: result.reason instanceof Error ? result.reason.message : String(result.reason),
        });
    });
    return leftovers;
  }

  async #removeFrom(formId: string): Promise<void> {
    const current = await readWebhooks(this.client, formId);
    // Gone already (removed by hand, or the addition never reached the API).
    if (!own(current, this.url)) return;
    const next: WebhookMap = {};
    for (const [url, events] of Object.entries(current)) if (url !== this.url) putOwn(next, url, events);
    await this.client.request(updateForm(formId, { webhooks: next }));
    this.say(`removed ${this.url} from form ${formId}`);
  }
}
