import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { own } from '../../core/guards.js';
import { quote } from '../../core/text/quote.js';
import { parseEvents } from '../shared/webhook-args.js';
import { REMOVE_WEBHOOK } from './flags.js';
import { rewriteWebhooks, UnknownReceiverError, WEBHOOK_FIELDS, withReceiverEvents } from './shared.js';

export const RemoveWebhookOptions = verbSchema(REMOVE_WEBHOOK);
export type RemoveWebhookOptions = z.output<typeof RemoveWebhookOptions>;

/**
 * `wfd webhooks remove <form-id> <url> [--events a,b]`: drops those events of the URL (the URL
 * once none is left), or the URL with all of its events.
 */
export async function runRemoveWebhook(options: RemoveWebhookOptions, ctx: Context): Promise<void> {
  const { url } = options;
  const events = options.events === undefined ? undefined : parseEvents(options.events, '--events');
  await rewriteWebhooks(ctx, options, (current) => {
    const known = own(current, url);
    if (!known) {
      throw new UnknownReceiverError(`form ${options.formId} does not notify ${quote(url)}`, {
        hint: `run \`wfd webhooks list ${options.formId}\` to see its webhooks`,
      });
    }
    const left = events ? known.filter((event) => !(events as string[]).includes(event)) : [];
    return withReceiverEvents(current, url, left);
  });
}

export const verb = defineVerb(REMOVE_WEBHOOK, RemoveWebhookOptions, runRemoveWebhook, {
  fields: WEBHOOK_FIELDS,
});
