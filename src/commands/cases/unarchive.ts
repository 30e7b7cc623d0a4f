import type { Context } from '../../context.js';
import { defineVerb } from '../verb.js';
import { RESULT_FIELDS, runSetArchived, SetArchivedOptions } from './set-archived.js';

export const UnarchiveCasesOptions = SetArchivedOptions;

export function runUnarchiveCases(options: SetArchivedOptions, ctx: Context): Promise<void> {
  return runSetArchived(options, ctx, false);
}

export const verb = defineVerb(UnarchiveCasesOptions, runUnarchiveCases, {
  positional: ['ids'],
  fields: RESULT_FIELDS,
});
