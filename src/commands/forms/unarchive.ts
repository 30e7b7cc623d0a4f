import { BulkIdsOptions } from '../shared/bulk.js';
import { setArchivedVerb } from './set-archived.js';

/** `wfd forms unarchive <ids...|->`: PATCH archived=false per id, reported per id. */
export const UnarchiveFormsOptions = BulkIdsOptions;
export const { run: runUnarchiveForms, verb } = setArchivedVerb(false);
