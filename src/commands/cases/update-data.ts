import type * as z from 'zod/mini';
import { updateCaseData } from '../../api/cases.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { parseSetPairs } from '../../core/body.js';
import { CASES } from '../../resources/cases.js';
import { CASE_LOOKUP } from '../shared/id-lookups.js';
import { runUpdate } from '../shared/mutation.js';
import { UPDATE_CASE_DATA } from './flags.js';
import { CASE_DETAIL_VIEW } from './shared.js';

export const UpdateCaseDataOptions = verbSchema(UPDATE_CASE_DATA);
export type UpdateCaseDataOptions = z.output<typeof UpdateCaseDataOptions>;

/** POST /v1/cases/{id}/data with the fields of `--body` and `--set` (which wins); prints the case. */
export async function runUpdateCaseData(options: UpdateCaseDataOptions, ctx: Context): Promise<void> {
  await runUpdate(ctx, {
    lookup: CASE_LOOKUP,
    id: options.id,
    body: options.body,
    changes: (base) => ({ ...base, ...parseSetPairs(options.set) }),
    nothingHint: 'pass --set key=value (repeatable) or --body FILE',
    request: updateCaseData,
    listHint: 'run `wfd cases list` to see case ids',
    view: CASE_DETAIL_VIEW,
    dryRun: options.dryRun,
  });
}

export const verb = defineVerb(UPDATE_CASE_DATA, UpdateCaseDataOptions, runUpdateCaseData, {
  fields: CASES.fields,
});
