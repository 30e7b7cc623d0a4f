/**
 * Webhook receivers and event names as the command line gives them (`forms create --webhook`,
 * `webhooks add|remove|listen`), checked before any request: a bad value is a UsageError naming
 * it (exit 2), so nothing is sent.
 */
import { UsageError } from '../../core/errors.js';
import { own, putOwn } from '../../core/guards.js';
import { quote } from '../../core/text/quote.js';
import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from '../../resources/webhook-events.js';

const EVENTS_HINT = 'run `wfd webhooks events` to see the nine event names';

/** An absolute http or https URL, returned as typed (it is the key of the form's webhooks map). */
export function checkWebhookUrl(url: string, flag: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new UsageError(`invalid ${flag} ${quote(url)}: expected an absolute http:// or https:// URL`);
  }
  return url;
}

/** `forms:created,responses:completed` -> the names, each one of the spec's, without repeats. */
export function parseEvents(text: string, flag: string): WebhookEvent[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) {
    throw new UsageError(`${flag} needs at least one event name`, { hint: EVENTS_HINT });
  }
  const events: WebhookEvent[] = [];
  for (const name of names) {
    if (!isWebhookEvent(name)) {
      throw new UsageError(
        `unknown event ${quote(name)} in ${flag}: expected one of ${WEBHOOK_EVENTS.join(', ')}`,
        {
          hint: EVENTS_HINT,
        },
      );
    }
    if (!events.includes(name)) events.push(name);
  }
  return events;
}

/**
 * `--webhook URL=event,event` values (repeatable) -> the webhooks map of the spec. The events
 * follow the last `=`, since a URL's query string may hold one; a URL given twice gets the
 * events of both.
 */
export function parseWebhookFlags(values: readonly string[]): Record<string, WebhookEvent[]> {
  const webhooks: Record<string, WebhookEvent[]> = {};
  for (const value of values) {
    const eq = value.lastIndexOf('=');
    if (eq <= 0) {
      throw new UsageError(`invalid --webhook ${quote(value)}: expected URL=event[,event...]`, {
        hint: 'for example --webhook https://example.org/hook=forms:created,responses:completed',
      });
    }
    const url = checkWebhookUrl(value.slice(0, eq), '--webhook URL');
    const events = parseEvents(value.slice(eq + 1), `--webhook ${url}`);
    addEvents(webhooks, url, events);
  }
  return webhooks;
}

/** Adds `events` to receiver `url` of `map` (created if new), each event once. */
export function addEvents<E extends string>(
  map: Record<string, E[]>,
  url: string,
  events: readonly E[],
): void {
  const known = own(map, url) ?? [];
  putOwn(map, url, [...known, ...events.filter((event) => !known.includes(event))]);
}
