/**
 * The check of a record against its resource table's fields (src/resources/types.ts), in place:
 * nothing is copied, so a list of 80,000 cases allocates no second record per row. Lenient as the
 * schemas are: unknown fields and `any` fields pass; each other field is checked as its shape says.
 */
import { isRecord } from '../core/guards.js';
import type { FieldShape, RecordFields } from '../resources/types.js';

/** Why a record does not hold: where (the path inside it) and what was expected. */
export interface RecordIssue {
  path: (string | number)[];
  message: string;
}

/** The first field of `value` that its shape refuses, undefined when the record holds. */
export function recordIssue(fields: RecordFields, value: unknown): RecordIssue | undefined {
  if (!isRecord(value)) return invalid([], 'object', value);
  for (const name in fields) {
    // The path is made only for a field that fails: a long list checks millions that hold.
    const issue = fieldIssue(fields[name]!, value[name], name);
    if (issue) return issue;
  }
  return undefined;
}

function fieldIssue(shape: FieldShape, value: unknown, name: string): RecordIssue | undefined {
  switch (shape) {
    case 'key':
      return typeof value === 'string' ? undefined : invalid([name], 'string', value);
    case 'text':
      return value === undefined || typeof value === 'string' ? undefined : invalid([name], 'string', value);
    case 'text-or-null':
      return value == null || typeof value === 'string' ? undefined : invalid([name], 'string', value);
    case 'flag':
      return value == null || typeof value === 'boolean' ? undefined : invalid([name], 'boolean', value);
    case 'relation':
      if (value == null) return undefined;
      if (!isRecord(value)) return invalid([name], 'object', value);
      return value.id === undefined || typeof value.id === 'string'
        ? undefined
        : invalid([name, 'id'], 'string', value.id);
    case 'object':
      return value == null || isRecord(value) ? undefined : invalid([name], 'object', value);
    case 'objects': {
      if (value === undefined) return undefined;
      if (!Array.isArray(value)) return invalid([name], 'array', value);
      const index = value.findIndex((item) => !isRecord(item));
      return index < 0 ? undefined : invalid([name, index], 'object', value[index]);
    }
    case 'any':
      return undefined;
  }
}

/** As zod words it, so that every unexpected answer reads alike. */
function invalid(path: (string | number)[], expected: string, value: unknown): RecordIssue {
  return { path, message: `Invalid input: expected ${expected}, received ${kindOf(value)}` };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}
