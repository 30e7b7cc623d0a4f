/** The spec's webhook event names, and the map a form keeps of who receives which. */

export const FORM_EVENTS = [
  'forms:created',
  'forms:updated',
  'forms:deleted',
  'forms:archived',
  'forms:unarchived',
] as const;

export const RESPONSE_EVENTS = [
  'responses:created',
  'responses:updated',
  'responses:deleted',
  'responses:completed',
] as const;

/** All nine, exactly as the spec spells them. */
export const EVENTS = [...FORM_EVENTS, ...RESPONSE_EVENTS] as const;

export type EventName = (typeof EVENTS)[number];

/** Receiver URL -> the events it is notified of. */
export type WebhookMap = Readonly<Record<string, readonly EventName[]>>;
