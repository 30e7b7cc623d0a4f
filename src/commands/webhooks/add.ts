import { z } from 'zod';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { DryRunFlag } from '../shared/schemas.js';
import { addEvents, checkWebhookUrl, parseEvents } from '../shared/webhook-args.js';
import { rewriteWebhooks, WEBHOOK_FIELDS } from './shared.js';

export const AddWebhookOptions = DryRunFlag.extend({
  formId: z.string(),
  url: z.string(),
  events: z.string(),
});
export type AddWebhookOptions = z.infer<typeof AddWebhookOptions>;

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

export const verb = defineVerb(AddWebhookOptions, runAddWebhook, {
  positional: ['formId', 'url'],
  fields: WEBHOOK_FIELDS,
});
