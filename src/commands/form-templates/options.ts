import { getFormTemplateOptions } from '../../api/form-templates.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { viewOfKeys } from '../../output/labels.js';
import { renderItem } from '../../output/render.js';
import { FORM_TEMPLATE_OPTION_FIELDS } from '../../resources/form-templates.js';
import { renderOptions } from '../shared/output.js';
import { SLUG_ARGUMENT } from './flags.js';
import { explainUnknownSlug, SlugArgument } from './shared.js';

export const FormTemplateOptionsOptions = SlugArgument;

/**
 * GET /v1/form_templates/{slug}/options. The options are "not shown" in the spec, so the view is
 * made from the answer: every key the API sent, labelled (`expiry_days` -> `Expiry days`), lists
 * of objects (customizations) as tables.
 */
export async function runFormTemplateOptions(options: SlugArgument, ctx: Context): Promise<void> {
  const render = renderOptions(ctx, { columns: [] });
  const client = await ctx.api();
  const answer = await explainUnknownSlug(client.request(getFormTemplateOptions(options.slug)), options.slug);
  await renderItem(ctx.io, render, answer, { view: viewOfKeys(answer) });
}

export const verb = defineVerb(SLUG_ARGUMENT, FormTemplateOptionsOptions, runFormTemplateOptions, {
  fields: FORM_TEMPLATE_OPTION_FIELDS,
});
