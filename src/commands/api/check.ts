/**
 * `wfd api --check`: a request held against the API's OpenAPI description (the one
 * `wfd sandbox openapi` prints) before anything is sent. The description and its validator
 * (ajv) are loaded only for the flag.
 */
import { UsageError } from '../../core/errors.js';

/** Refuses (exit 2) a method and path the description lacks, or a body that does not fit it. */
export async function checkAgainstDescription(method: string, path: string, body: unknown): Promise<void> {
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
  const line = `${method} ${op.path} (${op.operationId})`;
  const wanted = (
    doc.paths[op.path]?.[method.toLowerCase()]?.requestBody as { required?: boolean } | undefined
  )?.required;
  if (body === undefined) {
    if (wanted) throw new UsageError(`--check: ${line} takes a body; give it with --input or -F/-f fields`);
    return;
  }
  const errors = new DescriptionValidator(doc).requestBody(op, body);
  if (errors.length === 0) return;
  const more = errors.length > 3 ? ` (and ${errors.length - 3} more)` : '';
  throw new UsageError(`--check: the body does not fit ${line}: ${errors.slice(0, 3).join('; ')}${more}`, {
    hint: 'nothing was sent; `wfd sandbox openapi` has the schema',
  });
}
