/** `/v1/document-intelligence`: create an extraction job, read it. */
import { NOT_FOUND_TYPE } from '../../resources/answers.js';
import { CreateJob } from '../../resources/document-intelligence.js';
import type { Handler } from '../context.js';
import { invalid } from '../errors.js';
import { findOwn } from '../handlers/shared.js';
import { parseShape } from '../validation.js';
import { iso } from '../views.js';
import { extract } from './extract.js';
import type { JobPhase, JobRecord } from './jobs.js';

/**
 * POST /v1/document-intelligence `{attachment_id, fields?}`: 201 with the job,
 * `pending`. An unknown attachment and another workspace's give the same 400,
 * as a referenced record does elsewhere, so nothing leaks across workspaces.
 */
export const createJob: Handler = (req, { forms, docintel, clock, newId }) => {
  const body = parseShape(CreateJob, req.body);
  const attachment = forms.findAttachment(body.attachment_id);
  if (!attachment || attachment.workspace !== req.auth.workspace) {
    throw invalid('Invalid request body', [
      { message: 'attachment not found', path: ['attachment_id'], type: NOT_FOUND_TYPE },
    ]);
  }
  const job: JobRecord = {
    id: newId(),
    workspace: req.auth.workspace,
    attachment,
    fields: body.fields ?? null,
    createdAt: clock.now(),
  };
  docintel.insert(job);
  return { status: 201, body: jobView(job, { phase: 'pending', since: job.createdAt }) };
};

/** GET /v1/document-intelligence/{id}: the job as it stands now, with its result once done. */
export const getJob: Handler = async (req, { docintel, attachments, clock }) => {
  const job = findOwn(
    req,
    'Document intelligence job',
    (id) => docintel.find(id),
    (j) => j.workspace,
  );
  const phase = docintel.phaseAt(job, clock.now());
  if (phase.phase === 'done') job.outcome ??= await extract(job.attachment, attachments, job.fields);
  return { status: 200, body: jobView(job, phase) };
};

/** The job; once `done`, its outcome must be set. */
function jobView(job: JobRecord, { phase, since }: JobPhase) {
  const outcome = phase === 'done' ? job.outcome! : undefined;
  return {
    id: job.id,
    status: outcome ? outcome.status : phase,
    attachment_id: job.attachment.id,
    fields: job.fields,
    created_at: iso(job.createdAt),
    updated_at: iso(since),
    result: outcome?.status === 'completed' ? outcome.result : null,
    error: outcome?.status === 'failed' ? outcome.error : null,
  };
}
