import { FORMS } from '../../resources/forms.js';
import { defineCountVerb } from '../shared/list.js';

/** `wfd forms count`: the filters of `forms list`, one number, or a row per group with --group-by. */
export const { schema: CountFormsOptions, run: runCountForms, verb } = defineCountVerb(FORMS);
