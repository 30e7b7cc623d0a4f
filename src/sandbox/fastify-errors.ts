/** Errors from fastify's own stages (body parsing, limits) in the spec's standard shape. */
import type { FastifyError } from 'fastify';
import { SandboxError, standardError } from './errors.js';

/** A SandboxError as it is; fastify's 4xx errors in the standard shape; anything else a 500 (and logged). */
export function toSandboxError(error: FastifyError | SandboxError): SandboxError {
  if (error instanceof SandboxError) return error;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return standardError(400, 'Body is not valid JSON');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return standardError(400, 'Body is empty; send a JSON object');
    // The spec's status table has no 415: an unsupported body type is a bad request (an unsupported
    // Content-Encoding is a 415 all the same, content-encoding.ts).
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return standardError(400, 'Unsupported Content-Type; send application/json');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return standardError(status, error.message);
  process.stderr.write(`sandbox: unexpected error: ${error.stack ?? error.message}\n`);
  return standardError(500, 'Internal Server Error');
}
