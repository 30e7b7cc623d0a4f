/** Request body validation with zod, reported in the API's standard 400 shape. */
import type * as z from 'zod';
import type { Infer, Shape } from '../resources/schema.js';
import { invalid, type ValidationIssue } from './errors.js';
import { issueType, zodOf } from './shapes.js';

/**
 * The body, parsed by `schema`.
 * @throws SandboxError 400 `Invalid request body` with one `errors[]` element per problem
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw invalid('Invalid request body', result.error.issues.flatMap(toIssues));
}

/**
 * The body, checked against its shape in the API's description (src/resources/).
 * @throws SandboxError 400 `Invalid request body` with one `errors[]` element per problem
 */
export function parseShape<T>(shape: Shape<T>, body: unknown): Infer<Shape<T>> {
  return parseBody(zodOf(shape), body) as Infer<Shape<T>>;
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
  return [{ message: issue.message, path, type: issueType(issue) }];
}
