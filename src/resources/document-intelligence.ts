/**
 * Document-intelligence jobs. Their fields are "not shown" in the contract: these are the
 * sandbox's; any other field an API sends still reaches `-o json`.
 */
import { anyObject, array, named, nullable, object, oneOf, string } from './schema.js';
import { DateTime, Uuid } from './shared.js';

/** The states of a job: wfd waits while it is `pending` or `processing`. */
export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

/** A key a job is asked to find: a letter, then up to 63 letters, digits, spaces and `_-./()#&'`. */
export const JOB_FIELD_PATTERN = "^\\p{L}[\\p{L}\\p{N} _\\-./()#&']{0,63}$";

/** The body of `POST /document-intelligence`. */
export const CreateJob = named(
  'CreateJob',
  object(
    {
      attachment_id: Uuid,
      fields: array(string({ pattern: JOB_FIELD_PATTERN }), { minItems: 1, maxItems: 50, uniqueItems: true }),
    },
    {
      required: ['attachment_id'],
      additional: false,
      description: 'The body: not shown in the contract; the sandbox reads {attachment_id, fields?}.',
      'x-not-shown': true,
    },
  ),
);

/** An extraction job. */
export const Job = named(
  'Job',
  object(
    {
      id: Uuid,
      status: oneOf(JOB_STATUSES),
      attachment_id: Uuid,
      fields: nullable(array(string())),
      created_at: DateTime,
      updated_at: DateTime,
      result: nullable(
        anyObject({ description: 'document_type, page_count, confidence and the fields found' }),
      ),
      error: nullable(object({ code: string(), message: string() }, { required: ['code', 'message'] })),
    },
    {
      required: ['id', 'status', 'attachment_id', 'fields', 'created_at', 'updated_at', 'result', 'error'],
      description: "A job's fields: not shown in the contract; these are the sandbox's.",
      'x-not-shown': true,
    },
  ),
);

/** Top-level fields of a job, what `wfd docintel create|get|extract --fields` accepts. */
export const DOCINTEL_JOB_FIELDS = Object.keys(Job.properties ?? {});
