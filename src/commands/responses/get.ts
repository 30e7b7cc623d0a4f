import { z } from 'zod';
import { getResponse } from '../../api/forms.js';
import type { Context } from '../../context.js';
import { assertUuid } from '../../core/list-query/values.js';
import { type DetailView, renderItem } from '../../output/render.js';
import { ATTACHMENT_COLUMNS } from '../../resources/attachments.js';
import { RESPONSE_FIELDS } from '../../resources/responses.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
import { defineVerb } from '../verb.js';

/** What `responses get` shows on a terminal: dates, files and signatures with their ids, answers. */
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
  entries: { title: 'Answers', field: 'answers' },
};

export const GetResponseOptions = z.object({ id: z.string() });
export type GetResponseOptions = z.infer<typeof GetResponseOptions>;

export async function runGetResponse(options: GetResponseOptions, ctx: Context): Promise<void> {
  assertUuid(options.id, 'response id');
  const render = renderOptions(ctx, { columns: [] });
  const client = await ctx.api();
  const response = await explainNotFound(
    client.request(getResponse(options.id)),
    `response ${options.id}`,
    'run `wfd forms get <form-id>` to see the ids of its responses',
  );
  await renderItem(ctx.io, render, response, { view: RESPONSE_DETAIL_VIEW });
}

export const verb = defineVerb(GetResponseOptions, runGetResponse, {
  positional: ['id'],
  fields: RESPONSE_FIELDS,
});
