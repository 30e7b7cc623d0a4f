/**
 * Case data checked against the template's schema (spec, Errors: "incorrect schema value" is a
 * 400): a field the schema declares must hold a value of its type; null clears a field; fields
 * the schema does not declare are kept as given (templates evolve; see README).
 */
import type { ValidationIssue } from './errors.js';
import { parseIsoDate } from './filter.js';
import type { DataSchema } from './store.js';

interface FieldSchema {
  type?: string;
  format?: string;
  enum?: readonly unknown[];
}

/** The problems of `data` under `schema`, one issue per field, with `pathPrefix` before the key. */
export function dataIssues(
  schema: DataSchema,
  data: Readonly<Record<string, unknown>>,
  pathPrefix: readonly string[],
): ValidationIssue[] {
  const properties = (schema.properties ?? {}) as Readonly<Record<string, FieldSchema>>;
  const issues: ValidationIssue[] = [];
  for (const [key, value] of Object.entries(data)) {
    const field = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (!field || value === null) continue;
    const problem = fieldProblem(field, value);
    if (problem) issues.push({ message: problem, path: [...pathPrefix, key], type: 'invalid_type' });
  }
  return issues;
}

function fieldProblem(field: FieldSchema, value: unknown): string | undefined {
  if (field.enum) return field.enum.includes(value) ? undefined : `must be one of ${field.enum.join(', ')}`;
  switch (field.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'string':
      if (typeof value !== 'string') return 'must be a string';
      if (field.format === 'date' && (!/^\d{4}-\d{2}-\d{2}$/.test(value) || parseIsoDate(value) === null))
        return 'must be a date such as 2026-01-31';
      return undefined;
    default:
      return undefined;
  }
}
