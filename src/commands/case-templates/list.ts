import { CASE_TEMPLATES } from '../../resources/case-templates.js';
import { defineListVerb } from '../shared/list.js';

/** `wfd case-templates list`: every filter, sort and paging flag comes from the table. */
export const {
  schema: ListCaseTemplatesOptions,
  run: runListCaseTemplates,
  verb,
} = defineListVerb(CASE_TEMPLATES);
