/** Request body validation with zod, reported in the spec's standard 400 shape. */
import * as z from 'zod';
import { invalid, type ValidationIssue } from './errors.js';
import { UUID_RE } from './text.js';

/** A UUID in a body (any version, any case), refused with `must be a UUID`. */
export const uuidString = z.string().regex(UUID_RE, 'must be a UUID');

/**
 * The body, parsed by `schema`.
 * @throws SandboxError 400 `Invalid request body` with one `errors[]` element per problem
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw invalid('Invalid request body', result.error.issues.flatMap(toIssues));
}

// zod's issue codes double as the `type` of each element; unknown keys get one element each.
function toIssues(issue: z.core.$ZodIssue): ValidationIssue[] {
  const path = issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part));
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      message: `unknown field ${key}`,
      path: [...path, key],
      type: issue.code,
    }));
  }
  // A record key that fails its own check (a webhook URL): zod only says "Invalid key in record".
  if (issue.code === 'invalid_key') {
    return [{ message: issue.issues[0]?.message ?? issue.message, path, type: 'invalid_format' }];
  }
  return [{ message: issue.message, path, type: issue.code }];
}
