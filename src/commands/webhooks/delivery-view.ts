/**
 * What `webhooks listen` prints of a delivery. Deliveries are untrusted input: the plain line
 * escapes control characters (as every plain cell does), and the ndjson object is JSON whose
 * text also escapes the characters JSON leaves raw but a terminal acts on (C1 controls, DEL,
 * line separators, bidirectional overrides), so the data is exact and the terminal safe.
 */
import { isRecord } from '../../core/guards.js';
import { firstHeader } from '../../core/http/headers.js';
import { plainText } from '../../output/cells.js';
import type { Column } from '../../output/render.js';
import { WEBHOOK_EVENTS } from '../../resources/webhook-events.js';
import type { ForwardResult } from './forward.js';
import type { Delivery } from './receiver.js';

/** What a delivery says about itself, from its headers first (`X-Wfd-Event`, `X-Wfd-Delivery`), then its body. */
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

/** The columns of a terminal: when, the event, the delivery and the form, what the forward got (or why not). */
export function terminalColumns(forwarding: boolean): Column[] {
  const columns: Column[] = [
    { field: 'received_at', kind: 'time' },
    { field: 'event', minWidth: Math.max(...WEBHOOK_EVENTS.map((event) => event.length)) },
    { field: 'delivery', kind: 'id' },
    { field: 'form', kind: 'id' },
  ];
  // A failed forward's reason is longer than a status: the column takes what the others leave.
  return forwarding ? [...columns, { field: 'forward', header: 'FORWARDED', fill: true }] : columns;
}

/** Screen columns of a terminal line with whole ids: time, the longest event, two UUIDs, a status. */
const WHOLE_IDS_WIDTH = 8 + 19 + 36 + 36 + 3 * 2;
const FORWARD_WIDTH = 2 + 'FORWARDED'.length;
const SHORT_ID = 8;

/**
 * A delivery as a row of `terminalColumns`. Where whole ids do not fit `width`, each shows its
 * first 8 characters (as git shows a commit); the whole ids are in -o plain and -o ndjson.
 */
export function terminalRecord(
  delivery: Delivery,
  facts: DeliveryFacts,
  forwarded: ForwardResult | undefined,
  width: number,
): Record<string, unknown> {
  const whole = width >= WHOLE_IDS_WIDTH + (forwarded ? FORWARD_WIDTH : 0);
  const id = (value: string | undefined) => (value === undefined || whole ? value : value.slice(0, SHORT_ID));
  return {
    received_at: delivery.receivedAt.toISOString(),
    event: facts.event,
    delivery: id(facts.deliveryId),
    form: id(facts.formId),
    ...(forwarded
      ? { forward: 'status' in forwarded ? String(forwarded.status) : `failed: ${forwarded.error}` }
      : {}),
  };
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
