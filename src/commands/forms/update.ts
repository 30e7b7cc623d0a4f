import type { z } from 'zod';
import { updateForm } from '../../api/forms.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { readJsonBody } from '../../core/body.js';
import { UsageError } from '../../core/errors.js';
import { assertUuid } from '../../core/list-query/values.js';
import { renderItem } from '../../output/render.js';
import { FORMS } from '../../resources/forms.js';
import { mutationClient, sendOrPrint } from '../shared/mutation.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
import { UPDATE_FORM } from './flags.js';
import { FORM_DETAIL_VIEW } from './shared.js';

export const UpdateFormOptions = verbSchema(UPDATE_FORM);
export type UpdateFormOptions = z.output<typeof UpdateFormOptions>;

/** PATCH /v1/forms/{id} with only the fields given (flags override `--body`); prints the form. */
export async function runUpdateForm(options: UpdateFormOptions, ctx: Context): Promise<void> {
  assertUuid(options.id, 'form id');
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
  const updated = await explainNotFound(
    sendOrPrint(ctx, client, updateForm(options.id, changes), options.dryRun),
    `form ${options.id}`,
    'run `wfd forms list` to see form ids',
  );
  if (updated) await renderItem(ctx.io, render, updated, { view: FORM_DETAIL_VIEW });
}

export const verb = defineVerb(UPDATE_FORM, UpdateFormOptions, runUpdateForm, { fields: FORMS.fields });
