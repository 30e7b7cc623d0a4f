import { getResponse } from '../../api/forms.js';
import type { DetailView } from '../../output/render.js';
import { ATTACHMENT_COLUMNS } from '../../resources/attachments.js';
import { RESPONSE_FIELDS } from '../../resources/responses.js';
import { defineGetVerb } from '../shared/get.js';
import { GET_RESPONSE } from './flags.js';

/** What `responses get` shows on a terminal: dates, the answers, then files and signatures with their ids. */
const RESPONSE_DETAIL_VIEW: DetailView = {
  fields: [
    { label: 'Form', field: 'form.id', kind: 'id' },
    { label: 'Created', field: 'created_at', kind: 'time' },
    { label: 'Updated', field: 'updated_at', kind: 'time' },
    { label: 'Completed', field: 'completed_at', kind: 'time' },
    { label: 'ID', field: 'id', kind: 'id' },
  ],
  tables: [
    {
      title: 'Attachments',
      field: 'attachments',
      columns: ATTACHMENT_COLUMNS,
    },
    {
      title: 'Signatures',
      field: 'signatures',
      columns: [
        { field: 'id', kind: 'id' },
        { field: 'signer', header: 'SIGNER', kind: 'person' },
        { field: 'signer.email', header: 'EMAIL' },
        { field: 'signed_at', header: 'SIGNED', kind: 'time' },
      ],
    },
  ],
  entries: { title: 'Answers', field: 'answers', beforeTables: true },
};

/** `wfd responses get <id>`. */
export const {
  schema: GetResponseOptions,
  run: runGetResponse,
  verb,
} = defineGetVerb({
  flags: GET_RESPONSE,
  noun: 'response',
  request: getResponse,
  hint: 'run `wfd forms get <form-id>` to see the ids of its responses',
  view: RESPONSE_DETAIL_VIEW,
  fields: RESPONSE_FIELDS,
});
