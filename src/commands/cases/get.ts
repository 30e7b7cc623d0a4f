import { z } from 'zod';
import { getCase } from '../../api/cases.js';
import type { Context } from '../../context.js';
import { assertUuid } from '../../core/list-query/values.js';
import { renderItem } from '../../output/render.js';
import { CASES } from '../../resources/cases.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
import { defineVerb } from '../verb.js';
import { CASE_DETAIL_VIEW } from './shared.js';

export const GetCaseOptions = z.object({ id: z.string() });
export type GetCaseOptions = z.infer<typeof GetCaseOptions>;

export async function runGetCase(options: GetCaseOptions, ctx: Context): Promise<void> {
  assertUuid(options.id, 'case id');
  const render = renderOptions(ctx, { columns: [] });
  const client = await ctx.api();
  const item = await explainNotFound(
    client.request(getCase(options.id)),
    `case ${options.id}`,
    'run `wfd cases list` to see case ids',
  );
  await renderItem(ctx.io, render, item, { view: CASE_DETAIL_VIEW });
}

export const verb = defineVerb(GetCaseOptions, runGetCase, { positional: ['id'], fields: CASES.fields });
