import { getForm } from '../../api/forms.js';
import { FORMS } from '../../resources/forms.js';
import { defineGetVerb } from '../shared/get.js';
import { FORM_LOOKUP } from '../shared/id-lookups.js';
import { GET_FORM } from './flags.js';
import { FORM_DETAIL_VIEW } from './shared.js';

/** `wfd forms get <id>`. */
export const {
  schema: GetFormOptions,
  run: runGetForm,
  verb,
} = defineGetVerb({
  flags: GET_FORM,
  noun: 'form',
  request: getForm,
  hint: 'run `wfd forms list` to see form ids',
  view: FORM_DETAIL_VIEW,
  fields: FORMS.fields,
  lookup: FORM_LOOKUP,
});
