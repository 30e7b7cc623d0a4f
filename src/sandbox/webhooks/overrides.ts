/**
 * `set` of the trigger hook: fields of the delivered `data` replaced, so a receiver can be tried
 * with values the seed never makes. Keys are dot paths (`status`, `form.id`); objects on the way
 * are made when missing. The stored records are not changed: only the payload is.
 */
import { invalid } from '../errors.js';

/** Path segments that would reach an object's prototype rather than a field. */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

/** A copy of `data` with each path of `set` given its value. */
export function withOverrides(data: unknown, set: Readonly<Record<string, unknown>> | undefined): unknown {
  if (!set || Object.keys(set).length === 0) return data;
  const copy = structuredClone(data) as Record<string, unknown>;
  for (const [path, value] of Object.entries(set)) {
    const keys = path.split('.');
    if (keys.some((key) => key === '' || FORBIDDEN.has(key))) {
      throw invalid('Invalid request body', [
        { message: `not a field path: ${path}`, path: ['set', path], type: 'invalid_value' },
      ]);
    }
    let target = copy;
    for (const key of keys.slice(0, -1)) {
      const next = Object.hasOwn(target, key) ? target[key] : undefined;
      if (next !== undefined && next !== null && (typeof next !== 'object' || Array.isArray(next))) {
        throw invalid('Invalid request body', [
          { message: `${key} is not an object in the payload`, path: ['set', path], type: 'invalid_type' },
        ]);
      }
      if (next === undefined || next === null) {
        const made: Record<string, unknown> = {};
        Object.defineProperty(target, key, {
          value: made,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        target = made;
      } else target = next as Record<string, unknown>;
    }
    Object.defineProperty(target, keys.at(-1)!, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
