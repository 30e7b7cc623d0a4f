import type * as z from 'zod/mini';
import { createForm } from '../../api/forms.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { readJsonBody } from '../../core/body.js';
import { UsageError } from '../../core/errors.js';
import { isRecord } from '../../core/guards.js';
import { isEmail } from '../../core/list-query/values.js';
import { quote } from '../../core/text/quote.js';
import { readerOf, renderItem } from '../../output/render.js';
import { FORMS } from '../../resources/forms.js';
import { mutationClient, sendOrPrint } from '../shared/mutation.js';
import { renderOptions } from '../shared/output.js';
import { parseWebhookFlags } from '../shared/webhook-args.js';
import { CREATE_FORM } from './flags.js';
import { FORM_DETAIL_VIEW } from './shared.js';

export const CreateFormOptions = verbSchema(CREATE_FORM);
export type CreateFormOptions = z.output<typeof CreateFormOptions>;

/**
 * POST /v1/forms. Flags override the fields of `--body`; `--webhook` URLs are added to its
 * `webhooks`. Prints the new form's id (a terminal or a pipe), or the form (-o json, --fields).
 */
export async function runCreateForm(options: CreateFormOptions, ctx: Context): Promise<void> {
  if (!isEmail(options.email)) {
    throw new UsageError(`invalid --email ${quote(options.email)}: expected an e-mail address`);
  }
  const webhooks = parseWebhookFlags(options.webhook ?? []);
  const base = options.body ? await readJsonBody(options.body, () => ctx.io.readStdin()) : {};
  const record = (value: unknown) => (isRecord(value) ? value : {});
  const body = {
    ...base,
    flow: { ...record(base.flow), slug: options.template },
    user: {
      ...record(base.user),
      email: options.email,
      given_name: options.givenName,
      family_name: options.familyName,
    },
    ...(Object.keys(webhooks).length > 0 ? { webhooks: { ...record(base.webhooks), ...webhooks } } : {}),
  };
  const render = renderOptions(ctx, { columns: [] });
  const client = await mutationClient(ctx, options.dryRun);
  const created = await sendOrPrint(ctx, client, createForm(body), options.dryRun);
  if (!created) return;
  // The id alone for people, for `id=$(wfd forms create ...)`; the form for a program.
  if (readerOf(render) !== 'records') await ctx.io.write(`${created.id}\n`);
  else await renderItem(ctx.io, render, created, { view: FORM_DETAIL_VIEW });
}

export const verb = defineVerb(CREATE_FORM, CreateFormOptions, runCreateForm, { fields: FORMS.fields });
