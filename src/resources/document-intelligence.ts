/**
 * Document-intelligence jobs (spec capability 6). Their fields are "not shown" in the spec: these
 * are the ones wfd names in views and `--fields`; any other field an API sends still reaches
 * `-o json`.
 */

/** Top-level fields of a job, what `wfd docintel create|get|extract --fields` accepts. */
export const DOCINTEL_JOB_FIELDS = [
  'id',
  'status',
  'attachment_id',
  'fields',
  'created_at',
  'updated_at',
  'result',
  'error',
] as const;
