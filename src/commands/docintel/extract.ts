/**
 * `wfd docintel extract <file> [--fields a,b] [--timeout 10m]`: upload the file, create a job,
 * wait for it and print its result (a field/value view on a terminal, JSON otherwise). A failed
 * job exits 1 with its reason; a time-out exits 8 naming the job, to come back to with
 * `wfd docintel get <id> --wait`.
 */
import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { checkUploadFile } from '../../core/files/upload-file.js';
import { DOCINTEL_JOB_FIELDS } from '../../resources/document-intelligence.js';
import { EXTRACT_DOCINTEL } from './flags.js';
import { finish, parseFieldList, startJob, waitFor } from './shared.js';

export const ExtractDocintelOptions = verbSchema(EXTRACT_DOCINTEL);
export type ExtractDocintelOptions = z.output<typeof ExtractDocintelOptions>;

export async function runExtractDocintel(options: ExtractDocintelOptions, ctx: Context): Promise<void> {
  const fields = options.fields === undefined ? undefined : parseFieldList(options.fields);
  const file = await checkUploadFile(options.file);
  const started = await startJob(ctx, { file }, fields, options.dryRun);
  if (!started) return;
  await finish(ctx, await waitFor(ctx, started.client, started.job, options.timeout), options.timeout);
}

// Its own --fields names the keys to extract; --query works on the job as on any record.
export const verb = defineVerb(EXTRACT_DOCINTEL, ExtractDocintelOptions, runExtractDocintel, {
  fields: DOCINTEL_JOB_FIELDS,
});
