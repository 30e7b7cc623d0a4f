/**
 * `wfd sandbox deliveries resend <id>`: asks a running sandbox (`POST
 * /_sandbox/deliveries/{id}/resend`, no token) to send a recorded delivery again, as a new
 * delivery of the same payload to the same URL, and prints that delivery.
 */
import type * as z from 'zod/mini';
import { readDeliveries, resendDelivery } from '../../api/sandbox.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import type { ApiClient } from '../../core/http/http.js';
import { type DetailView, renderItem } from '../../output/render.js';
import { DELIVERY_FIELDS } from '../../resources/sandbox-feeds.js';
import { mutationClient, sendOrPrint } from '../shared/mutation.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
import { type RecordNaming, resolveIdAmong } from '../shared/resolve-id.js';
import { RESEND } from './flags.js';

export const ResendDeliveryOptions = verbSchema(RESEND);
export type ResendDeliveryOptions = z.output<typeof ResendDeliveryOptions>;

const RESEND_VIEW: DetailView = {
  fields: [
    { label: 'Delivery', field: 'id', kind: 'id' },
    { label: 'Resends', field: 'resend_of', kind: 'id' },
    { label: 'Event', field: 'event' },
    { label: 'Form', field: 'form_id', kind: 'id' },
    { label: 'URL', field: 'url' },
  ],
};

const LIST_HINT = 'run `wfd sandbox deliveries` to see the deliveries the sandbox keeps';

/** A delivery named in errors: a prefix is found in the sandbox's feed, which it answers whole. */
const DELIVERY_NAMING: RecordNaming<{ id: string; event?: unknown; url?: unknown }> = {
  noun: 'delivery',
  nouns: 'deliveries',
  listHint: LIST_HINT,
  describe: (delivery) =>
    [delivery.event, delivery.url].filter((word) => typeof word === 'string').join('  '),
};

export async function runResendDelivery(options: ResendDeliveryOptions, ctx: Context): Promise<void> {
  const render = renderOptions(ctx, { columns: [] });
  // The hook takes no token: a base URL is all it needs.
  const client = await mutationClient(ctx, true);
  const id = await resolveIdAmong(options.deliveryId, () => keptDeliveries(client), DELIVERY_NAMING);
  const answer = await explainNotFound(
    sendOrPrint(ctx, client, resendDelivery(id), options.dryRun),
    `delivery ${id}`,
    LIST_HINT,
  );
  if (answer) await renderItem(ctx.io, render, answer, { view: RESEND_VIEW });
}

/** Every delivery the sandbox keeps (one GET: the feed is answered whole, up to its 10,000). */
async function keptDeliveries(client: ApiClient): Promise<{ id: string }[]> {
  const { deliveries } = await client.request(readDeliveries());
  return deliveries.filter(
    (delivery): delivery is typeof delivery & { id: string } => typeof delivery.id === 'string',
  );
}

export const verb = defineVerb(RESEND, ResendDeliveryOptions, runResendDelivery, {
  fields: DELIVERY_FIELDS,
});
