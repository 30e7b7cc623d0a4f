import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WHERE_OPERATORS } from '../../src/core/list-query/type-rules.js';
import { compileWhere } from '../../src/core/list-query/where.js';
import { CASE_TEMPLATES, CASES, FORM_TEMPLATES, FORMS } from '../../src/resources/index.js';
import { expectUsage } from '../support/expect-usage.js';

const U = '0b5c5d1e-1234-4abc-8def-0123456789ab';

/** Compiles one clause on cases unless told otherwise. */
const R = { cases: CASES, case_templates: CASE_TEMPLATES, forms: FORMS, form_templates: FORM_TEMPLATES };
type ResourceName = keyof typeof R;

function one(clause: string, resource: ResourceName = 'cases') {
  return compileWhere([clause], R[resource]);
}

describe('compileWhere: operators', () => {
  it.each([
    ['=', '$eq'],
    ['!=', '$ne'],
    ['>', '$gt'],
    ['>=', '$ge'],
    ['<', '$lt'],
    ['<=', '$le'],
  ])('maps %s to %s on a date field', (op, json) => {
    expect(one(`created_at ${op} 2026-01-01T00:00Z`)).toEqual({
      attributes: { created_at: { [json]: '2026-01-01T00:00Z' } },
    });
  });

  it.each([
    ['like', '$like'],
    ['ilike', '$ilike'],
    ['LIKE', '$like'],
    ['ILike', '$ilike'],
  ])('maps the word %s to %s', (op, json) => {
    expect(one(`title ${op} %report%`)).toEqual({ attributes: { title: { [json]: '%report%' } } });
  });

  it.each([
    ['archived_at=null', { archived_at: { $eq: null } }],
    ['status!=done', { status: { $ne: 'done' } }],
    ['created_at>=2026-01-01T00:00Z', { created_at: { $ge: '2026-01-01T00:00Z' } }],
    ["created_at<'2026-02-01'", { created_at: { $lt: '2026-02-01' } }],
    ['  title   =   x  ', { title: { $eq: 'x' } }],
  ])('needs no spaces around a symbol: %s', (clause, attributes) => {
    expect(one(clause)).toEqual({ attributes });
  });
});

describe('compileWhere: values', () => {
  it('takes null with = and != (case-insensitive)', () => {
    expect(compileWhere(['archived_at = null', 'reference != NULL'], CASES)).toEqual({
      attributes: { archived_at: { $eq: null }, reference: { $ne: null } },
    });
  });

  it('takes true and false on boolean fields', () => {
    expect(compileWhere(['archived = true', 'active != FALSE'], FORMS)).toEqual({
      attributes: { archived: { $eq: true }, active: { $ne: false } },
    });
  });

  it.each([
    ['42', 42],
    ['-7', -7],
    ['3.25', 3.25],
    ['1e3', 1000],
    ['0', 0],
  ])('parses the number %s on a template field of forms', (text, value) => {
    expect(one(`data.score > ${text}`, 'forms')).toEqual({
      relationships: { data: { attributes: { score: { $gt: value } } } },
    });
  });

  it.each([
    '2026-01-31T09:30:00Z',
    '2026-01-31T09:30:00.123Z',
    '2026-01-31T09:30:00+02:00',
    '2026-01-31T09:30-05:00',
    '2026-01-31T09:30:00.123456789Z',
    "'2024-02-29'",
  ])('keeps the ISO date %s with a zone, or quoted, as the string', (date) => {
    expect(one(`updated_at < ${date}`)).toEqual({
      attributes: { updated_at: { $lt: date.replaceAll("'", '') } },
    });
  });

  it('keeps a date value as a string on a template field and compares it', () => {
    expect(one('due_on >= 2026-03-01', 'forms')).toEqual({ attributes: { due_on: { $ge: '2026-03-01' } } });
    expect(one("due_on >= '2026-03-01'", 'forms')).toEqual({ attributes: { due_on: { $ge: '2026-03-01' } } });
  });

  it('reads single- and double-quoted strings with = inside and the other quote', () => {
    expect(one("title = 'a = b'")).toEqual({ attributes: { title: { $eq: 'a = b' } } });
    expect(one(`title = "it's"`)).toEqual({ attributes: { title: { $eq: "it's" } } });
    expect(one(`title = ''`)).toEqual({ attributes: { title: { $eq: '' } } });
  });

  it('unescapes \\\\, \\\' and \\" and keeps other backslashes (LIKE patterns)', () => {
    expect(one(String.raw`title = 'it\'s'`)).toEqual({ attributes: { title: { $eq: "it's" } } });
    expect(one(String.raw`title = "say \"hi\""`)).toEqual({ attributes: { title: { $eq: 'say "hi"' } } });
    expect(one(String.raw`title = 'a\\b'`)).toEqual({ attributes: { title: { $eq: 'a\\b' } } });
    expect(one(String.raw`title like '50\%'`)).toEqual({ attributes: { title: { $like: '50\\%' } } });
  });

  it('takes a quoted value as a string even if it looks like a number or null', () => {
    expect(one("data.code = '42'", 'forms')).toEqual({
      relationships: { data: { attributes: { code: { $eq: '42' } } } },
    });
    expect(one(`reference = "null"`)).toEqual({ attributes: { reference: { $eq: 'null' } } });
  });

  it('takes the rest of the clause, trimmed, as a bare string with spaces and %', () => {
    expect(one('title = quarterly report  2026  ')).toEqual({
      attributes: { title: { $eq: 'quarterly report  2026' } },
    });
    expect(one('owner.email ilike %@acme.com')).toEqual({
      relationships: { owner: { attributes: { email: { $ilike: '%@acme.com' } } } },
    });
    expect(one("title = it's fine")).toEqual({ attributes: { title: { $eq: "it's fine" } } });
  });

  it('keeps the text of number-like bare values on string fields (no lost zeros)', () => {
    expect(compileWhere(['reference = 00123', 'status = 42', 'title != true'], CASES)).toEqual({
      attributes: { reference: { $eq: '00123' }, status: { $eq: '42' }, title: { $ne: 'true' } },
    });
  });

  it('takes a number or date as the text of a like pattern', () => {
    expect(one('reference like 2026')).toEqual({ attributes: { reference: { $like: '2026' } } });
    expect(one('reference like 2026-01-%')).toEqual({ attributes: { reference: { $like: '2026-01-%' } } });
  });

  it('checks enums, UUIDs and e-mails, quoted or not', () => {
    expect(
      compileWhere(['parent_status = in_progress', "waiting_for != 'contact'", `id = "${U}"`], CASES),
    ).toEqual({
      attributes: {
        parent_status: { $eq: 'in_progress' },
        waiting_for: { $ne: 'contact' },
        id: { $eq: U },
      },
    });
    expect(one('contact.email = ann@example.com')).toEqual({
      relationships: { contact: { attributes: { email: { $eq: 'ann@example.com' } } } },
    });
    expect(one('owner.email = null')).toEqual({
      relationships: { owner: { attributes: { email: { $eq: null } } } },
    });
  });
});

describe('compileWhere: relations', () => {
  it('puts relation.field under relationships.<rel>.attributes', () => {
    expect(one('workspace.slug = acme-legal')).toEqual({
      relationships: { workspace: { attributes: { slug: { $eq: 'acme-legal' } } } },
    });
  });

  it('puts relation.id in the id operator object', () => {
    expect(one(`template.id = ${U}`)).toEqual({ relationships: { template: { id: { $eq: U } } } });
    expect(one(`owner.id != ${U}`, 'case_templates')).toEqual({
      relationships: { owner: { id: { $ne: U } } },
    });
  });

  it('combines id and attributes of one relation', () => {
    expect(compileWhere([`owner.id = ${U}`, 'owner.email like %@acme.com'], CASES)).toEqual({
      relationships: { owner: { id: { $eq: U }, attributes: { email: { $like: '%@acme.com' } } } },
    });
  });

  it('lets forms use any field and relation (template-dependent), still typing known ones', () => {
    expect(compileWhere(['flow.slug = intake', `customer.id = ${U}`, 'priority = high'], FORMS)).toEqual({
      attributes: { priority: { $eq: 'high' } },
      relationships: {
        flow: { attributes: { slug: { $eq: 'intake' } } },
        customer: { id: { $eq: U } },
      },
    });
    expectUsage(
      () => one('owner.id = 12', 'forms'),
      'invalid --where clause "owner.id = 12": invalid value "12" for UUID field owner.id at column 12 (expected a UUID)',
    );
  });
});

describe('compileWhere: dates as people type them', () => {
  const now = new Date('2026-11-25T15:30:00Z');
  const at = (clause: string) => compileWhere([clause], CASES, now).attributes;
  // The suite runs in UTC (vitest.config.ts); test/unit/dates.test.ts covers other zones.
  it.each([
    ['created_at >= today', '2026-11-25T00:00:00.000Z'],
    ['created_at >= yesterday', '2026-11-24T00:00:00.000Z'],
    ['created_at >= -24h', '2026-11-24T15:30:00.000Z'],
    ['created_at >= 7d', '2026-11-18T15:30:00.000Z'],
    ['created_at >= 2026-01-01', '2026-01-01T00:00:00.000Z'],
    ['created_at >= 2026-01-01T09:30', '2026-01-01T09:30:00.000Z'],
  ])('%s sends the instant it means', (clause, instant) => {
    expect(at(clause)).toEqual({ created_at: { $ge: instant } });
  });

  it('leaves them as text on a text field', () => {
    expect(at('reference = 7d')).toEqual({ reference: { $eq: '7d' } });
  });
});

describe('compileWhere: merging', () => {
  it('merges operators on one field and puts attributes first', () => {
    const filter = compileWhere(
      [
        'owner.email ilike %@acme.com',
        'created_at >= 2026-01-01T00:00Z',
        "created_at < '2026-02-01'",
        'archived_at = null',
      ],
      CASES,
    );
    expect(JSON.stringify(filter)).toBe(
      '{"attributes":{"created_at":{"$ge":"2026-01-01T00:00Z","$lt":"2026-02-01"},"archived_at":{"$eq":null}},' +
        '"relationships":{"owner":{"attributes":{"email":{"$ilike":"%@acme.com"}}}}}',
    );
  });

  it('accepts the same operator twice with the same value', () => {
    expect(compileWhere(['status = open', "status = 'open'"], CASES)).toEqual({
      attributes: { status: { $eq: 'open' } },
    });
  });

  it('returns an empty filter for no clauses', () => {
    expect(compileWhere([], CASES)).toEqual({});
  });

  it('refuses one operator with two values, naming the earlier clause', () => {
    expectUsage(
      () => compileWhere(["created_at >= '2026-01-01'", "created_at >= '2026-02-01'"], CASES),
      'invalid --where clause "created_at >= \'2026-02-01\'": conflicting ">=" on created_at at column 12 ' +
        '(expected one value per operator and field; "created_at >= \'2026-01-01\'" already gives "2026-01-01")',
    );
    expectUsage(
      () => compileWhere([`owner.id = ${U}`, 'owner.id = 1b5c5d1e-1234-4abc-8def-0123456789ab'], CASES),
      'invalid --where clause "owner.id = 1b5c5d1e-1234-4abc-8def-0123456789ab": conflicting "=" on owner.id at column 10 ' +
        `(expected one value per operator and field; "owner.id = ${U}" already gives "${U}")`,
    );
  });
});

describe('compileWhere: syntax errors name the column', () => {
  const OPS = '(expected one of = != > >= < <= like ilike)';

  it.each([
    ['created_at >> 2026', `unknown operator ">>" at column 12 ${OPS}`],
    ['title == x', `unknown operator "==" at column 7 ${OPS}`],
    ['title=>x', `unknown operator "=>" at column 6 ${OPS}`],
    ['title <> x', `unknown operator "<>" at column 7 ${OPS}`],
    ['title contains x', `unknown operator "contains" at column 7 ${OPS}`],
    ['title ~ x', `unknown operator "~" at column 7 ${OPS}`],
    ['title', `missing operator at column 6 ${OPS}`],
    ['title   ', `missing operator at column 9 ${OPS}`],
  ])('%s', (clause, problem) => {
    expectUsage(() => one(clause), `invalid --where clause "${clause}": ${problem}`);
  });

  it.each([
    ['', 'empty clause at column 1 (expected field op value, such as created_at >= 2026-01-01)'],
    ['   ', 'empty clause at column 4 (expected field op value, such as created_at >= 2026-01-01)'],
    ['>= 5', 'unexpected ">" at column 1 (expected a field name such as created_at or owner.email)'],
    ['owner.email.x = 1', 'unexpected "." at column 12 (expected field or relation.field)'],
    ['owner. = 1', 'unexpected "." at column 6 (expected field or relation.field)'],
    [
      'title =',
      'missing value at column 8 (expected a value: null, true, false, a number, an ISO date, or a quoted or bare string)',
    ],
    [
      'title like ',
      'missing value at column 12 (expected a value: null, true, false, a number, an ISO date, or a quoted or bare string)',
    ],
    [
      'title like%x',
      'missing space after "like" at column 11 (expected a space between the operator and its value)',
    ],
    ["title = 'abc", "unterminated string at column 9 (expected a closing ')"],
    ['title = "abc\\"', 'unterminated string at column 9 (expected a closing ")'],
    [
      "title = 'abc' x",
      'unexpected "x" after the closing quote at column 15 (expected the end of the clause)',
    ],
  ])('%j', (clause, problem) => {
    expectUsage(() => one(clause), `invalid --where clause "${clause}": ${problem}`);
  });
});

describe('compileWhere: checks against the resource', () => {
  it('lists the valid fields for an unknown field', () => {
    expectUsage(
      () => one('foo = 1'),
      'invalid --where clause "foo = 1": unknown field "foo" at column 1 (expected one of id, title, status, ' +
        'parent_status, waiting_for, reference, archived_at, created_at, updated_at, or a relation field: ' +
        'template.id, owner.id, owner.email, workspace.id, workspace.slug, contact.given_name, ' +
        'contact.family_name, contact.email)',
    );
    expectUsage(
      () => one('  status = x', 'case_templates'),
      'invalid --where clause "  status = x": unknown field "status" at column 3 (expected one of id, title, ' +
        'reference, archived_at, created_at, updated_at, or a relation field: owner.id, owner.email, ' +
        'workspace.id, workspace.slug)',
    );
  });

  it('lists the relations for an unknown relation, and a relation fields for an unknown one', () => {
    expectUsage(
      () => one('team.name = x'),
      'invalid --where clause "team.name = x": unknown relation "team" at column 1 ' +
        '(expected one of template, owner, workspace, contact)',
    );
    expectUsage(
      () => one('owner.name = x'),
      'invalid --where clause "owner.name = x": unknown field "name" of relation owner at column 7 (expected one of id, email)',
    );
    expectUsage(
      () => one(`contact.id = ${U}`),
      `invalid --where clause "contact.id = ${U}": unknown field "id" of relation contact at column 9 ` +
        '(expected one of given_name, family_name, email)',
    );
  });

  it.each([
    [
      'created_at like 2026%',
      'operator "like" does not apply to date field created_at at column 12 (expected one of = != > >= < <=)',
    ],
    [
      'title > a',
      'operator ">" does not apply to string field title at column 7 (expected one of = != like ilike)',
    ],
    [
      'parent_status >= draft',
      'operator ">=" does not apply to enum field parent_status at column 15 (expected one of = !=)',
    ],
    [`id ilike ${U}`, 'operator "ilike" does not apply to UUID field id at column 4 (expected one of = !=)'],
    [
      'owner.email < b',
      'operator "<" does not apply to e-mail field owner.email at column 13 (expected one of = != like ilike)',
    ],
  ])('refuses an operator that does not fit the field: %s', (clause, problem) => {
    expectUsage(() => one(clause), `invalid --where clause "${clause}": ${problem}`);
  });

  it('refuses like on a boolean field of forms', () => {
    expectUsage(
      () => one('archived like t%', 'forms'),
      'invalid --where clause "archived like t%": operator "like" does not apply to boolean field archived at column 10 (expected one of = !=)',
    );
  });

  it.each([
    [
      'created_at > null',
      'null works only with = and != at column 14 (expected a number or an ISO date after >)',
    ],
    [
      'title like null',
      'null works only with = and != at column 12 (expected a string pattern such as %@acme.com)',
    ],
    ['title ilike true', 'ilike needs a string at column 13 (expected a string pattern such as %@acme.com)'],
    [
      'created_at >= tomorrow',
      'invalid value "tomorrow" for date field created_at at column 15 (expected an ISO date such as 2026-01-31, 2026-01-31T09:30:00Z or 2026-01-31T09:30:00+01:00; today, yesterday or an age: 24h, 7d)',
    ],
    [
      'created_at = 2026-02-30',
      'invalid value "2026-02-30" for date field created_at at column 14 (expected an ISO date such as 2026-01-31, 2026-01-31T09:30:00Z or 2026-01-31T09:30:00+01:00, or null; today, yesterday or an age: 24h, 7d)',
    ],
    [
      'archived_at != 2026-01-01T25:00',
      'invalid value "2026-01-01T25:00" for date field archived_at at column 16 (expected an ISO date such as 2026-01-31, 2026-01-31T09:30:00Z or 2026-01-31T09:30:00+01:00, or null; today, yesterday or an age: 24h, 7d)',
    ],
    [
      'updated_at < 5',
      'invalid value "5" for date field updated_at at column 14 (expected an ISO date such as 2026-01-31, 2026-01-31T09:30:00Z or 2026-01-31T09:30:00+01:00; today, yesterday or an age: 24h, 7d)',
    ],
    [
      'created_at >= 2026-01-01T00:00:00+0100',
      'invalid value "2026-01-01T00:00:00+0100" for date field created_at at column 15 (expected an ISO date such as 2026-01-31, 2026-01-31T09:30:00Z or 2026-01-31T09:30:00+01:00; today, yesterday or an age: 24h, 7d)',
    ],
    [
      "created_at < '2026-01-01T00:00:00+01'",
      'invalid value "2026-01-01T00:00:00+01" for date field created_at at column 14 (expected an ISO date such as 2026-01-31, 2026-01-31T09:30:00Z or 2026-01-31T09:30:00+01:00; today, yesterday or an age: 24h, 7d)',
    ],
    [
      'updated_at = 2026-01-01T09',
      'invalid value "2026-01-01T09" for date field updated_at at column 14 (expected an ISO date such as 2026-01-31, 2026-01-31T09:30:00Z or 2026-01-31T09:30:00+01:00, or null; today, yesterday or an age: 24h, 7d)',
    ],
    ['id = 123', 'invalid value "123" for UUID field id at column 6 (expected a UUID)'],
    ['id = null', 'invalid value "null" for UUID field id at column 6 (expected a UUID)'],
    ['template.id = abc', 'invalid value "abc" for UUID field template.id at column 15 (expected a UUID)'],
    [
      'parent_status = done',
      'invalid value "done" for enum field parent_status at column 17 (expected one of draft, pending, in_progress, closed)',
    ],
    [
      'waiting_for = null',
      'invalid value "null" for enum field waiting_for at column 15 (expected one of none, owner, contact)',
    ],
    [
      'contact.email = ann',
      'invalid value "ann" for e-mail field contact.email at column 17 (expected an e-mail address, or null)',
    ],
  ])('refuses a value of the wrong type: %s', (clause, problem) => {
    expectUsage(() => one(clause), `invalid --where clause "${clause}": ${problem}`);
  });

  it('refuses non-booleans on boolean fields and non-comparable values on template fields', () => {
    expectUsage(
      () => one("completed = 'true'", 'forms'),
      `invalid --where clause "completed = 'true'": invalid value "true" for boolean field completed at column 13 (expected true or false)`,
    );
    expectUsage(
      () => one('score > high', 'forms'),
      'invalid --where clause "score > high": ">" compares numbers or dates at column 9 (expected a number or an ISO date)',
    );
    expectUsage(
      () => one('score >= 2026-01-01T00:00:00+0100', 'forms'),
      'invalid --where clause "score >= 2026-01-01T00:00:00+0100": ">=" compares numbers or dates at column 10 (expected a number or an ISO date)',
    );
    expectUsage(
      () => one('score <= true', 'forms'),
      'invalid --where clause "score <= true": "<=" compares numbers or dates at column 10 (expected a number or an ISO date)',
    );
  });

  it('does not mistake Object.prototype members for fields', () => {
    expectUsage(
      () => one('constructor = x', 'case_templates'),
      'invalid --where clause "constructor = x": unknown field "constructor" at column 1 (expected one of id, ' +
        'title, reference, archived_at, created_at, updated_at, or a relation field: owner.id, owner.email, ' +
        'workspace.id, workspace.slug)',
    );
    expectUsage(
      () => one('owner.toString = x'),
      'invalid --where clause "owner.toString = x": unknown field "toString" of relation owner at column 7 (expected one of id, email)',
    );
  });

  it('keeps a template field named __proto__ as a key without touching prototypes', () => {
    const filter = compileWhere(['__proto__ = x', '__proto__.constructor = y'], FORMS);
    expect(JSON.stringify(filter)).toBe(
      '{"attributes":{"__proto__":{"$eq":"x"}},"relationships":{"__proto__":{"attributes":{"constructor":{"$eq":"y"}}}}}',
    );
    expect(({} as Record<string, unknown>).$eq).toBeUndefined();
  });

  it('refuses form templates, which take no filters', () => {
    expectUsage(
      () => one('created_at > 2026-01-01', 'form_templates'),
      '--where: form templates cannot be filtered (the API lists them with pagination and sort only)',
    );
  });

  it('reports the first bad clause of several', () => {
    expectUsage(
      () => compileWhere(['title = ok', 'foo = 1', 'bar = 2'], CASE_TEMPLATES),
      'invalid --where clause "foo = 1": unknown field "foo" at column 1 (expected one of id, title, ' +
        'reference, archived_at, created_at, updated_at, or a relation field: owner.id, owner.email, ' +
        'workspace.id, workspace.slug)',
    );
  });
});

describe('the operators the README and docs name for --where', () => {
  it.each(['README.md', 'docs/scripting.md'])('are those the parser takes: %s', (page) => {
    const text = readFileSync(page, 'utf8').replace(/\s+/g, ' ');
    // "`--where` everything else (comparisons, `like`, ...)": the list in parentheses.
    const list =
      /`--where`(?: language)? for everything else \(([^)]*)\)|`--where` everything else \(([^)]*)\)/.exec(
        text,
      );
    expect(list, `${page} names the --where operators`).not.toBeNull();
    // Examples of values ("such as `yesterday` or `7d`") are no operators.
    const operators = (list![1] ?? list![2]!).replace(/such as [^,]*/g, '');
    const named = [...operators.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.split(' ')[0]!);
    expect(named.length).toBeGreaterThan(0);
    for (const op of named) expect(WHERE_OPERATORS, `${page} names ${op}`).toContain(op);
  });
});
