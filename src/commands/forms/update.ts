import { z } from 'zod';
import { updateForm } from '../../api/forms.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { readJsonBody } from '../../core/body.js';
import { UsageError } from '../../core/errors.js';
import { renderItem } from '../../output/render.js';
import { FORMS } from '../../resources/forms.js';
import { FORM_LOOKUP } from '../shared/id-lookups.js';
import { mutationClient, sendOrPrint } from '../shared/mutation.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
import { assertIdForm, resolveId } from '../shared/resolve-id.js';
import { DryRunFlag } from '../shared/schemas.js';
import { FORM_DETAIL_VIEW } from './shared.js';

export const UpdateFormOptions = DryRunFlag.extend({
  id: z.string(),
  status: z.string().trim().min(1, 'must not be empty').optional(),
  active: z.boolean().optional(),
  completed: z.boolean().optional(),
  processed: z.boolean().optional(),
  body: z.string().optional(),
});
export type UpdateFormOptions = z.infer<typeof UpdateFormOptions>;

/** PATCH /v1/forms/{id} with only the fields given (flags override `--body`); prints the form. */
export async function runUpdateForm(options: UpdateFormOptions, ctx: Context): Promise<void> {
  assertIdForm(options.id, FORM_LOOKUP);
  const base = options.body ? await readJsonBody(options.body, () => ctx.io.readStdin()) : {};
  const { status, active, completed, processed } = options;
  const flags = Object.entries({ status, active, completed, processed }).filter(([, v]) => v !== undefined);
  const changes = { ...base, ...Object.fromEntries(flags) };
  if (Object.keys(changes).length === 0) {
    throw new UsageError('nothing to update', {
      hint: 'pass --status, --[no-]active, --[no-]completed, --[no-]processed or --body FILE',
    });
  }
  const render = renderOptions(ctx, { columns: [] });
  const client = await mutationClient(ctx, options.dryRun);
  const id = await resolveId(client, options.id, FORM_LOOKUP);
  const updated = await explainNotFound(
    sendOrPrint(ctx, client, updateForm(id, changes), options.dryRun),
    `form ${id}`,
    'run `wfd forms list` to see form ids',
  );
  if (updated) await renderItem(ctx.io, render, updated, { view: FORM_DETAIL_VIEW });
}

export const verb = defineVerb(UpdateFormOptions, runUpdateForm, {
  positional: ['id'],
  fields: FORMS.fields,
});
