/** archive and unarchive of forms: PATCH `archived` through the bulk engine cases use. */
import { getForm, setFormArchived } from '../../api/forms.js';
import type { Form } from '../../api/schemas.js';
import { type BulkAction, bulkFields, defineBulkVerb } from '../shared/bulk.js';
import { FORM_LOOKUP } from '../shared/id-lookups.js';

/** The fields of a report row: the form's `archived` as the API answered it. */
const RESULT_FIELDS = bulkFields('archived');

function formArchiving(archived: boolean): BulkAction<Form> {
  return {
    noun: 'form',
    done: archived ? 'archived' : 'unarchived',
    request: (id) => setFormArchived(id, archived),
    detail: { field: 'archived', header: 'ARCHIVED', kind: 'bool', read: (form) => form.archived },
    confirm: { request: getForm, reached: (form) => form.archived === archived },
    changedAt: (form) => form.updated_at,
    lookup: FORM_LOOKUP,
  };
}

/** The verb of `forms archive` (true) or `forms unarchive` (false). */
export function setArchivedVerb(archived: boolean) {
  return defineBulkVerb(formArchiving(archived), RESULT_FIELDS);
}
