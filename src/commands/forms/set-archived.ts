/** archive and unarchive of forms: PATCH `archived` through the bulk engine cases use. */
import { getForm, setFormArchived } from '../../api/forms.js';
import type { Form } from '../../api/schemas.js';
import type { Context } from '../../context.js';
import { type BulkAction, BulkIdsOptions, bulkFields, runBulk } from '../shared/bulk.js';
import { defineVerb } from '../verb.js';

/** The fields of a report row: the form's `archived` as the API answered it. */
const RESULT_FIELDS = bulkFields('archived');

function formArchiving(archived: boolean): BulkAction<Form> {
  return {
    noun: 'form',
    done: archived ? 'archived' : 'unarchived',
    request: (id) => setFormArchived(id, archived),
    detail: { field: 'archived', header: 'ARCHIVED', kind: 'bool', read: (form) => form.archived },
    confirm: { request: getForm, reached: (form) => form.archived === archived },
    updatedAt: (form) => form.updated_at,
  };
}

/** The verb of `forms archive` (true) or `forms unarchive` (false). */
export function setArchivedVerb(archived: boolean) {
  const run = (options: BulkIdsOptions, ctx: Context) => runBulk(options, ctx, formArchiving(archived));
  return { run, verb: defineVerb(BulkIdsOptions, run, { positional: ['ids'], fields: RESULT_FIELDS }) };
}
