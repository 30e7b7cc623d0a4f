/**
 * `wfd sandbox deliveries resend <id>`: asks a running sandbox (`POST
 * /_sandbox/deliveries/{id}/resend`, no token) to send a recorded delivery again, as a new
 * delivery of the same payload to the same URL, and prints that delivery.
 */
import type * as z from 'zod/mini';
import { resendDelivery } from '../../api/sandbox.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { assertUuid } from '../../core/list-query/values.js';
import { type DetailView, renderItem } from '../../output/render.js';
import { DELIVERY_FIELDS } from '../../resources/sandbox-feeds.js';
import { mutationClient, sendOrPrint } from '../shared/mutation.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
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

export async function runResendDelivery(options: ResendDeliveryOptions, ctx: Context): Promise<void> {
  const id = assertUuid(options.deliveryId, 'delivery id');
  const render = renderOptions(ctx, { columns: [] });
  // The hook takes no token: a base URL is all it needs.
  const client = await mutationClient(ctx, true);
  const answer = await explainNotFound(
    sendOrPrint(ctx, client, resendDelivery(id), options.dryRun),
    `delivery ${id}`,
    'run `wfd sandbox deliveries` to see the deliveries the sandbox keeps',
  );
  if (answer) await renderItem(ctx.io, render, answer, { view: RESEND_VIEW });
}

export const verb = defineVerb(RESEND, ResendDeliveryOptions, runResendDelivery, {
  fields: DELIVERY_FIELDS,
});
