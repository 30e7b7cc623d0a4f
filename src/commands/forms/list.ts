import { FORMS } from '../../resources/forms.js';
import { defineListVerb } from '../shared/list.js';

/** `wfd forms list`: every filter, sort and paging flag comes from the forms table. */
export const { schema: ListFormsOptions, run: runListForms, verb } = defineListVerb(FORMS);
