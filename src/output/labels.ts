/** Labels a person reads, made from API keys; and a detail view of whatever keys an object has. */
import type { ColumnKind, DetailView } from './types.js';

/** `employee_name` -> `Employee name`: a label a person reads from an API key. */
export function labelOf(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A kind from a key's name: `id` and `*_id` are ids, `*_at` times. */
function kindOf(key: string): ColumnKind | undefined {
  if (key === 'id' || key.endsWith('_id')) return 'id';
  if (key.endsWith('_at')) return 'time';
  return undefined;
}

/**
 * A view of every top-level key of `item`, labelled from the key, for answers whose shape the
 * spec does not show (a template's options): nested objects and lists of objects are laid out
 * by the detail view like any other value.
 */
export function viewOfKeys(item: Record<string, unknown>): DetailView {
  return {
    fields: Object.keys(item).map((key) => {
      const kind = kindOf(key);
      return { label: labelOf(key), field: key, ...(kind ? { kind } : {}) };
    }),
  };
}
