/**
 * The type rules of method-2 filters, one set for both front ends (`--where` and `--filter`):
 * which operators fit a field's type, and which values fit a field under an operator.
 */
import type { Attributes, AttributeType } from '../../resources/types.js';
import { own } from '../guards.js';
import { isEmail, isIsoDate, isUuid } from './values.js';

/** The operators of `--where`, in the order help lists them. */
export const WHERE_OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'like', 'ilike'] as const;
export type WhereOperator = (typeof WHERE_OPERATORS)[number];

/** The 8 comparison operators of method 2, in the spec's order. */
export const FILTER_OPERATORS = ['$eq', '$ne', '$gt', '$lt', '$ge', '$le', '$like', '$ilike'] as const;

/** Each `--where` operator's method-2 spelling. */
export const JSON_OPERATOR: Readonly<Record<WhereOperator, string>> = {
  '=': '$eq',
  '!=': '$ne',
  '>': '$gt',
  '>=': '$ge',
  '<': '$lt',
  '<=': '$le',
  like: '$like',
  ilike: '$ilike',
};

/** `$gt` -> `>`: a method-2 operator in `--where` spelling, to apply its type rules; undefined when unknown. */
export function whereOperatorOf(op: string): WhereOperator | undefined {
  return WHERE_OPERATORS.find((where) => JSON_OPERATOR[where] === op);
}

const EQUALITY: readonly WhereOperator[] = ['=', '!='];
const ORDERED: readonly WhereOperator[] = ['=', '!=', '>', '>=', '<', '<='];
const TEXTUAL: readonly WhereOperator[] = ['=', '!=', 'like', 'ilike'];

const EXPECTED_DATE = 'an ISO date such as 2026-01-31, 2026-01-31T09:30:00Z or 2026-01-31T09:30:00+01:00';

/**
 * Why a value does not fit a field, for each front end to word in its own syntax. `null`: null
 * with an operator other than = and !=; `pattern`: like/ilike without a string; `comparison`: an
 * order on a template field without a number or a date; `value`: not of the field's type.
 */
export type ValueProblem =
  | { readonly kind: 'null' | 'pattern' | 'comparison' }
  | { readonly kind: 'value'; readonly expected: string };

const UUID_FIELD: AttributeType = { type: 'uuid' };

/** A relation field's type; `id` is a UUID even on a relation only a form template knows. */
export function relationFieldType(fields: Attributes | undefined, field: string): AttributeType | undefined {
  return own(fields, field) ?? (field === 'id' ? UUID_FIELD : undefined);
}

/** Operators that make sense for a field type; unknown (template) fields take them all. */
export function operatorsFor(type: AttributeType | undefined): readonly WhereOperator[] {
  if (type === undefined) return WHERE_OPERATORS;
  if (type.type === 'date') return ORDERED;
  if (type.type === 'string' || type.type === 'email') return TEXTUAL;
  return EQUALITY;
}

/** What each operator applies to, for when a field's type does not take it (= and != fit all). */
export const APPLIES_TO: Readonly<Record<WhereOperator, string>> = {
  '=': 'any field',
  '!=': 'any field',
  '>': 'numbers and dates',
  '>=': 'numbers and dates',
  '<': 'numbers and dates',
  '<=': 'numbers and dates',
  like: 'string and e-mail fields',
  ilike: 'string and e-mail fields',
};

/**
 * Whether `value` (a JSON scalar, as it will be sent) fits a field of `type` under `op`, an
 * operator that applies to it. Undefined when it does.
 */
export function valueProblem(
  type: AttributeType | undefined,
  op: WhereOperator,
  value: unknown,
): ValueProblem | undefined {
  const isEquality = EQUALITY.includes(op);
  if (value === null && !isEquality) return { kind: 'null' };
  if (op === 'like' || op === 'ilike') return typeof value === 'string' ? undefined : { kind: 'pattern' };
  const fits = (ok: boolean, expected: string): ValueProblem | undefined =>
    ok ? undefined : { kind: 'value', expected };
  const isString = typeof value === 'string';
  switch (type?.type) {
    case undefined:
      return isEquality || typeof value === 'number' || (isString && isIsoDate(value))
        ? undefined
        : { kind: 'comparison' };
    case 'string':
      return fits(value === null || isString, 'a string, or null');
    case 'email':
      return fits(value === null || (isString && isEmail(value)), 'an e-mail address, or null');
    case 'date':
      return fits(
        value === null || (isString && isIsoDate(value)),
        `${EXPECTED_DATE}${isEquality ? ', or null' : ''}`,
      );
    case 'uuid':
      return fits(isString && isUuid(value), 'a UUID');
    case 'boolean':
      return fits(typeof value === 'boolean', 'true or false');
    case 'enum':
      return fits(isString && type.values.includes(value), `one of ${type.values.join(', ')}`);
  }
}

/** How messages name a field type: "UUID field id", "date field created_at". */
export function typeName(type: AttributeType | undefined): string {
  if (type === undefined) return 'this';
  return type.type === 'uuid' ? 'UUID' : type.type === 'email' ? 'e-mail' : type.type;
}
