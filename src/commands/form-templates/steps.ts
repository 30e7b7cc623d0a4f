import { getFormTemplateSteps } from '../../api/form-templates.js';
import type { FormTemplateSteps } from '../../api/schemas.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { escapeAllControls } from '../../core/text/quote.js';
import { type Column, type DetailView, renderItem } from '../../output/render.js';
import { FORM_TEMPLATE_STEPS_FIELDS } from '../../resources/form-templates.js';
import { renderOptions } from '../shared/output.js';
import { SLUG_ARGUMENT } from './flags.js';
import { explainUnknownSlug, SlugArgument } from './shared.js';

export const FormTemplateStepsOptions = SlugArgument;

const FIELD_COLUMNS: Column[] = [
  { field: 'name' },
  { field: 'label' },
  { field: 'type' },
  { field: 'required', kind: 'bool' },
  { field: 'choices', hidePriority: 1 },
];

/**
 * The terminal view of the steps: each step's title over a table of its fields. Built from the
 * answer, so the titles (API text) are escaped here: detail views print table titles as given.
 */
export function stepsView(answer: FormTemplateSteps): DetailView {
  return {
    fields: [{ label: 'Template', field: 'slug' }],
    tables: (answer.steps ?? []).map((step, index) => {
      const position = typeof step.position === 'number' ? step.position : index + 1;
      return {
        title: escapeAllControls(`${position}. ${step.title ?? ''}`.trimEnd()),
        field: `steps.${index}.fields`,
        columns: FIELD_COLUMNS,
      };
    }),
  };
}

/** GET /v1/form_templates/{slug}/steps: on a terminal each step, then its fields; JSON the answer. */
export async function runFormTemplateSteps(options: SlugArgument, ctx: Context): Promise<void> {
  const render = renderOptions(ctx, { columns: [] });
  const client = await ctx.api();
  const answer = await explainUnknownSlug(client.request(getFormTemplateSteps(options.slug)), options.slug);
  await renderItem(ctx.io, render, answer, { view: stepsView(answer) });
}

export const verb = defineVerb(SLUG_ARGUMENT, FormTemplateStepsOptions, runFormTemplateSteps, {
  fields: FORM_TEMPLATE_STEPS_FIELDS,
});
