import { verbSchema } from '../../cli/flag-schema.js';
import { NO_FLAGS } from '../../cli/flags.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { createRowSink } from '../../output/render.js';
import { WEBHOOK_EVENTS } from '../../resources/webhook-events.js';
import { renderOptions } from '../shared/output.js';

export const ListWebhookEventsOptions = verbSchema(NO_FLAGS);

/** `wfd webhooks events`: the nine event names of the spec, one row each. No request. */
export async function runListWebhookEvents(_options: unknown, ctx: Context): Promise<void> {
  const sink = await createRowSink(
    ctx.io,
    renderOptions(ctx, { columns: [{ field: 'event' }], noun: 'events' }),
  );
  for (const event of WEBHOOK_EVENTS) await sink.write({ event });
  await sink.end();
}

export const verb = defineVerb(NO_FLAGS, ListWebhookEventsOptions, runListWebhookEvents, {
  fields: ['event'],
});
