import type * as z from 'zod/mini';
import { getForm } from '../../api/forms.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { FORM_LOOKUP } from '../shared/id-lookups.js';
import { explainNotFound } from '../shared/not-found.js';
import { assertIdForm, resolveId } from '../shared/resolve-id.js';
import { LIST_WEBHOOKS } from './flags.js';
import { printWebhooks, WEBHOOK_FIELDS, webhooksOf } from './shared.js';

export const ListWebhooksOptions = verbSchema(LIST_WEBHOOKS);
export type ListWebhooksOptions = z.output<typeof ListWebhooksOptions>;

/** `wfd webhooks list <form-id>`: the form's receivers, each with its events. */
export async function runListWebhooks(options: ListWebhooksOptions, ctx: Context): Promise<void> {
  assertIdForm(options.formId, FORM_LOOKUP);
  const client = await ctx.api();
  const formId = await resolveId(client, options.formId, FORM_LOOKUP);
  const form = await explainNotFound(
    client.request(getForm(formId)),
    `form ${formId}`,
    'run `wfd forms list` to see form ids',
  );
  await printWebhooks(ctx, webhooksOf(form));
}

export const verb = defineVerb(LIST_WEBHOOKS, ListWebhooksOptions, runListWebhooks, {
  fields: WEBHOOK_FIELDS,
});
