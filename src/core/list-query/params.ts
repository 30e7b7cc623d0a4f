/**
 * Method 1: a list command's filter flags -> the spec's query parameters, in the order of the
 * resource table (the spec's), each value checked by its kind first.
 */
import type { FilterFlag, ResourceDef } from '../../resources/types.js';
import { UsageError } from '../errors.js';
import { flagKey } from '../text/flag-key.js';
import { quote } from '../text/quote.js';
import type { QueryParam } from './types.js';
import { isEmail, isSlug, isUuid } from './values.js';

/** Filter flag values as commander gives them, by attribute name (`parentStatus`); other keys are ignored. */
export type FilterFlagValues = Readonly<Record<string, unknown>>;

/** The query parameters of the filter flags that were given; UsageError for a bad value. */
export function filterParams(resource: ResourceDef, flags: FilterFlagValues): QueryParam[] {
  const out: QueryParam[] = [];
  for (const filter of resource.filters) {
    const value = flags[flagKey(filter.flag)];
    if (value !== undefined) out.push(...paramsOf(filter, value, resource));
  }
  return out;
}

function paramsOf(filter: FilterFlag, value: unknown, resource: ResourceDef): QueryParam[] {
  const flag = `--${filter.flag}`;
  switch (filter.kind) {
    case 'boolean':
      return [[filter.param, String(value === true)]];
    case 'text': {
      if (!Array.isArray(value)) return [[filter.param, nonEmpty(String(value), flag)]];
      const values = [...new Set(value.map((v) => nonEmpty(String(v), flag)))];
      // One value is the plain parameter; several are the spec's array form, repeated.
      if (values.length === 1 || !filter.arrayParam) return values.map((v): QueryParam => [filter.param, v]);
      return values.map((v): QueryParam => [filter.arrayParam!, v]);
    }
  }
  const text = String(value);
  switch (filter.kind) {
    case 'uuid':
      if (isUuid(text)) return [[filter.param, text]];
      throw invalid(flag, text, 'expected a UUID');
    case 'email':
      if (isEmail(text)) return [[filter.param, text]];
      throw invalid(flag, text, 'expected an e-mail address');
    case 'enum':
      if (filter.values.includes(text)) return [[filter.param, text]];
      throw invalid(flag, text, `expected one of ${filter.values.join(', ')}`);
    case 'slug':
      // An id would silently match nothing (and looks like a slug).
      if (isUuid(text))
        throw invalid(flag, text, `${resource.noun} are filtered by ${filter.flag} slug, not id`);
      if (isSlug(text)) return [[filter.param, text]];
      throw invalid(flag, text, 'expected a slug (lower-case letters, digits, - and _)');
    case 'uuid-or-email':
      if (isEmail(text)) return [[filter.params.email, text]];
      if (isUuid(text)) return [[filter.params.uuid, text]];
      throw invalid(flag, text, 'expected an e-mail address, part of one (no spaces), or a UUID');
    case 'uuid-or-slug':
      if (isUuid(text)) return [[filter.params.uuid, text]];
      if (isSlug(text)) return [[filter.params.slug, text]];
      throw invalid(flag, text, 'expected a UUID or a slug (lower-case letters, digits, - and _)');
  }
}

function invalid(flag: string, value: string, expected: string): UsageError {
  return new UsageError(`invalid ${flag} ${quote(value)}: ${expected}`);
}

function nonEmpty(value: string, flag: string): string {
  if (value.trim() === '') throw invalid(flag, value, 'expected a non-empty value');
  return value;
}
