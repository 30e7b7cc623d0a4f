/**
 * `webhooks listen --forms`: the listener's own URL put on each form's webhooks for the run, and
 * taken off again when it stops. Only what this run added is ever removed: a form that already
 * notifies the URL (someone else's registration, or another listener's) is left as it is. Each
 * change is a read-modify-write of the form's map made just before it is written, so receivers
 * that others add or remove meanwhile are kept. Each addition is recorded on disk before it is
 * sent and forgotten once removed (listener-record.ts), so what a killed run left is found again.
 */
import { updateForm } from '../../api/forms.js';
import { WfdError } from '../../core/errors.js';
import { own, putOwn } from '../../core/guards.js';
import type { ApiClient } from '../../core/http/http.js';
import { ExitCode } from '../../exit-codes.js';
import type { WebhookEvent } from '../../resources/webhook-events.js';
import type { RecordedRegistration } from './listener-record.js';
import { readWebhooks, type WebhookMap, withReceiverEvents } from './shared.js';

/** A form a URL is not confirmed taken off, and why. */
export interface Leftover {
  formId: string;
  url: string;
  reason: string;
}

/** Where additions are recorded until removed (listener-record.ts). */
export interface AdditionRecord {
  add(formId: string, url: string): Promise<void>;
  dropOwn(formId: string, url: string): Promise<void>;
  drop(entry: Pick<RecordedRegistration, 'form_id' | 'url' | 'pid'>): Promise<void>;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
    private readonly record?: AdditionRecord,
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
    // Recorded first: a run killed between the two leaves an entry, never an unknown URL.
    await this.record?.add(formId, this.url);
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
      else leftovers.push({ formId, url: this.url, reason: reasonOf(result.reason) });
    });
    return leftovers;
  }

  /** The forms the URL was sent to and is not yet confirmed removed from, each with `reason`. */
  unconfirmed(reason: string): Leftover[] {
    return [...this.#sent].map((formId) => ({ formId, url: this.url, reason }));
  }

  async #removeFrom(formId: string): Promise<void> {
    if (await takeOff(this.client, formId, this.url)) this.say(`removed ${this.url} from form ${formId}`);
    // The entry may stay when the record cannot be written: a later run finds the URL gone.
    await this.record?.dropOwn(formId, this.url).catch(() => {});
  }
}

/**
 * Removes, for a run starting, what runs of the same owner that are no longer alive left on
 * the forms (listener-record.ts), and forgets each entry once its URL is confirmed gone (or its
 * form is). Returns what could not be removed; nothing else is touched.
 */
export async function removeLeftovers(
  client: ApiClient,
  entries: readonly RecordedRegistration[],
  record: AdditionRecord,
  say: (line: string) => void,
): Promise<Leftover[]> {
  const results = await Promise.allSettled(
    entries.map(async (entry) => {
      const removed = await takeOff(client, entry.form_id, entry.url).catch((error: unknown) => {
        // A form deleted since has nothing left to remove.
        if (error instanceof WfdError && error.exitCode === ExitCode.NotFound) return false;
        throw error;
      });
      if (removed)
        say(`removed ${entry.url} from form ${entry.form_id}: left by an earlier run (pid ${entry.pid})`);
      await record.drop(entry).catch(() => {});
    }),
  );
  const leftovers: Leftover[] = [];
  results.forEach((result, i) => {
    const entry = entries[i]!;
    if (result.status === 'rejected')
      leftovers.push({ formId: entry.form_id, url: entry.url, reason: reasonOf(result.reason) });
  });
  return leftovers;
}

/** Takes `url` off the form's webhooks; false when it was not there (removed by hand, never added). */
async function takeOff(client: ApiClient, formId: string, url: string): Promise<boolean> {
  const current = await readWebhooks(client, formId);
  if (!own(current, url)) return false;
  await client.request(updateForm(formId, { webhooks: withReceiverEvents(current, url, []) }));
  return true;
}
