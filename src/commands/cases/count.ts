import { CASES } from '../../resources/cases.js';
import { defineCountVerb } from '../shared/list.js';

/** `wfd cases count`: the filters of `cases list`, one number, or a row per group with --group-by. */
export const { schema: CountCasesOptions, run: runCountCases, verb } = defineCountVerb(CASES);
