import { BulkIdsOptions } from '../shared/bulk.js';
import { setArchivedVerb } from './set-archived.js';

/** `wfd cases archive <ids...|->`: archived=true per id, reported per id. */
export const ArchiveCasesOptions = BulkIdsOptions;
export const { run: runArchiveCases, verb } = setArchivedVerb(true);
