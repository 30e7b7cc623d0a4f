import { z } from 'zod';
import { getCase } from '../../api/cases.js';
import type { Context } from '../../context.js';
import { assertUuid } from '../../core/query.js';
import { renderItem } from '../../output/render.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
import { defineVerb } from '../verb.js';
import { CASE_DETAIL_COLUMNS, CASE_FIELDS, STEP_COLUMNS } from './shared.js';

export const GetCaseOptions = z.object({ id: z.string() });
export type GetCaseOptions = z.infer<typeof GetCaseOptions>;

export async function runGetCase(options: GetCaseOptions, ctx: Context): Promise<void> {
  assertUuid(options.id, 'case id');
  const render = renderOptions(ctx, { columns: CASE_DETAIL_COLUMNS, knownFields: CASE_FIELDS });
  const client = await ctx.api();
  const item = await explainNotFound(
    getCase(client, options.id),
    `case ${options.id}`,
    'run `wfd cases list` to see case ids',
  );
  const steps = Array.isArray(item.steps) ? (item.steps as Record<string, unknown>[]) : [];
  await renderItem(ctx.io, render, item, {
    sections: [{ title: 'Steps', columns: STEP_COLUMNS, rows: steps }],
  });
}

export const verb = defineVerb(GetCaseOptions, runGetCase, ['id']);
