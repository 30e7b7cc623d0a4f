/**
 * `wfd sandbox trigger <event> --form <id>`: asks a running sandbox to act as a respondent (or
 * the web application) through its no-token hook `POST /_sandbox/trigger`, which emits the event
 * to the form's webhooks. The base URL is the usual one (--base-url, WFD_BASE_URL, the profile).
 */
import type * as z from 'zod/mini';
import { triggerEvent } from '../../api/sandbox.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { parseSetPairs } from '../../core/body.js';
import { UsageError } from '../../core/errors.js';
import { assertUuid } from '../../core/list-query/values.js';
import { quote } from '../../core/text/quote.js';
import { type DetailView, renderItem } from '../../output/render.js';
import { isWebhookEvent, WEBHOOK_EVENTS } from '../../resources/webhook-events.js';
import { mutationClient, sendOrPrint } from '../shared/mutation.js';
import { renderOptions } from '../shared/output.js';
import { TRIGGER } from './flags.js';

export const TriggerSandboxOptions = verbSchema(TRIGGER);
export type TriggerSandboxOptions = z.output<typeof TriggerSandboxOptions>;

/** What a terminal shows of the hook's answer `{event, form_id, response_id, delivery_ids}`. */
const TRIGGER_VIEW: DetailView = {
  fields: [
    { label: 'Event', field: 'event' },
    { label: 'Form', field: 'form_id', kind: 'id' },
    { label: 'Response', field: 'response_id', kind: 'id' },
    { label: 'Deliveries', field: 'delivery_ids' },
  ],
};

export async function runTriggerSandbox(options: TriggerSandboxOptions, ctx: Context): Promise<void> {
  if (!isWebhookEvent(options.event)) {
    throw new UsageError(
      `unknown event ${quote(options.event)}: expected one of ${WEBHOOK_EVENTS.join(', ')}`,
    );
  }
  assertUuid(options.form, 'form id');
  if (options.response !== undefined) assertUuid(options.response, 'response id');
  const input = {
    event: options.event,
    form_id: options.form,
    ...(options.response !== undefined ? { response_id: options.response } : {}),
    ...(options.attachments !== undefined ? { attachments: options.attachments } : {}),
    ...(options.signature ? { signature: true } : {}),
    ...(options.set?.length ? { set: parseSetPairs(options.set) } : {}),
  };
  const render = renderOptions(ctx, { columns: [] });
  // The hook takes no token: a base URL is all it needs.
  const client = await mutationClient(ctx, true);
  const answer = await sendOrPrint(ctx, client, triggerEvent(input), options.dryRun);
  if (answer) await renderItem(ctx.io, render, answer, { view: TRIGGER_VIEW });
}

export const verb = defineVerb(TRIGGER, TriggerSandboxOptions, runTriggerSandbox, {
  fields: ['event', 'form_id', 'response_id', 'delivery_ids'],
});
