import { BulkIdsOptions } from '../shared/bulk.js';
import { setArchivedVerb } from './set-archived.js';

/** `wfd cases unarchive <ids...|->`: archived=false per id, reported per id. */
export const UnarchiveCasesOptions = BulkIdsOptions;
export const { run: runUnarchiveCases, verb } = setArchivedVerb(false);
