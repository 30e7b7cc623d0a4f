import { FORM_TEMPLATES } from '../../resources/form-templates.js';
import { defineListVerb } from '../shared/list.js';

/** `wfd form-templates list`: sort and paging only, as the spec lists form templates. */
export const {
  schema: ListFormTemplatesOptions,
  run: runListFormTemplates,
  verb,
} = defineListVerb(FORM_TEMPLATES);
