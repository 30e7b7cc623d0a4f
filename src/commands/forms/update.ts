import type * as z from 'zod/mini';
import { updateForm } from '../../api/forms.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { FORMS } from '../../resources/forms.js';
import { FORM_LOOKUP } from '../shared/id-lookups.js';
import { runUpdate } from '../shared/mutation.js';
import { UPDATE_FORM } from './flags.js';
import { FORM_DETAIL_VIEW } from './shared.js';

export const UpdateFormOptions = verbSchema(UPDATE_FORM);
export type UpdateFormOptions = z.output<typeof UpdateFormOptions>;

/** PATCH /v1/forms/{id} with only the fields given (flags override `--body`); prints the form. */
export async function runUpdateForm(options: UpdateFormOptions, ctx: Context): Promise<void> {
  const { status, active, completed, processed } = options;
  const flags = Object.entries({ status, active, completed, processed }).filter(([, v]) => v !== undefined);
  await runUpdate(ctx, {
    lookup: FORM_LOOKUP,
    id: options.id,
    body: options.body,
    changes: (base) => ({ ...base, ...Object.fromEntries(flags) }),
    nothingHint: 'pass --status, --[no-]active, --[no-]completed, --[no-]processed or --body FILE',
    request: updateForm,
    listHint: 'run `wfd forms list` to see form ids',
    view: FORM_DETAIL_VIEW,
    dryRun: options.dryRun,
  });
}

export const verb = defineVerb(UPDATE_FORM, UpdateFormOptions, runUpdateForm, { fields: FORMS.fields });
