/**
 * `wfd docintel get <job-id> [--wait] [--timeout D]`: the job as it stands (a field/value view on a
 * terminal, JSON otherwise); with `--wait`, once it is completed or failed. A failed job exits 1
 * with its reason, a wait that times out exits 8.
 */
import * as z from 'zod/mini';
import { getDocIntelJob } from '../../api/docintel.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { DOCINTEL_JOB_FIELDS } from '../../resources/document-intelligence.js';
import { explainNotFound } from '../shared/not-found.js';
import { assertWholeId } from '../shared/resolve-id.js';
import { GET_DOCINTEL } from './flags.js';
import { DEFAULT_WAIT_MS, finish, waitFor } from './shared.js';

const JOB_HINT = 'a job id is what `wfd docintel create` printed';

export const GetDocintelOptions = verbSchema(GET_DOCINTEL).check(
  z.refine((o) => o.timeout === undefined || o.wait, { message: '--timeout bounds a wait: add --wait' }),
);
export type GetDocintelOptions = z.output<typeof GetDocintelOptions>;

export async function runGetDocintel(options: GetDocintelOptions, ctx: Context): Promise<void> {
  assertWholeId(options.jobId, 'job', JOB_HINT);
  const client = await ctx.api();
  const job = await explainNotFound(
    client.request(getDocIntelJob(options.jobId)),
    `document intelligence job ${options.jobId}`,
    JOB_HINT,
  );
  if (!options.wait) {
    await finish(ctx, { job }, undefined);
    return;
  }
  const timeout = options.timeout ?? DEFAULT_WAIT_MS;
  await finish(ctx, await waitFor(ctx, client, job, timeout), timeout);
}

export const verb = defineVerb(GET_DOCINTEL, GetDocintelOptions, runGetDocintel, {
  fields: DOCINTEL_JOB_FIELDS,
});
