import { z } from 'zod';
import { getSignature } from '../../api/signatures.js';
import type { Context } from '../../context.js';
import { assertUuid } from '../../core/list-query/values.js';
import { type DetailView, renderItem } from '../../output/render.js';
import { SIGNATURE_FIELDS } from '../../resources/responses.js';
import { explainNotFound } from '../shared/not-found.js';
import { renderOptions } from '../shared/output.js';
import { defineVerb } from '../verb.js';

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

export const GetSignatureOptions = z.object({ id: z.string() });
export type GetSignatureOptions = z.infer<typeof GetSignatureOptions>;

export async function runGetSignature(options: GetSignatureOptions, ctx: Context): Promise<void> {
  assertUuid(options.id, 'signature id');
  const render = renderOptions(ctx, { columns: [] });
  const client = await ctx.api();
  const signature = await explainNotFound(
    client.request(getSignature(options.id)),
    `signature ${options.id}`,
    'run `wfd responses get <id>` to see the ids of its signatures',
  );
  await renderItem(ctx.io, render, signature, { view: SIGNATURE_DETAIL_VIEW });
}

export const verb = defineVerb(GetSignatureOptions, runGetSignature, {
  positional: ['id'],
  fields: SIGNATURE_FIELDS,
});
