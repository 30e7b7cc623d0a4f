import { CASES } from '../../resources/cases.js';
import { defineListVerb } from '../shared/list.js';

/** `wfd cases list`: every filter, sort and paging flag comes from the cases table. */
export const { schema: ListCasesOptions, run: runListCases, verb } = defineListVerb(CASES);
