import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { addEvents, checkWebhookUrl, parseEvents } from '../shared/webhook-args.js';
import { ADD_WEBHOOK } from './flags.js';
import { rewriteWebhooks, WEBHOOK_FIELDS } from './shared.js';

export const AddWebhookOptions = verbSchema(ADD_WEBHOOK);
export type AddWebhookOptions = z.output<typeof AddWebhookOptions>;

/** `wfd webhooks add <form-id> <url> --events a,b`: a new receiver, or more events for a known one. */
export async function runAddWebhook(options: AddWebhookOptions, ctx: Context): Promise<void> {
  const url = checkWebhookUrl(options.url, '<url>');
  const events = parseEvents(options.events, '--events');
  await rewriteWebhooks(ctx, options, (current) => {
    const next = { ...current };
    addEvents(next, url, events);
    return next;
  });
}

export const verb = defineVerb(ADD_WEBHOOK, AddWebhookOptions, runAddWebhook, {
  fields: WEBHOOK_FIELDS,
});
