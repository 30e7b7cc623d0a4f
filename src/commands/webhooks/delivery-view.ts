/**
 * What `webhooks listen` prints of a delivery. Deliveries are untrusted input: the plain line
 * escapes control characters (as every plain cell does), and the ndjson object is JSON whose
 * text also escapes the characters JSON leaves raw but a terminal acts on (C1 controls, DEL,
 * line separators, bidirectional overrides), so the data is exact and the terminal safe.
 */
import { isRecord } from '../../core/guards.js';
import { firstHeader } from '../../core/headers.js';
import { plainText } from '../../output/cells.js';
import type { ForwardResult } from './forward.js';
import type { Delivery } from './receiver.js';

/** What a delivery says about itself, from its headers first (DESIGN.md), then its body. */
export interface DeliveryFacts {
  event: string | undefined;
  deliveryId: string | undefined;
  formId: string | undefined;
  /** the body as JSON, or as text when it is not JSON */
  body: unknown;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function factsOf(delivery: Delivery): DeliveryFacts {
  const raw = delivery.body.toString('utf8');
  let body: unknown = raw;
  try {
    body = JSON.parse(raw);
  } catch {
    // Not JSON: printed as text.
  }
  const record = isRecord(body) ? body : {};
  const data = isRecord(record.data) ? record.data : {};
  const event = text(firstHeader(delivery.headers, 'x-wfd-event')) ?? text(record.event);
  // forms:* carry the form itself, responses:* a response with `form {id}`.
  const form = isRecord(data.form) ? data.form : event?.startsWith('forms:') ? data : {};
  return {
    event,
    deliveryId: text(firstHeader(delivery.headers, 'x-wfd-delivery')) ?? text(record.id),
    formId: text(form.id) ?? text(record.form_id),
    body,
  };
}

/**
 * `time<TAB>event<TAB>delivery id<TAB>form id`, `-` for what the delivery does not say; when it
 * was forwarded, the receiver's status (or `failed`) after them.
 */
export function plainLine(delivery: Delivery, facts: DeliveryFacts, forwarded?: ForwardResult): string {
  const cells = [delivery.receivedAt.toISOString(), facts.event, facts.deliveryId, facts.formId];
  if (forwarded) cells.push('status' in forwarded ? String(forwarded.status) : 'failed');
  return `${cells.map((cell) => (cell === undefined ? '-' : plainText(cell))).join('\t')}\n`;
}

// DEL, C1 controls, the line and paragraph separators, bidirectional embeddings and isolates.
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `{received_at, headers, body}` on one line; forwarded, `forward: {status} | {error}` too. */
export function ndjsonLine(delivery: Delivery, facts: DeliveryFacts, forwarded?: ForwardResult): string {
  const json = JSON.stringify({
    received_at: delivery.receivedAt.toISOString(),
    headers: delivery.headers,
    body: facts.body,
    ...(forwarded ? { forward: forwarded } : {}),
  });
  return `${json.replace(RAW_IN_JSON, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}
