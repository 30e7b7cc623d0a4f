import { UsageError } from '../errors.js';
import { own, putOwn } from '../guards.js';
import type { JsonFilter, Operators } from './types.js';

/**
 * ANDs filters together into a new one (inputs are not modified). The same operator on the same
 * field with two different values is a UsageError. Undefined when no filter has any criterion.
 */
export function mergeFilters(...filters: (JsonFilter | undefined)[]): JsonFilter | undefined {
  const out: JsonFilter = {};
  for (const filter of filters) {
    if (!filter) continue;
    if (filter.attributes) out.attributes = mergeFields(out.attributes, filter.attributes, 'attributes');
    for (const [rel, body] of Object.entries(filter.relationships ?? {})) {
      out.relationships ??= {};
      const target = own(out.relationships, rel) ?? {};
      putOwn(out.relationships, rel, target);
      const path = `relationships.${rel}`;
      if (body.attributes)
        target.attributes = mergeFields(target.attributes, body.attributes, `${path}.attributes`);
      if (body.id) target.id = mergeOps(target.id, body.id, `${path}.id`);
    }
  }
  if (!out.attributes && !out.relationships) return undefined;
  // Attributes first whatever the input order, so the serialised filter is stable.
  return {
    ...(out.attributes && { attributes: out.attributes }),
    ...(out.relationships && { relationships: out.relationships }),
  };
}

function mergeFields(
  into: Record<string, Operators> | undefined,
  from: Record<string, Operators>,
  path: string,
): Record<string, Operators> {
  const out = { ...into };
  for (const [field, ops] of Object.entries(from))
    putOwn(out, field, mergeOps(own(out, field), ops, `${path}.${field}`));
  return out;
}

function mergeOps(into: Operators | undefined, from: Operators, path: string): Operators {
  const out = { ...into };
  for (const [op, value] of Object.entries(from)) {
    const previous = own(out, op);
    if (Object.hasOwn(out, op) && JSON.stringify(previous) !== JSON.stringify(value))
      throw new UsageError(
        `conflicting filters: ${path}.${op} is both ${JSON.stringify(previous)} and ${JSON.stringify(value)}`,
      );
    putOwn(out, op, value);
  }
  return out;
}
