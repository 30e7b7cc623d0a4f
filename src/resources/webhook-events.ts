/**
 * The webhook event names of the spec ("Events"), exactly as it spells them: the one list that
 * `wfd webhooks events`, the checks of `--webhook`/`--events` and completion values all read.
 */
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
