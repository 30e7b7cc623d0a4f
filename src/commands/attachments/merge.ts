/**
 * `wfd attachments merge <id...> -O merged.pdf`: the attachments merged by the API into one PDF
 * (`GET /v1/attachments?ids=...`), in the order given, a repeated id repeated. Saved through a
 * temporary file renamed once complete, or streamed to stdout with `-O -` (never a terminal).
 */
import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { ApiError } from '../../core/errors.js';
import { checkTarget } from '../../core/files/files.js';
import { plural } from '../../core/text/counts.js';
import { refuseTerminal, saveTo } from '../shared/download.js';
import { collectIds } from '../shared/ids.js';
import { MERGE } from './flags.js';
import { fetchMergedPdf } from './merged-pdf.js';
import { ID_HINT, WHOLE_IDS } from './shared.js';

export const MergeAttachmentsOptions = verbSchema(MERGE);
export type MergeAttachmentsOptions = z.output<typeof MergeAttachmentsOptions>;

export async function runMergeAttachments(options: MergeAttachmentsOptions, ctx: Context): Promise<void> {
  const ids = await collectIds(options.ids, () => ctx.io.stdin, 'attachment', {
    ...WHOLE_IDS,
    keepRepeats: true,
  });
  const toStdout = options.outputFile === '-';
  if (toStdout) refuseTerminal(ctx, '-O - > merged.pdf');
  else await checkTarget(options.outputFile);
  const client = await ctx.api();
  const { pdf } = await fetchMergedPdf(client, ids, (line) => ctx.io.errorLine(`wfd: ${line}`)).catch(
    (error: unknown) => {
      // The API's message names the id it did not find.
      if (error instanceof ApiError && error.status === 404) {
        throw new ApiError(error.message, { status: 404, hint: ID_HINT });
      }
      throw error;
    },
  );
  await saveTo(ctx, client, pdf, options.outputFile, plural(ids.length, 'attachment'));
}

export const verb = defineVerb(MERGE, MergeAttachmentsOptions, runMergeAttachments);
