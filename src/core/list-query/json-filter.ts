/**
 * `--filter JSON`, the spec's method 2, checked before any request: only `attributes` and
 * `relationships`, operator objects with the spec's operators (plus `$extends`, passed through),
 * scalar or null values, and each operator and value against the field's type by the rules
 * `--where` applies (type-rules.ts). Fields and relations are checked against the resource,
 * except for forms, whose fields depend on the template (their unknown fields take any operator).
 */
import type { Attributes, AttributeType, ResourceDef } from '../../resources/types.js';
import { UsageError } from '../errors.js';
import { isRecord, own, putOwn } from '../guards.js';
import { describeJsonError } from '../text/json-error.js';
import { quote } from '../text/quote.js';
import { requireFilterable } from './filterable.js';
import {
  APPLIES_TO,
  FILTER_OPERATORS,
  operatorsFor,
  relationFieldType,
  typeName,
  valueProblem,
  type WhereOperator,
  whereOperatorOf,
} from './type-rules.js';
import type { JsonFilter, Operators } from './types.js';

/** Named by the spec as a filter operator with unknown meaning: passed through untouched. */
const EXTENDS_OPERATOR = '$extends';

/** Path of a value inside the `--filter` JSON, for error messages. */
type JsonPath = string;

function filterError(path: JsonPath, problem: string): UsageError {
  return new UsageError(path === '' ? `--filter: ${problem}` : `--filter: ${path}: ${problem}`);
}

/** Parses and checks `--filter` text for `resource`; UsageError naming the JSON path otherwise. */
export function parseFilterJson(text: string, resource: ResourceDef): JsonFilter {
  const spec = requireFilterable(resource, '--filter');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--filter: ${describeJsonError(text, err)}`);
  }
  if (!isRecord(raw))
    throw filterError('', `expected a JSON object with attributes and/or relationships, got ${kindOf(raw)}`);
  const out: JsonFilter = {};
  for (const [section, value] of Object.entries(raw)) {
    if (section === 'attributes')
      out.attributes = checkAttributes(value, 'attributes', undefined, spec.attributes, spec);
    else if (section === 'relationships') out.relationships = checkRelationships(value, spec);
    else throw filterError('', `unknown section ${quote(section)} (expected attributes, relationships)`);
  }
  return out;
}

/** An operator object's field, for messages and type rules: `owner.email` is `email` of relation owner. */
interface FieldRef {
  /** As `--where` names it: `title`, `owner.email`, `owner.id`. */
  label: string;
  type: AttributeType | undefined;
}

function checkAttributes(
  value: unknown,
  path: JsonPath,
  relation: string | undefined,
  fields: Attributes,
  spec: ResourceDef,
): Record<string, Operators> {
  const obj = expectObject(value, path);
  const out: Record<string, Operators> = {};
  for (const [field, ops] of Object.entries(obj)) {
    if (!spec.openFields && !Object.hasOwn(fields, field))
      throw filterError(
        `${path}.${field}`,
        `unknown field (expected one of ${Object.keys(fields).join(', ')})`,
      );
    const ref: FieldRef =
      relation === undefined
        ? { label: field, type: own(fields, field) }
        : { label: `${relation}.${field}`, type: relationFieldType(fields, field) };
    putOwn(out, field, checkOperators(ops, `${path}.${field}`, ref));
  }
  return out;
}

function checkRelationships(value: unknown, spec: ResourceDef): NonNullable<JsonFilter['relationships']> {
  const obj = expectObject(value, 'relationships');
  const out: NonNullable<JsonFilter['relationships']> = {};
  for (const [rel, body] of Object.entries(obj)) {
    const path = `relationships.${rel}`;
    const fields = own(spec.relations, rel);
    if (!spec.openFields && fields === undefined)
      throw filterError(path, `unknown relation (expected one of ${Object.keys(spec.relations).join(', ')})`);
    const relObj = expectObject(body, path);
    const hasId = spec.openFields || own(fields, 'id') !== undefined;
    if (Object.keys(relObj).length === 0)
      throw filterError(path, `expected ${hasId ? 'attributes or id' : 'attributes'}`);
    const entry: NonNullable<JsonFilter['relationships']>[string] = {};
    for (const [key, inner] of Object.entries(relObj)) {
      if (key === 'attributes')
        entry.attributes = checkAttributes(inner, `${path}.attributes`, rel, fields ?? {}, spec);
      else if (key === 'id' && hasId)
        entry.id = checkOperators(inner, `${path}.id`, {
          label: `${rel}.id`,
          type: relationFieldType(fields, 'id'),
        });
      else
        throw filterError(
          `${path}.${key}`,
          `unknown key (expected ${hasId ? 'attributes, id' : 'attributes'})`,
        );
    }
    putOwn(out, rel, entry);
  }
  return out;
}

function checkOperators(value: unknown, path: JsonPath, field: FieldRef): Operators {
  const obj = expectObject(value, path);
  const entries = Object.entries(obj);
  if (entries.length === 0)
    throw filterError(path, `expected at least one operator (${FILTER_OPERATORS.join(' ')})`);
  for (const [op, operand] of entries) {
    if (op === EXTENDS_OPERATOR) continue;
    const whereOp = whereOperatorOf(op);
    if (whereOp === undefined)
      throw filterError(path, `unknown operator ${quote(op)} (expected ${FILTER_OPERATORS.join(' ')})`);
    if (!operatorsFor(field.type).includes(whereOp))
      throw filterError(path, `operator ${op} applies to ${APPLIES_TO[whereOp]} only`);
    checkOperand(whereOp, operand, `${path}.${op}`, field);
  }
  return { ...obj };
}

/** A JSON scalar, then the field type's rules (those of `--where`). */
function checkOperand(whereOp: WhereOperator, operand: unknown, path: JsonPath, field: FieldRef) {
  const kind = kindOf(operand);
  if (!['string', 'number', 'boolean', 'null'].includes(kind))
    throw filterError(path, `expected a string, number, boolean or null, got ${kind}`);
  const problem = valueProblem(field.type, whereOp, operand);
  if (problem === undefined) return;
  switch (problem.kind) {
    case 'null':
      throw filterError(path, 'null works only with $eq and $ne');
    case 'pattern':
      throw filterError(path, `expected a string pattern, got ${kind}`);
    case 'comparison':
      throw filterError(path, `expected a number or an ISO date, got ${JSON.stringify(operand)}`);
    case 'value':
      throw filterError(
        path,
        `invalid value ${JSON.stringify(operand)} for ${typeName(field.type)} field ${field.label} (expected ${problem.expected})`,
      );
  }
}

function expectObject(value: unknown, path: JsonPath): Record<string, unknown> {
  if (!isRecord(value)) throw filterError(path, `expected an object, got ${kindOf(value)}`);
  return value;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
