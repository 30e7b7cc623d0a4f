/**
 * `wfd docintel create (--file F | --attachment ID) [--fields a,b] [--wait] [--timeout D]`: a new
 * extraction job (POST /v1/document-intelligence), after uploading the file when given one. Prints
 * the job's id (`-o json`: the job); with `--wait`, its result (see shared.ts).
 */
import * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { checkUploadFile } from '../../core/files/upload-file.js';
import { readerOf, renderItem } from '../../output/render.js';
import { DOCINTEL_JOB_FIELDS } from '../../resources/document-intelligence.js';
import { renderOptions } from '../shared/output.js';
import { assertWholeId } from '../shared/resolve-id.js';
import { CREATE_DOCINTEL } from './flags.js';
import {
  DEFAULT_WAIT_MS,
  type DocumentSource,
  finish,
  JOB_VIEW,
  parseFieldList,
  startJob,
  waitFor,
} from './shared.js';

const ATTACHMENT_HINT = 'run `wfd responses get <id>` to see the ids of its attachments';

export const CreateDocintelOptions = verbSchema(CREATE_DOCINTEL).check(
  z.refine((o) => (o.file === undefined) !== (o.attachment === undefined), {
    message: 'give the document: --file FILE or --attachment ID (one of them)',
  }),
  z.refine((o) => o.timeout === undefined || o.wait, { message: '--timeout bounds a wait: add --wait' }),
);
export type CreateDocintelOptions = z.output<typeof CreateDocintelOptions>;

export async function runCreateDocintel(options: CreateDocintelOptions, ctx: Context): Promise<void> {
  const fields = options.fields === undefined ? undefined : parseFieldList(options.fields);
  const source: DocumentSource =
    options.file !== undefined
      ? { file: await checkUploadFile(options.file) }
      : { attachmentId: assertWholeId(options.attachment!, 'attachment', ATTACHMENT_HINT) };
  const started = await startJob(ctx, source, fields, options.dryRun);
  if (!started) return;
  if (options.wait) {
    const timeout = options.timeout ?? DEFAULT_WAIT_MS;
    await finish(ctx, await waitFor(ctx, started.client, started.job, timeout), timeout);
    return;
  }
  // The id alone, for `job=$(wfd docintel create ...)`; the job with -o json.
  const render = renderOptions(ctx, { columns: [] });
  if (readerOf(render) !== 'records') await ctx.io.write(`${started.job.id}\n`);
  else await renderItem(ctx.io, render, started.job, { view: JOB_VIEW });
}

// Its own --fields names the keys to extract; --query works on the job as on any record.
export const verb = defineVerb(CREATE_DOCINTEL, CreateDocintelOptions, runCreateDocintel, {
  fields: DOCINTEL_JOB_FIELDS,
});
