import { BulkIdsOptions } from '../shared/bulk.js';
import { setArchivedVerb } from './set-archived.js';

/** `wfd forms archive <ids...|->`: PATCH archived=true per id, reported per id. */
export const ArchiveFormsOptions = BulkIdsOptions;
export const { run: runArchiveForms, verb } = setArchivedVerb(true);
