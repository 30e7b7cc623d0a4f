import { z } from 'zod';
import { updateCaseData } from '../../api/cases.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { parseSetPairs, readJsonBody } from '../../core/body.js';
import { UsageError } from '../../core/errors.js';
import { renderItem } from '../../output/render.js';
import { CASES } from '../../resources/cases.js';
import { CASE_LOOKUP } from '../shared/id-lookups.js';
import { mutationClient, sendOrPrint } from '../shared/mutation.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
import { assertIdForm, resolveId } from '../shared/resolve-id.js';
import { DryRunFlag } from '../shared/schemas.js';
import { CASE_DETAIL_VIEW } from './shared.js';

export const UpdateCaseDataOptions = DryRunFlag.extend({
  id: z.string(),
  set: z.array(z.string()).optional(),
  body: z.string().optional(),
});
export type UpdateCaseDataOptions = z.infer<typeof UpdateCaseDataOptions>;

export async function runUpdateCaseData(options: UpdateCaseDataOptions, ctx: Context): Promise<void> {
  assertIdForm(options.id, CASE_LOOKUP);
  const base = options.body ? await readJsonBody(options.body, () => ctx.io.readStdin()) : {};
  const fields = { ...base, ...parseSetPairs(options.set) };
  if (Object.keys(fields).length === 0) {
    throw new UsageError('nothing to update', { hint: 'pass --set key=value (repeatable) or --body FILE' });
  }
  const render = renderOptions(ctx, { columns: [] });
  const client = await mutationClient(ctx, options.dryRun);
  const id = await resolveId(client, options.id, CASE_LOOKUP);
  const updated = await explainNotFound(
    sendOrPrint(ctx, client, updateCaseData(id, fields), options.dryRun),
    `case ${id}`,
    'run `wfd cases list` to see case ids',
  );
  if (updated) await renderItem(ctx.io, render, updated, { view: CASE_DETAIL_VIEW });
}

export const verb = defineVerb(UpdateCaseDataOptions, runUpdateCaseData, {
  positional: ['id'],
  fields: CASES.fields,
});
