/**
 * Document intelligence (spec: "POST /document-intelligence", "GET /document-intelligence/{id}").
 * The job's body and fields are "not shown": wfd sends `{attachment_id, fields?}`, one plausible shape, and
 * reads the job leniently (src/api/schemas.ts).
 */
import type { ApiRequest } from '../core/http/request.js';
import { once } from '../core/once.js';
import { DocIntelJob, single } from './schemas.js';

const SingleJob = once(() => single(DocIntelJob()));

/** What a job is asked to do: the document, and optionally which fields to extract. */
export interface DocIntelRequest {
  attachment_id: string;
  fields?: string[];
}

/** POST /v1/document-intelligence: a new extraction job (201). */
export function createDocIntelJob(body: DocIntelRequest): ApiRequest<DocIntelJob> {
  return { method: 'POST', path: '/document-intelligence', body, schema: SingleJob };
}

/** GET /v1/document-intelligence/{id}: the job as it stands, with its result once done. */
export function getDocIntelJob(id: string): ApiRequest<DocIntelJob> {
  return { method: 'GET', path: `/document-intelligence/${encodeURIComponent(id)}`, schema: SingleJob };
}
