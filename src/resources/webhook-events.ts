/**
 * Webhooks: the event names of the API, exactly as it spells them (the one list that
 * `wfd webhooks events`, the checks of `--webhook`/`--events` and completion values all read),
 * and the `webhooks` map of a form that registers receivers for them.
 */
import { anyObject, array, map, object, oneOf, string } from './schema.js';
import { DateTime, Uuid } from './shared.js';

export const WEBHOOK_EVENTS = [
  'forms:created',
  'forms:updated',
  'forms:deleted',
  'forms:archived',
  'forms:unarchived',
  'responses:created',
  'responses:updated',
  'responses:deleted',
  'responses:completed',
] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** True for one of the nine event names. */
export function isWebhookEvent(name: string): name is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(name);
}

/** The receivers a form may have (not shown in the contract: the sandbox's bound). */
export const MAX_WEBHOOK_URLS = 10;

// A port from 0 to 65535.
const PORT = '(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])';

/** A receiver: an absolute http or https URL with a host name, printable ASCII. */
export const WEBHOOK_URL_PATTERN = `^https?://[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::${PORT})?(?:[/?#][!-~]*)?$`;

/** Receiver URL -> the events it gets. */
export const Webhooks = map(
  string({ pattern: WEBHOOK_URL_PATTERN, maxLength: 2048 }),
  array(oneOf(WEBHOOK_EVENTS), { minItems: 1, uniqueItems: true }),
  { maxProperties: MAX_WEBHOOK_URLS, description: 'receiver URL -> the events it is sent' },
);

/** What the sandbox posts to a receiver (the contract does not show a delivery). */
export const Delivery = object(
  { id: Uuid, event: oneOf(WEBHOOK_EVENTS), created_at: DateTime, data: anyObject() },
  {
    required: ['id', 'event', 'created_at', 'data'],
    description:
      'Payload shape, headers, signing and retry policy: not shown in the contract; the sandbox posts {id, event, created_at, data} with X-Wfd-Event and X-Wfd-Delivery headers.',
    'x-not-shown': true,
  },
);
