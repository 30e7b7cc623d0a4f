import { z } from 'zod';
import { getForm } from '../../api/forms.js';
import type { Context } from '../../context.js';
import { assertUuid } from '../../core/list-query/values.js';
import { renderItem } from '../../output/render.js';
import { FORMS } from '../../resources/forms.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
import { defineVerb } from '../verb.js';
import { FORM_DETAIL_VIEW } from './shared.js';

export const GetFormOptions = z.object({ id: z.string() });
export type GetFormOptions = z.infer<typeof GetFormOptions>;

export async function runGetForm(options: GetFormOptions, ctx: Context): Promise<void> {
  assertUuid(options.id, 'form id');
  const render = renderOptions(ctx, { columns: [] });
  const client = await ctx.api();
  const form = await explainNotFound(
    client.request(getForm(options.id)),
    `form ${options.id}`,
    'run `wfd forms list` to see form ids',
  );
  await renderItem(ctx.io, render, form, { view: FORM_DETAIL_VIEW });
}

export const verb = defineVerb(GetFormOptions, runGetForm, { positional: ['id'], fields: FORMS.fields });
