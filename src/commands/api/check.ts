/**
 * `wfd api --check`: a request held against the API's OpenAPI description (the one
 * `wfd sandbox openapi` prints) before anything is sent: the method and path, each path and query
 * parameter, and the body. The description and its validator (ajv) are loaded only for the flag.
 */

import { UsageError } from '../../core/errors.js';
import type { QueryParams } from '../../core/http/request.js';

/** How many mismatches the message names before it says how many more there are. */
const SHOWN = 3;

/**
 * Refuses (exit 2) a method and path the description lacks, or a parameter or a body that does
 * not fit it, naming where (`/user/email`, `query page[size]`).
 */
export async function checkAgainstDescription(
  method: string,
  path: string,
  query: QueryParams,
  body: unknown,
): Promise<void> {
  const [{ openApiDescription }, { findOperation }, { DescriptionValidator }] = await Promise.all([
    import('../../openapi/document.js'),
    import('../../openapi/operations.js'),
    import('../../openapi/validate.js'),
  ]);
  const doc = openApiDescription();
  const op = findOperation(doc, method, path);
  if (!op)
    throw new UsageError(`--check: the API description has no ${method} ${path}`, {
      hint: 'run `wfd sandbox openapi` to read the operations it has',
    });
  const mismatches = new DescriptionValidator(doc).request(op, {
    path,
    query: query.map(([name, value]) => [name, String(value)] as const),
    body,
  });
  if (mismatches.length === 0) return;
  const more = mismatches.length > SHOWN ? ` (and ${mismatches.length - SHOWN} more)` : '';
  throw new UsageError(
    `--check: the request does not fit ${method} ${op.path} (${op.operationId}): ${mismatches.slice(0, SHOWN).join('; ')}${more}`,
    { hint: 'nothing was sent; `wfd sandbox openapi` has the schema' },
  );
}
