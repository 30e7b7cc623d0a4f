import { getFormTemplateOptions } from '../../api/form-templates.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { renderItem } from '../../output/render.js';
import { FORM_TEMPLATE_OPTION_FIELDS } from '../../resources/form-templates.js';
import { renderOptions } from '../shared/output.js';
import { SLUG_ARGUMENT } from './flags.js';
import { explainUnknownSlug, SlugArgument } from './shared.js';

export const FormTemplateOptionsOptions = SlugArgument;

/**
 * GET /v1/form_templates/{slug}/options. The options are "not shown" in the spec, so no view:
 * a terminal gets every field the API sent, labelled by its path.
 */
export async function runFormTemplateOptions(options: SlugArgument, ctx: Context): Promise<void> {
  const render = renderOptions(ctx, { columns: [] });
  const client = await ctx.api();
  const answer = await explainUnknownSlug(client.request(getFormTemplateOptions(options.slug)), options.slug);
  await renderItem(ctx.io, render, answer);
}

export const verb = defineVerb(SLUG_ARGUMENT, FormTemplateOptionsOptions, runFormTemplateOptions, {
  fields: FORM_TEMPLATE_OPTION_FIELDS,
});
