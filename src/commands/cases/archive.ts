import type { Context } from '../../context.js';
import { defineVerb } from '../verb.js';
import { RESULT_FIELDS, runSetArchived, SetArchivedOptions } from './set-archived.js';

export const ArchiveCasesOptions = SetArchivedOptions;

export function runArchiveCases(options: SetArchivedOptions, ctx: Context): Promise<void> {
  return runSetArchived(options, ctx, true);
}

export const verb = defineVerb(ArchiveCasesOptions, runArchiveCases, {
  positional: ['ids'],
  fields: RESULT_FIELDS,
});
