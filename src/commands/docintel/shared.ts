/**
 * What the docintel verbs share: starting a job (uploading the file first when given one),
 * waiting for it, and printing it: a field/value view on a terminal, JSON otherwise. A failed
 * job exits 1 with its reason; a wait that times out exits 8 naming the job, to come back to
 * with `wfd docintel get <id> --wait`.
 */
import { uploadMultipart } from '../../api/attachments.js';
import { createDocIntelJob, type DocIntelRequest, getDocIntelJob } from '../../api/docintel.js';
import type { DocIntelJob } from '../../api/schemas.js';
import type { Context } from '../../context.js';
import { NetworkError, UsageError, WfdError } from '../../core/errors.js';
import { multipartOf, type UploadFile } from '../../core/files/upload-file.js';
import { isRecord } from '../../core/guards.js';
import type { ApiClient } from '../../core/http/http.js';
import { poll } from '../../core/poll.js';
import { formatDuration } from '../../core/text/duration.js';
import { quote } from '../../core/text/quote.js';
import { type DetailView, renderItem } from '../../output/render.js';
import { mutationClient, printDryRun } from '../shared/mutation.js';
import { renderOptions } from '../shared/output.js';

export { DEFAULT_WAIT_MS } from './flags.js';

/** States after which a job changes no more; any other is reported as it is and waited on. */
const FINAL = new Set(['completed', 'failed']);

/** What a terminal shows of a job: its outcome, then each extracted field with its value. */
export const JOB_VIEW: DetailView = {
  fields: [
    { label: 'Status', field: 'status', kind: 'status' },
    { label: 'Document type', field: 'result.document_type' },
    { label: 'Pages', field: 'result.page_count' },
    { label: 'Confidence', field: 'result.confidence' },
    { label: 'Error', field: 'error' },
    { label: 'Attachment', field: 'attachment_id', kind: 'id' },
    { label: 'Asked for', field: 'fields' },
    { label: 'Created', field: 'created_at', kind: 'time' },
    { label: 'Updated', field: 'updated_at', kind: 'time' },
    { label: 'ID', field: 'id', kind: 'id' },
  ],
  entries: { title: 'Fields', field: 'result.fields' },
};

/** `--fields a,b`: the keys to extract, trimmed, none empty, none twice (in any case). */
export function parseFieldList(text: string): string[] {
  const keys = text
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  if (keys.length === 0)
    throw new UsageError(`invalid --fields ${quote(text)}: expected keys separated by commas`);
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key.toLowerCase())) throw new UsageError(`invalid --fields: ${quote(key)} is named twice`);
    seen.add(key.toLowerCase());
  }
  return keys;
}

/** The document of a job: a local file (uploaded first) or an attachment already in the API. */
export type DocumentSource = { file: UploadFile } | { attachmentId: string };

/**
 * Creates the job, after uploading the file when the source is one. With `dryRun`, prints the
 * requests instead (the upload's id shown as a placeholder) and returns undefined.
 */
export async function startJob(
  ctx: Context,
  source: DocumentSource,
  fields: string[] | undefined,
  dryRun: boolean | undefined,
): Promise<{ client: ApiClient; job: DocIntelJob } | undefined> {
  const client = await mutationClient(ctx, dryRun);
  const upload = 'file' in source ? uploadMultipart(await multipartOf([source.file])) : undefined;
  const body = (attachmentId: string): DocIntelRequest => ({
    attachment_id: attachmentId,
    ...(fields ? { fields } : {}),
  });
  if (dryRun) {
    const id = 'attachmentId' in source ? source.attachmentId : '<id of the uploaded file>';
    const create = await client.prepare(createDocIntelJob(body(id)));
    await printDryRun(ctx, upload ? [await client.prepare(upload), create] : create);
    return undefined;
  }
  const attachmentId = upload
    ? (await client.request(upload))[0]!.id
    : (source as { attachmentId: string }).attachmentId;
  return { client, job: await client.request(createDocIntelJob(body(attachmentId))) };
}

/** Reads the job until it is completed or failed, or the time is up (a spinner meanwhile, on a terminal). */
export async function waitFor(
  ctx: Context,
  client: ApiClient,
  job: DocIntelJob,
  timeoutMs: number,
): Promise<{ job: DocIntelJob; timedOut: boolean }> {
  const label = (current: DocIntelJob) => `Document intelligence job ${current.id}: ${current.status}…`;
  const spinner = await ctx.io.startSpinner(label(job));
  try {
    const { value, timedOut } = await poll(job, {
      read: () => client.request(getDocIntelJob(job.id)),
      done: (current) => FINAL.has(current.status),
      timeoutMs,
      sleep: (ms) => ctx.sleep(ms),
      onRead: (current) => {
        spinner.text = label(current);
      },
    });
    return { job: value, timedOut };
  } finally {
    spinner.stop();
  }
}

/**
 * Prints the job and ends the run as its state says: exit 1 with the reason when it failed;
 * exit 8 when the wait timed out (nothing printed on stdout then: the job is not done).
 */
export async function finish(
  ctx: Context,
  outcome: { job: DocIntelJob; timedOut?: boolean },
  timeoutMs: number | undefined,
): Promise<void> {
  const { job } = outcome;
  if (outcome.timedOut) {
    throw new NetworkError(
      `document intelligence job ${job.id} is still ${job.status} after ${formatDuration(timeoutMs ?? 0)}`,
      { hint: `run \`wfd docintel get ${job.id} --wait\` to wait for it again` },
    );
  }
  await printJob(ctx, job);
  if (job.status === 'failed') {
    throw new WfdError(`document intelligence job ${job.id} failed: ${reasonOf(job.error)}`);
  }
}

/** A field/value view on a terminal; JSON otherwise, unless another format was asked for. */
async function printJob(ctx: Context, job: DocIntelJob): Promise<void> {
  const options = renderOptions(ctx, { columns: [] });
  // Named: plain key/value lines, the default on a pipe, would flatten the result; a script
  // reads the JSON of the job unless it asked for another format.
  const format = options.format === 'plain' && ctx.globals.output === undefined ? 'json' : options.format;
  await renderItem(ctx.io, { ...options, format }, job, { view: JOB_VIEW });
}

/** `code: message` of the spec-less error object, or its text. */
function reasonOf(error: unknown): string {
  if (typeof error === 'string' && error !== '') return error;
  if (isRecord(error)) {
    const parts = [error.code, error.message].filter((part) => typeof part === 'string' && part !== '');
    if (parts.length > 0) return parts.join(': ');
  }
  return 'no reason given';
}
