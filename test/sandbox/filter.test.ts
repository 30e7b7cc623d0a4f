import { describe, expect, it } from 'vitest';
import { boolean, oneOf, string } from '../../src/resources/schema.js';
import { Email, Uuid } from '../../src/resources/shared.js';
import {
  compileJsonFilter,
  compileSort,
  FilterError,
  type FilterSchema,
  type Predicate,
  param,
  parseIsoDate,
} from '../../src/sandbox/filter.js';
import { likeMatcher } from '../../src/sandbox/like.js';
import { paramValue } from '../../src/sandbox/shapes.js';
import { foldText } from '../../src/sandbox/text.js';

interface Row {
  id: string;
  name: string;
  kind: 'a' | 'b';
  at: number | null;
  ownerId: string;
}

const OWNER = '11111111-1111-4111-8111-111111111111';
const rows: Row[] = [
  {
    id: '00000000-0000-4000-8000-000000000003',
    name: 'José Müller',
    kind: 'a',
    at: Date.parse('2026-01-01T00:00:00Z'),
    ownerId: OWNER,
  },
  { id: '00000000-0000-4000-8000-000000000001', name: 'Zoë Chen', kind: 'b', at: null, ownerId: OWNER },
  {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'anna smith',
    kind: 'a',
    at: Date.parse('2025-06-15T12:00:00Z'),
    ownerId: '22222222-2222-4222-8222-222222222222',
  },
  {
    id: '00000000-0000-4000-8000-000000000004',
    name: 'Anna 100% Smith',
    kind: 'b',
    at: Date.parse('2025-06-15T12:00:00Z'),
    ownerId: OWNER,
  },
];

const schema: FilterSchema<Row> = {
  attributes: {
    id: { type: 'uuid', get: (r) => r.id },
    name: { type: 'string', get: (r) => r.name },
    kind: { type: 'enum', values: ['a', 'b'], get: (r) => r.kind },
    at: { type: 'date', get: (r) => r.at },
  },
  relationships: {
    owner: {
      id: { type: 'uuid', get: (r) => r.ownerId },
      attributes: { id: { type: 'uuid', get: (r) => r.ownerId } },
    },
    tag: { attributes: { label: { type: 'string', get: () => null } } },
  },
};

function select(filter: unknown): string[] {
  const { predicates } = compileJsonFilter(JSON.stringify(filter), schema);
  return rows.filter((r) => predicates.every((p) => p(r))).map((r) => r.name);
}

function problems(raw: string): readonly string[] {
  try {
    compileJsonFilter(raw, schema);
  } catch (error) {
    if (error instanceof FilterError) return error.details;
    throw error;
  }
  throw new Error('expected a FilterError');
}

describe('compileJsonFilter', () => {
  it('applies $eq and $ne to strings, enums and uuids', () => {
    expect(select({ attributes: { kind: { $eq: 'a' } } })).toEqual(['José Müller', 'anna smith']);
    expect(select({ attributes: { kind: { $ne: 'a' } } })).toEqual(['Zoë Chen', 'Anna 100% Smith']);
    expect(select({ attributes: { name: { $eq: 'Zoë Chen' } } })).toEqual(['Zoë Chen']);
    expect(select({ attributes: { id: { $eq: rows[2]!.id.toUpperCase() } } })).toEqual(['anna smith']);
  });

  it('tests null with $eq null and $ne null, and never matches null with other operators', () => {
    expect(select({ attributes: { at: { $eq: null } } })).toEqual(['Zoë Chen']);
    expect(select({ attributes: { at: { $ne: null } } })).toHaveLength(3);
    expect(select({ attributes: { at: { $ne: '2026-01-01' } } })).toEqual(['anna smith', 'Anna 100% Smith']);
    expect(select({ attributes: { at: { $lt: '2030-01-01' } } })).toHaveLength(3);
  });

  it('compares dates as instants, whatever the zone or precision', () => {
    expect(select({ attributes: { at: { $gt: '2025-12-31T23:00:00-02:00' } } })).toEqual([]);
    expect(select({ attributes: { at: { $ge: '2026-01-01T02:00:00+02:00' } } })).toEqual(['José Müller']);
    expect(select({ attributes: { at: { $eq: '2025-06-15T12:00:00.000Z' } } })).toEqual([
      'anna smith',
      'Anna 100% Smith',
    ]);
    expect(select({ attributes: { at: { $le: '2025-06-15T12:00' } } })).toEqual([
      'anna smith',
      'Anna 100% Smith',
    ]);
    expect(select({ attributes: { at: { $lt: '2025-06-15T12:00:00Z' } } })).toEqual([]);
  });

  it('combines several operators on a field and several fields with AND', () => {
    const filter = { attributes: { at: { $ge: '2025-01-01', $lt: '2026-01-01' }, kind: { $eq: 'a' } } };
    expect(select(filter)).toEqual(['anna smith']);
  });

  it('matches $like case-sensitively and $ilike case-insensitively over the whole value', () => {
    expect(select({ attributes: { name: { $like: 'Anna%' } } })).toEqual(['Anna 100% Smith']);
    expect(select({ attributes: { name: { $ilike: 'anna%' } } })).toEqual(['anna smith', 'Anna 100% Smith']);
    expect(select({ attributes: { name: { $like: 'Anna' } } })).toEqual([]);
    expect(select({ attributes: { name: { $ilike: '%MÜLLER' } } })).toEqual(['José Müller']);
    expect(select({ attributes: { name: { $like: '%.%' } } })).toEqual([]);
  });

  it('filters on relationships by id or by attributes', () => {
    expect(select({ relationships: { owner: { id: { $ne: OWNER } } } })).toEqual(['anna smith']);
    expect(select({ relationships: { owner: { attributes: { id: { $eq: OWNER } } } } })).toHaveLength(3);
    expect(select({ relationships: { tag: { attributes: { label: { $eq: null } } } } })).toHaveLength(4);
  });

  it('gives equivalent filters the same canonical text', () => {
    const a = compileJsonFilter('{"attributes":{"kind":{"$eq":"a"},"at":{"$eq":null}}}', schema);
    const b = compileJsonFilter(
      '{ "attributes": { "at": { "$eq": null }, "kind": { "$eq": "a" } } }',
      schema,
    );
    expect(a.canonical).toBe(b.canonical);
  });

  it.each([
    ['{', /^filter is not valid JSON/],
    ['[1]', /^filter must be a JSON object$/],
    ['{"where":{}}', /^where: unknown section/],
    ['{"attributes":[]}', /^attributes: expected an object/],
    [
      '{"attributes":{"nope":{"$eq":1}}}',
      /^attributes\.nope: unknown field; known fields: id, name, kind, at$/,
    ],
    ['{"attributes":{"constructor":{"$eq":1}}}', /^attributes\.constructor: unknown field/],
    ['{"attributes":{"name":{}}}', /^attributes\.name: expected an object of operators/],
    ['{"attributes":{"name":"x"}}', /^attributes\.name: expected an object of operators/],
    ['{"attributes":{"name":{"$in":["x"]}}}', /^attributes\.name\.\$in: unknown operator/],
    ['{"attributes":{"name":{"$extends":"x"}}}', /^attributes\.name\.\$extends: unknown operator/],
    ['{"attributes":{"name":{"$gt":"x"}}}', /^attributes\.name\.\$gt: \$gt compares numbers and dates only/],
    ['{"attributes":{"name":{"$eq":5}}}', /^attributes\.name\.\$eq: expects a string or null$/],
    ['{"attributes":{"kind":{"$eq":"c"}}}', /^attributes\.kind\.\$eq: expects one of a, b or null$/],
    ['{"attributes":{"id":{"$eq":"nope"}}}', /^attributes\.id\.\$eq: expects a UUID or null$/],
    ['{"attributes":{"at":{"$eq":true}}}', /^attributes\.at\.\$eq: expects an ISO 8601 date or null$/],
    ['{"attributes":{"at":{"$gt":"2025-02-30"}}}', /^attributes\.at\.\$gt: \$gt expects an ISO 8601 date/],
    ['{"attributes":{"at":{"$gt":null}}}', /^attributes\.at\.\$gt: \$gt expects an ISO 8601 date/],
    ['{"attributes":{"at":{"$like":"2025%"}}}', /^attributes\.at\.\$like: \$like matches text fields only/],
    ['{"attributes":{"name":{"$ilike":3}}}', /^attributes\.name\.\$ilike: \$ilike expects a string pattern$/],
    [
      '{"relationships":{"nope":{"id":{"$eq":null}}}}',
      /^relationships\.nope: unknown relation; known relations: owner, tag$/,
    ],
    ['{"relationships":{"owner":{}}}', /^relationships\.owner: expected \{"attributes"/],
    ['{"relationships":{"tag":{"id":{"$eq":null}}}}', /^relationships\.tag\.id: relation tag has no id$/],
    ['{"relationships":{"owner":{"name":{"$eq":"x"}}}}', /^relationships\.owner\.name: unknown key/],
    [
      '{"relationships":{"owner":{"attributes":{"email":{"$eq":"x"}}}}}',
      /^relationships\.owner\.attributes\.email: unknown field/,
    ],
  ])('rejects %s', (raw, detail) => {
    const found = problems(raw);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(detail);
  });

  it('reports every problem of a filter at once', () => {
    expect(problems('{"attributes":{"nope":{"$eq":1},"name":{"$gt":"a","$zz":1}},"extra":1}')).toHaveLength(
      4,
    );
  });
});

describe('boolean attributes', () => {
  interface Flagged {
    id: string;
    flag: boolean | null;
  }
  const flagged: Flagged[] = [
    { id: '00000000-0000-4000-8000-000000000001', flag: true },
    { id: '00000000-0000-4000-8000-000000000002', flag: false },
    { id: '00000000-0000-4000-8000-000000000003', flag: null },
  ];
  const flagSchema: FilterSchema<Flagged> = {
    attributes: { flag: { type: 'boolean', get: (r) => r.flag } },
    relationships: {},
  };
  const matching = (operators: object) => {
    const { predicates } = compileJsonFilter(JSON.stringify({ attributes: { flag: operators } }), flagSchema);
    return flagged.filter((r) => predicates.every((p) => p(r))).map((r) => r.flag);
  };

  it('compares with $eq and $ne, null apart', () => {
    expect(matching({ $eq: true })).toEqual([true]);
    expect(matching({ $eq: false })).toEqual([false]);
    expect(matching({ $ne: true })).toEqual([false]);
    expect(matching({ $eq: null })).toEqual([null]);
    expect(matching({ $ne: null })).toEqual([true, false]);
  });

  it('refuses non-boolean values, comparisons and patterns', () => {
    const details = (operators: object) => {
      try {
        compileJsonFilter(JSON.stringify({ attributes: { flag: operators } }), flagSchema);
      } catch (error) {
        return (error as FilterError).details;
      }
      throw new Error('expected a FilterError');
    };
    expect(details({ $eq: 'true', $gt: true, $ilike: 'T%' })).toEqual([
      'attributes.flag.$eq: expects true, false or null',
      'attributes.flag.$gt: $gt compares numbers and dates only, and this is a boolean field',
      'attributes.flag.$ilike: $ilike matches text fields only, and this is a boolean field',
    ]);
  });

  it('reads true and false as method 1 values, nothing else', () => {
    const bool = param.bool<Flagged>((r) => r.flag === true);
    const onlyTrue = bool('true') as Predicate<Flagged>;
    expect(flagged.filter(onlyTrue).map((r) => r.flag)).toEqual([true]);
    const notTrue = bool('false') as Predicate<Flagged>;
    expect(flagged.filter(notTrue).map((r) => r.flag)).toEqual([false, null]);
    for (const raw of ['TRUE', '1', 'yes', '']) {
      expect(paramValue(boolean(), raw)).toEqual({ message: 'must be true or false', type: 'invalid_type' });
    }
  });
});

describe('method 1 parameters', () => {
  const test = (result: Predicate<Row> | { message: string }, row: Row) => {
    if (typeof result !== 'function') throw new Error(result.message);
    return result(row);
  };

  it('checks enumerations, UUIDs, e-mails, booleans and lengths by their shapes before filtering', () => {
    expect(paramValue(oneOf(['a', 'b']), 'c')).toEqual({
      message: 'must be one of a, b',
      type: 'invalid_value',
    });
    expect(paramValue(Uuid, '123')).toEqual({ message: 'must be a UUID', type: 'invalid_format' });
    expect(paramValue(Email, 'someone')).toEqual({
      message: 'must be an e-mail address',
      type: 'invalid_format',
    });
    expect(paramValue(boolean(), 'yes')).toEqual({ message: 'must be true or false', type: 'invalid_type' });
    // Lengths count code points, as JSON Schema does: 256 emoji are 512 UTF-16 units.
    expect(paramValue(string({ maxLength: 256 }), '\u{1F600}'.repeat(256))).toEqual({
      value: '\u{1F600}'.repeat(256),
    });
    expect(paramValue(string({ maxLength: 256 }), 'x'.repeat(257))).toEqual({
      message: 'must be at most 256 characters long',
      type: 'too_big',
    });
    expect(paramValue(Uuid, OWNER.toUpperCase())).toEqual({ value: OWNER.toUpperCase() });
  });

  it('matches exact, boolean and partial values', () => {
    expect(test(param.exact((r: Row) => r.name)('anna smith'), rows[2]!)).toBe(true);
    expect(test(param.exact((r: Row) => r.name)('Anna Smith'), rows[2]!)).toBe(false);
    expect(test(param.isSet((r: Row) => r.at)('true'), rows[1]!)).toBe(false);
    expect(test(param.isSet((r: Row) => r.at)('false'), rows[1]!)).toBe(true);
    expect(test(param.uuid((r: Row) => r.ownerId)(OWNER.toUpperCase()), rows[0]!)).toBe(true);
    expect(test(param.contains((r: Row) => r.name)('SMITH'), rows[2]!)).toBe(true);
  });

  it('searches accent- and case-insensitively, every word anywhere', () => {
    const search = param.search((r: Row) => foldText(r.name));
    expect(test(search('jose muller'), rows[0]!)).toBe(true);
    expect(test(search('MÜLLER josé'), rows[0]!)).toBe(true);
    expect(test(search('zoe'), rows[1]!)).toBe(true);
    expect(test(search('jose chen'), rows[0]!)).toBe(false);
  });
});

describe('compileSort', () => {
  const sortNames = (spec: string) => {
    const sorter = compileSort(spec, { name: (r: Row) => r.name, at: (r: Row) => r.at });
    if (typeof sorter !== 'function') throw new Error(sorter.message);
    return sorter(rows).map((r) => r.id.slice(-1));
  };

  it('sorts strings by code unit, ascending and descending', () => {
    expect(sortNames('name')).toEqual(['4', '3', '1', '2']);
    expect(sortNames('-name')).toEqual(['2', '1', '3', '4']);
  });

  it('puts nulls last ascending and first descending, and breaks ties by id', () => {
    expect(sortNames('at')).toEqual(['2', '4', '3', '1']);
    expect(sortNames('-at')).toEqual(['1', '3', '2', '4']);
  });

  it('does not modify its input', () => {
    const before = [...rows];
    sortNames('name');
    expect(rows).toEqual(before);
  });

  it('rejects unknown fields, naming the sortable ones', () => {
    expect(compileSort('-size', { name: (r: Row) => r.name })).toEqual({
      message: 'cannot sort by "size"; sortable fields: name',
      type: 'invalid_value',
    });
  });

  it('orders many records exactly like a plain comparator', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({
      id: `${String((i * 7919) % 2003).padStart(8, '0')}-0000-4000-8000-000000000000`,
      v: i % 3 === 0 ? null : `v${i % 17}`,
    }));
    const sorter = compileSort('-v', { v: (r: (typeof many)[number]) => r.v });
    if (typeof sorter !== 'function') throw new Error('sorter expected');
    const expected = [...many].sort((a, b) => {
      if (a.v !== b.v) return a.v === null ? -1 : b.v === null ? 1 : a.v < b.v ? 1 : -1;
      return a.id < b.id ? -1 : 1;
    });
    expect(sorter(many)).toEqual(expected);
  });
});

describe('helpers', () => {
  it('parses ISO 8601 dates and rejects impossible ones', () => {
    expect(parseIsoDate('2026-01-31')).toBe(Date.UTC(2026, 0, 31));
    expect(parseIsoDate('2026-01-31T10:20:30.5Z')).toBe(Date.UTC(2026, 0, 31, 10, 20, 30, 500));
    expect(parseIsoDate('2026-01-31T10:20:30-01:30')).toBe(Date.UTC(2026, 0, 31, 11, 50, 30));
    for (const bad of ['2026-02-29', '2026-13-01', '2026-01-01T24:00', 'yesterday', '2026-1-1', '']) {
      expect(parseIsoDate(bad)).toBeNull();
    }
  });

  it('matches $like patterns whole, with % as the only wildcard', () => {
    const cases: [string, string, boolean, boolean][] = [
      ['a%c', 'abbc', false, true],
      ['a%c', 'abbcd', false, false],
      ['a_c', 'abc', false, false],
      ['a.c(', 'a.c(', false, true],
      ['A%', 'abc', true, true],
      ['A%', 'abc', false, false],
      ['%', '', false, true],
      ['%b%', 'abc', false, true],
      ['%b%b%', 'abc', false, false],
      ['a%a', 'a', false, false],
      ['a%a', 'aa', false, true],
      ['%@acme.example', 'alice@acme.example', false, true],
      ['%x%y%', 'xyxy', false, true],
      ['ab%%%ab', 'abab', false, true],
      ['ab%%%ab', 'aba', false, false],
    ];
    for (const [pattern, text, ignoreCase, expected] of cases)
      expect([pattern, text, likeMatcher(pattern, ignoreCase)(text)]).toEqual([pattern, text, expected]);
  });

  it('matches in linear time: a pattern that sends a backtracking regex into minutes returns at once', () => {
    const text = 'a'.repeat(50_000);
    expect(likeMatcher('%%%%%%%%%%%%%%%%%%%%z', true)(text)).toBe(false);
    expect(likeMatcher(`${'%a'.repeat(100)}%z`, false)(text)).toBe(false);
    expect(likeMatcher(`${'%a'.repeat(100)}%`, false)(text)).toBe(true);
  });

  it('folds accents, including letters Unicode does not decompose', () => {
    expect(foldText('Łukasz Ångström Nuñez Dvořák Weiß Øberg Yılmaz')).toBe(
      'lukasz angstrom nunez dvorak weiss oberg yilmaz',
    );
  });
});
