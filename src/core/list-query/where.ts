/**
 * The `--where` mini-language, compiled to the spec's method-2 JSON filter.
 *
 *   clause   := field op value | relation "." field op value
 *   op       := = | != | > | >= | < | <= | like | ilike   (words case-insensitive, space-delimited)
 *   value    := null | true | false | number | date | 'quoted' | "quoted" | bare text to the end
 *   date     := ISO date (local when it has no zone) | today | yesterday | an age: 24h, -7d (dates.ts)
 *
 * Clauses are ANDed; several clauses on one field merge their operators. Each
 * clause is checked against the resource's known fields and their types before
 * any request, and errors name the clause, the column and what was expected.
 */
import type { AttributeType, ResourceDef } from '../../resources/types.js';
import { UsageError } from '../errors.js';
import { own, putOwn } from '../guards.js';
import { quote } from '../text/quote.js';
import { isDateText, resolveDate } from './dates.js';
import { requireFilterable } from './filterable.js';
import {
  JSON_OPERATOR,
  operatorsFor,
  relationFieldType,
  typeName,
  valueProblem,
  WHERE_OPERATORS,
  type WhereOperator,
} from './type-rules.js';
import type { JsonFilter } from './types.js';

const EXPECTED_OPERATOR = `one of ${WHERE_OPERATORS.join(' ')}`;
const EXPECTED_VALUE = 'a value: null, true, false, a number, an ISO date, or a quoted or bare string';
// A clause is echoed whole up to this length, so the column an error names stays in view.
const CLAUSE_MAX = 200;

/**
 * Compiles `--where` clauses (ANDed) into a JSON filter for `resource`.
 * Throws UsageError on bad syntax, unknown fields, operators that do not fit a
 * field's type, values of the wrong type, or one operator given two values.
 */
export function compileWhere(clauses: string[], resource: ResourceDef, now: Date = new Date()): JsonFilter {
  const spec = requireFilterable(resource, '--where');
  const filter: JsonFilter = {};
  // Which clause set each field+operator, to name it in a conflict.
  const origin = new Map<string, string>();
  for (const clause of clauses) {
    const { target, op, opCol, value } = parseClause(clause, spec, now);
    const ops = operatorsOf(filter, target);
    const jsonOp = JSON_OPERATOR[op];
    const key = `${target.label}\0${jsonOp}`;
    if (Object.hasOwn(ops, jsonOp) && JSON.stringify(ops[jsonOp]) !== JSON.stringify(value)) {
      const earlier = `${quote(origin.get(key)!, CLAUSE_MAX)} already gives ${JSON.stringify(ops[jsonOp])}`;
      throw clauseError(
        clause,
        `conflicting "${op}" on ${target.label}`,
        opCol,
        `one value per operator and field; ${earlier}`,
      );
    }
    ops[jsonOp] = value;
    origin.set(key, clause);
  }
  // Sections stay out when empty; attributes come first whatever the clause order.
  const out: JsonFilter = {};
  if (Object.keys(filter.attributes ?? {}).length > 0) out.attributes = filter.attributes;
  if (Object.keys(filter.relationships ?? {}).length > 0) out.relationships = filter.relationships;
  return out;
}

/** Where a clause's condition goes in the JSON filter, and the field's type (undefined: not known). */
interface Target {
  relation: string | undefined;
  field: string;
  label: string;
  type: AttributeType | undefined;
}

interface ParsedClause {
  target: Target;
  op: WhereOperator;
  opCol: number;
  value: unknown;
}

/** A value as written: its kind, its JS value, its text (unescaped if quoted) and its column. */
interface Literal {
  kind: 'null' | 'boolean' | 'number' | 'date' | 'string';
  value: string | number | boolean | null;
  text: string;
  quoted: boolean;
  col: number;
}

function parseClause(clause: string, spec: ResourceDef, now: Date): ParsedClause {
  const s = new Scanner(clause);
  s.skipSpace();
  if (s.done)
    throw clauseError(clause, 'empty clause', s.col, 'field op value, such as created_at >= 2026-01-01');
  const fieldCol = s.col;
  const name = s.match(/[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?/y);
  if (name === undefined)
    throw clauseError(
      clause,
      `unexpected ${quote(s.peek()!)}`,
      s.col,
      'a field name such as created_at or owner.email',
    );
  if (s.peek() === '.') throw clauseError(clause, 'unexpected "."', s.col, 'field or relation.field');
  const target = resolveTarget(clause, name, fieldCol, spec);
  const { op, col: opCol } = scanOperator(s, clause);
  const literal = scanValue(s, clause);
  checkOperatorFits(clause, target, op, opCol);
  return { target, op, opCol, value: convert(clause, target, op, literal, now) };
}

// ---------------------------------------------------------------------------
// Scanning

/** A cursor over one clause; `col` is 1-based for messages. */
class Scanner {
  pos = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  get col(): number {
    return this.pos + 1;
  }

  peek(): string | undefined {
    return this.text[this.pos];
  }

  skipSpace(): void {
    while (!this.done && /\s/.test(this.text[this.pos]!)) this.pos++;
  }

  /** Matches a sticky regular expression at the cursor and moves past it. */
  match(re: RegExp): string | undefined {
    const sticky = new RegExp(re.source, 'y');
    sticky.lastIndex = this.pos;
    const m = sticky.exec(this.text);
    if (!m || m[0] === '') return undefined;
    this.pos += m[0].length;
    return m[0];
  }
}

function scanOperator(s: Scanner, clause: string): { op: WhereOperator; col: number } {
  s.skipSpace();
  const col = s.col;
  if (s.done) throw clauseError(clause, 'missing operator', col, EXPECTED_OPERATOR);
  // Symbols need no spaces around them; a run like ">>" or "==" is one unknown operator.
  const symbol = s.match(/[=!<>]+/);
  if (symbol !== undefined) {
    if (isSymbolOperator(symbol)) return { op: symbol, col };
    throw clauseError(clause, `unknown operator ${quote(symbol)}`, col, EXPECTED_OPERATOR);
  }
  const word = s.match(/[A-Za-z0-9_]+/) ?? s.match(/[^\sA-Za-z0-9_]+/) ?? '';
  const op = word.toLowerCase();
  if (op !== 'like' && op !== 'ilike')
    throw clauseError(clause, `unknown operator ${quote(word)}`, col, EXPECTED_OPERATOR);
  // Without a space, "like%x" could be meant as a field or a value: refuse to guess.
  if (!s.done && !/\s/.test(s.peek()!))
    throw clauseError(
      clause,
      `missing space after ${quote(word)}`,
      s.col,
      'a space between the operator and its value',
    );
  return { op, col };
}

function isSymbolOperator(symbol: string): symbol is WhereOperator {
  return (WHERE_OPERATORS as readonly string[]).includes(symbol);
}

function scanValue(s: Scanner, clause: string): Literal {
  s.skipSpace();
  const col = s.col;
  if (s.done) throw clauseError(clause, 'missing value', col, EXPECTED_VALUE);
  const mark = s.peek();
  if (mark === '"' || mark === "'") {
    const text = scanQuoted(s, clause, mark);
    s.skipSpace();
    if (!s.done)
      throw clauseError(
        clause,
        `unexpected ${quote(s.text.slice(s.pos))} after the closing quote`,
        s.col,
        'the end of the clause',
      );
    return { kind: 'string', value: text, text, quoted: true, col };
  }
  return classifyBare(s.text.slice(s.pos).trimEnd(), col);
}

/** Reads a quoted string; `\\`, `\'` and `\"` are escapes, other backslashes stay (LIKE patterns). */
function scanQuoted(s: Scanner, clause: string, mark: string): string {
  const startCol = s.col;
  s.pos++;
  let out = '';
  while (!s.done) {
    const c = s.text[s.pos]!;
    const next = s.text[s.pos + 1];
    if (c === '\\' && next !== undefined && `\\'"`.includes(next)) {
      out += next;
      s.pos += 2;
    } else if (c === mark) {
      s.pos++;
      return out;
    } else {
      out += c;
      s.pos++;
    }
  }
  throw clauseError(clause, 'unterminated string', startCol, `a closing ${mark}`);
}

const NUMBER_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function classifyBare(text: string, col: number): Literal {
  const base = { text, quoted: false, col };
  const lower = text.toLowerCase();
  if (lower === 'null') return { ...base, kind: 'null', value: null };
  if (lower === 'true' || lower === 'false') return { ...base, kind: 'boolean', value: lower === 'true' };
  if (NUMBER_RE.test(text)) return { ...base, kind: 'number', value: Number(text) };
  if (isDateText(text)) return { ...base, kind: 'date', value: text };
  return { ...base, kind: 'string', value: text };
}

// ---------------------------------------------------------------------------
// Checking against the resource

function resolveTarget(clause: string, name: string, col: number, spec: ResourceDef): Target {
  const dot = name.indexOf('.');
  if (dot < 0) {
    const type = own(spec.attributes, name);
    if (type === undefined && !spec.openFields)
      throw clauseError(clause, `unknown field ${quote(name)}`, col, knownFields(spec));
    return { relation: undefined, field: name, label: name, type };
  }
  const relation = name.slice(0, dot);
  const field = name.slice(dot + 1);
  const fields = own(spec.relations, relation);
  if (fields === undefined && !spec.openFields)
    throw clauseError(
      clause,
      `unknown relation ${quote(relation)}`,
      col,
      `one of ${Object.keys(spec.relations).join(', ')}`,
    );
  const type = relationFieldType(fields, field);
  if (own(fields, field) === undefined && !spec.openFields)
    throw clauseError(
      clause,
      `unknown field ${quote(field)} of relation ${relation}`,
      col + dot + 1,
      `one of ${Object.keys(fields ?? {}).join(', ')}`,
    );
  return { relation, field, label: name, type };
}

function knownFields(spec: ResourceDef): string {
  const relationFields = Object.entries(spec.relations).flatMap(([rel, fields]) =>
    Object.keys(fields).map((f) => `${rel}.${f}`),
  );
  return `one of ${Object.keys(spec.attributes).join(', ')}, or a relation field: ${relationFields.join(', ')}`;
}

function checkOperatorFits(clause: string, target: Target, op: WhereOperator, col: number): void {
  const allowed = operatorsFor(target.type);
  if (!allowed.includes(op))
    throw clauseError(
      clause,
      `operator "${op}" does not apply to ${typeName(target.type)} field ${target.label}`,
      col,
      `one of ${allowed.join(' ')}`,
    );
}

/** The JSON value of a literal for this field and operator, or a UsageError saying what fits. */
function convert(clause: string, target: Target, op: WhereOperator, lit: Literal, now: Date): unknown {
  const value = literalValue(target.type, op, lit, now);
  const problem = valueProblem(target.type, op, value);
  if (problem === undefined) return value;
  const isPattern = op === 'like' || op === 'ilike';
  switch (problem.kind) {
    case 'null':
      throw clauseError(
        clause,
        'null works only with = and !=',
        lit.col,
        isPattern ? 'a string pattern such as %@acme.com' : `a number or an ISO date after ${op}`,
      );
    case 'pattern':
      throw clauseError(clause, `${op} needs a string`, lit.col, 'a string pattern such as %@acme.com');
    case 'comparison':
      throw clauseError(clause, `"${op}" compares numbers or dates`, lit.col, 'a number or an ISO date');
    case 'value':
      throw clauseError(
        clause,
        `invalid value ${JSON.stringify(lit.text)} for ${typeName(target.type)} field ${target.label}`,
        lit.col,
        target.type?.type === 'date'
          ? `${problem.expected}; today, yesterday or an age: 24h, 7d`
          : problem.expected,
      );
  }
}

/**
 * What a literal means for a field: bare text is loosely typed, so on a
 * string-like field a bare number, date or word is its text as written (no
 * lost zeros); typed fields and template fields take its typed value.
 */
function literalValue(type: AttributeType | undefined, op: WhereOperator, lit: Literal, now: Date): unknown {
  if (lit.kind === 'null') return null;
  if (op === 'like' || op === 'ilike') return lit.kind === 'boolean' ? lit.value : lit.text;
  if (type === undefined || type.type === 'boolean') return lit.value;
  // A date field takes `today`, `24h` or a local date as the instant they mean now.
  if (type.type === 'date' && lit.kind === 'date') return resolveDate(lit.text, now);
  return lit.text;
}

// ---------------------------------------------------------------------------
// Building

/** The operator object of the target inside the filter, created on first use. */
function operatorsOf(filter: JsonFilter, target: Target): Record<string, unknown> {
  filter.attributes ??= {};
  filter.relationships ??= {};
  if (target.relation === undefined) return child(filter.attributes, target.field);
  const rel = child(filter.relationships, target.relation);
  // The spec's "id operator object": relation.id sits beside attributes, not in it.
  if (target.field === 'id') {
    rel.id ??= {};
    return rel.id;
  }
  rel.attributes ??= {};
  return child(rel.attributes, target.field);
}

function child<T extends object>(parent: Record<string, T>, key: string): T {
  const existing = own(parent, key);
  if (existing !== undefined) return existing;
  const created = {} as T;
  putOwn(parent, key, created);
  return created;
}

function clauseError(clause: string, problem: string, col: number, expected: string): UsageError {
  return new UsageError(
    `invalid --where clause ${quote(clause, CLAUSE_MAX)}: ${problem} at column ${col} (expected ${expected})`,
  );
}
