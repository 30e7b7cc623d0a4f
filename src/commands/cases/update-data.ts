import type { z } from 'zod';
import { updateCaseData } from '../../api/cases.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { parseSetPairs, readJsonBody } from '../../core/body.js';
import { UsageError } from '../../core/errors.js';
import { assertUuid } from '../../core/list-query/values.js';
import { renderItem } from '../../output/render.js';
import { CASES } from '../../resources/cases.js';
import { mutationClient, sendOrPrint } from '../shared/mutation.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
import { UPDATE_CASE_DATA } from './flags.js';
import { CASE_DETAIL_VIEW } from './shared.js';

export const UpdateCaseDataOptions = verbSchema(UPDATE_CASE_DATA);
export type UpdateCaseDataOptions = z.output<typeof UpdateCaseDataOptions>;

export async function runUpdateCaseData(options: UpdateCaseDataOptions, ctx: Context): Promise<void> {
  assertUuid(options.id, 'case id');
  const base = options.body ? await readJsonBody(options.body, () => ctx.io.readStdin()) : {};
  const fields = { ...base, ...parseSetPairs(options.set) };
  if (Object.keys(fields).length === 0) {
    throw new UsageError('nothing to update', { hint: 'pass --set key=value (repeatable) or --body FILE' });
  }
  const render = renderOptions(ctx, { columns: [] });
  const client = await mutationClient(ctx, options.dryRun);
  const updated = await explainNotFound(
    sendOrPrint(ctx, client, updateCaseData(options.id, fields), options.dryRun),
    `case ${options.id}`,
    'run `wfd cases list` to see case ids',
  );
  if (updated) await renderItem(ctx.io, render, updated, { view: CASE_DETAIL_VIEW });
}

export const verb = defineVerb(UPDATE_CASE_DATA, UpdateCaseDataOptions, runUpdateCaseData, {
  fields: CASES.fields,
});
