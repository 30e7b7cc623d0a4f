/**
 * `wfd docintel extract <file> [--fields a,b] [--timeout 10m]`: upload the file, create a job,
 * wait for it and print its result (a field/value view on a terminal, JSON otherwise). A failed
 * job exits 1 with its reason; a time-out exits 8 naming the job, to come back to with
 * `wfd docintel get <id> --wait`.
 */
import { z } from 'zod';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { checkUploadFile } from '../../core/upload-file.js';
import { DOCINTEL_JOB_FIELDS } from '../../resources/document-intelligence.js';
import { DryRunFlag } from '../shared/schemas.js';
import { DEFAULT_WAIT_MS, finish, parseFieldList, startJob, waitFor } from './shared.js';

export const ExtractDocintelOptions = DryRunFlag.extend({
  file: z.string().min(1, 'must not be empty'),
  fields: z.string().optional(),
  /** milliseconds, from --timeout */
  timeout: z.number().int().positive().default(DEFAULT_WAIT_MS),
});
export type ExtractDocintelOptions = z.infer<typeof ExtractDocintelOptions>;

export async function runExtractDocintel(options: ExtractDocintelOptions, ctx: Context): Promise<void> {
  const fields = options.fields === undefined ? undefined : parseFieldList(options.fields);
  const file = await checkUploadFile(options.file);
  const started = await startJob(ctx, { file }, fields, options.dryRun);
  if (!started) return;
  await finish(ctx, await waitFor(ctx, started.client, started.job, options.timeout), options.timeout);
}

// Its own --fields names the keys to extract; --query works on the job as on any record.
export const verb = defineVerb(ExtractDocintelOptions, runExtractDocintel, {
  positional: ['file'],
  fields: DOCINTEL_JOB_FIELDS,
});
