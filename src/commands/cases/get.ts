import { getCase } from '../../api/cases.js';
import { CASES } from '../../resources/cases.js';
import { defineGetVerb } from '../shared/get.js';
import { CASE_LOOKUP } from '../shared/id-lookups.js';
import { GET_CASE } from './flags.js';
import { CASE_DETAIL_VIEW } from './shared.js';

/** `wfd cases get <id>`. */
export const {
  schema: GetCaseOptions,
  run: runGetCase,
  verb,
} = defineGetVerb({
  flags: GET_CASE,
  noun: 'case',
  request: getCase,
  hint: 'run `wfd cases list` to see case ids',
  view: CASE_DETAIL_VIEW,
  fields: CASES.fields,
  lookup: CASE_LOOKUP,
});
