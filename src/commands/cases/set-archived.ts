/** archive and unarchive of cases: the bulk engine (../shared/bulk.ts) with the cases' request. */
import { getCase, setCaseArchived } from '../../api/cases.js';
import type { Case } from '../../api/schemas.js';
import type { Context } from '../../context.js';
import { type BulkAction, BulkIdsOptions, bulkFields, runBulk } from '../shared/bulk.js';

export const SetArchivedOptions = BulkIdsOptions;
export type SetArchivedOptions = BulkIdsOptions;

/** The fields of a report row, which --fields may name. */
export const RESULT_FIELDS = bulkFields('archived_at');

function caseArchiving(archived: boolean): BulkAction<Case> {
  return {
    noun: 'case',
    done: archived ? 'archived' : 'unarchived',
    request: (id) => setCaseArchived(id, archived),
    detail: { field: 'archived_at', header: 'ARCHIVED AT', kind: 'time', read: (c) => c.archived_at },
    confirm: { request: getCase, reached: (c) => (c.archived_at != null) === archived },
    updatedAt: (c) => c.updated_at,
  };
}

export function runSetArchived(options: SetArchivedOptions, ctx: Context, archived: boolean): Promise<void> {
  return runBulk(options, ctx, caseArchiving(archived));
}
