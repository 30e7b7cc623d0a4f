import { getSignature } from '../../api/signatures.js';
import type { DetailView } from '../../output/render.js';
import { SIGNATURE_FIELDS } from '../../resources/responses.js';
import { defineGetVerb } from '../shared/get.js';
import { GET_SIGNATURE } from './flags.js';

/** What `signatures get` shows on a terminal; --json has everything. */
const SIGNATURE_DETAIL_VIEW: DetailView = {
  fields: [
    { label: 'Signer', field: 'signer', kind: 'person' },
    { label: 'Signer email', field: 'signer.email' },
    { label: 'Signed', field: 'signed_at', kind: 'time' },
    { label: 'File', field: 'file.filename' },
    { label: 'Content type', field: 'file.content_type' },
    { label: 'Form', field: 'form.id', kind: 'id' },
    { label: 'Response', field: 'response.id', kind: 'id' },
    { label: 'ID', field: 'id', kind: 'id' },
  ],
};

/** `wfd signatures get <id>`. */
export const {
  schema: GetSignatureOptions,
  run: runGetSignature,
  verb,
} = defineGetVerb({
  flags: GET_SIGNATURE,
  noun: 'signature',
  request: getSignature,
  hint: 'run `wfd responses get <id>` to see the ids of its signatures',
  view: SIGNATURE_DETAIL_VIEW,
  fields: SIGNATURE_FIELDS,
});
