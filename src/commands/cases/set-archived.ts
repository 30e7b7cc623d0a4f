/** archive and unarchive of cases: the bulk engine (../shared/bulk.ts) with the cases' request. */
import { getCase, setCaseArchived } from '../../api/cases.js';
import type { Case } from '../../api/schemas.js';
import { type BulkAction, bulkFields, defineBulkVerb } from '../shared/bulk.js';
import { CASE_LOOKUP } from '../shared/id-lookups.js';

/** The fields of a report row, which --fields may name. */
const RESULT_FIELDS = bulkFields('archived_at');

function caseArchiving(archived: boolean): BulkAction<Case> {
  return {
    noun: 'case',
    done: archived ? 'archived' : 'unarchived',
    request: (id) => setCaseArchived(id, archived),
    detail: { field: 'archived_at', header: 'ARCHIVED AT', kind: 'time', read: (c) => c.archived_at },
    confirm: { request: getCase, reached: (c) => (c.archived_at != null) === archived },
    // The case's archived_at is when it was archived; restoring one leaves only updated_at.
    changedAt: (c) => (archived ? c.archived_at : c.updated_at),
    lookup: CASE_LOOKUP,
  };
}

/** The verb of `cases archive` (true) or `cases unarchive` (false). */
export function setArchivedVerb(archived: boolean) {
  return defineBulkVerb(caseArchiving(archived), RESULT_FIELDS);
}
