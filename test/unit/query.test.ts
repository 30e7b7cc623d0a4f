import { describe, expect, it } from 'vitest';
import { buildListQuery, checkSort } from '../../src/core/list-query/build.js';
import { parseFilterJson } from '../../src/core/list-query/json-filter.js';
import { mergeFilters } from '../../src/core/list-query/merge.js';
import { filterParams } from '../../src/core/list-query/params.js';
import type { JsonFilter } from '../../src/core/list-query/types.js';
import { assertUuid, isEmail, isIsoDate, isUuid } from '../../src/core/list-query/values.js';
import { compileWhere } from '../../src/core/list-query/where.js';
import { PARENT_STATUSES, WAITING_FOR } from '../../src/resources/cases.js';
import { CASE_TEMPLATES, CASES, FORM_TEMPLATES, FORMS } from '../../src/resources/index.js';
import { expectUsage } from '../support/expect-usage.js';

const R = { cases: CASES, case_templates: CASE_TEMPLATES, forms: FORMS, form_templates: FORM_TEMPLATES };

const U = '0b5c5d1e-1234-4abc-8def-0123456789ab';
const U2 = '1b5c5d1e-1234-4abc-8def-0123456789ab';
const OPS = '(expected $eq $ne $gt $lt $ge $le $like $ilike)';
const DATE = 'an ISO date such as 2026-01-31, 2026-01-31T09:30:00Z or 2026-01-31T09:30:00+01:00';

describe('validators', () => {
  it('isUuid accepts UUIDs of either case only', () => {
    expect(isUuid(U)).toBe(true);
    expect(isUuid(U.toUpperCase())).toBe(true);
    expect(isUuid(`${U}0`)).toBe(false);
    expect(isUuid(U.replaceAll('-', ''))).toBe(false);
    expect(isUuid(` ${U}`)).toBe(false);
    expect(isUuid('0b5c5d1e-1234-4abc-8def-0123456789ag')).toBe(false);
  });

  it('assertUuid returns the value or says what it expected', () => {
    expect(assertUuid(U, 'case id')).toBe(U);
    expectUsage(() => assertUuid('x', 'case id'), 'invalid case id "x": expected a UUID');
  });

  it('isEmail wants local@domain.tld', () => {
    expect(isEmail('ann@example.com')).toBe(true);
    expect(isEmail('ann.o+tag@mail.example.co.uk')).toBe(true);
    expect(isEmail('ann@example')).toBe(false);
    expect(isEmail('ann example.com')).toBe(false);
    expect(isEmail('@example.com')).toBe(false);
    expect(isEmail('ann@-example.com')).toBe(false);
    expect(isEmail('ann@ex ample.com')).toBe(false);
  });

  it('isIsoDate checks the calendar and the clock', () => {
    expect(isIsoDate('2026-01-31')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-01-31T23:59:59.999+05:30')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
    expect(isIsoDate('2026-01-01T24:00')).toBe(false);
    expect(isIsoDate('2026-01-01T10:60')).toBe(false);
    expect(isIsoDate('2026-01-01 10:00')).toBe(false);
    expect(isIsoDate('2026-1-1')).toBe(false);
  });

  it('isIsoDate takes the sandbox grammar: Z or ±HH:MM, any number of fractional digits', () => {
    expect(isIsoDate('2026-01-31T09:30')).toBe(true);
    expect(isIsoDate('2026-01-31T09:30+01:00')).toBe(true);
    expect(isIsoDate('2026-01-31T09:30:00')).toBe(true);
    expect(isIsoDate('2026-01-31T09:30:00.5Z')).toBe(true);
    expect(isIsoDate('2026-01-31T09:30:00.123456789-08:00')).toBe(true);
    expect(isIsoDate('2026-01-01T00:00:00+0100')).toBe(false);
    expect(isIsoDate('2026-01-01T00:00:00+01')).toBe(false);
    expect(isIsoDate('2026-01-01T00:00:00.Z')).toBe(false);
    expect(isIsoDate('2026-01-01T09')).toBe(false);
    expect(isIsoDate('2026-01-01Z')).toBe(false);
    expect(isIsoDate('2026-01-01T09:30.5')).toBe(false);
    expect(isIsoDate('2026-01-01T23:59:60')).toBe(false);
  });

  it('isIsoDate reads ISO 8601 as the spec writes it: real dates, times and zone offsets', () => {
    const samples: [string, boolean][] = [
      ['2026-01-31', true],
      ['2024-02-29', true],
      ['2025-02-29', false],
      ['2026-04-31', false],
      ['2026-13-01', false],
      ['0050-06-01', true],
      ['0100-01-01', true],
      ['9999-12-31T23:59:59.999999Z', true],
      ['2026-01-31T09:30', true],
      ['2026-01-31T24:00', false],
      ['2026-01-31T09:60', false],
      ['2026-01-31T09:30:60', false],
      ['2026-01-31T09:30:00.1', true],
      ['2026-01-31T09:30:00.123456789+05:30', true],
      ['2026-01-31T09:30:00+23:59', true],
      ['2026-01-31T09:30:00+24:00', false],
      ['2026-01-31T09:30:00+99:99', false],
      ['2026-01-31T09:30:00+0100', false],
      ['2026-01-31T09:30:00z', false],
      ['2026-01-31 09:30:00Z', false],
      ['2026-01-31T09:30:00ZZ', false],
      ['2026-01-31T', false],
      ['20260131', false],
      ['', false],
    ];
    for (const [sample, valid] of samples) expect([sample, isIsoDate(sample)]).toEqual([sample, valid]);
  });

  it('exports the enumerations for help', () => {
    expect(PARENT_STATUSES).toEqual(['draft', 'pending', 'in_progress', 'closed']);
    expect(WAITING_FOR).toEqual(['none', 'owner', 'contact']);
  });
});

describe('filterParams: cases', () => {
  it('maps every flag to its bracket param, in the spec order', () => {
    expect(
      filterParams(CASES, {
        contact: 'müller',
        contactEmail: 'ann@example.com',
        contactFamilyName: 'Doe',
        contactGivenName: 'Ann',
        workspace: 'acme-legal',
        owner: 'bob@example.com',
        reference: 'R-001',
        waitingFor: 'contact',
        archived: false,
        parentStatus: 'in_progress',
        status: 'Awaiting documents',
        template: U,
      }),
    ).toEqual([
      ['template[id]', U],
      ['status', 'Awaiting documents'],
      ['parent_status', 'in_progress'],
      ['archived', 'false'],
      ['waiting_for', 'contact'],
      ['reference', 'R-001'],
      ['owner[email]', 'bob@example.com'],
      ['workspace[slug]', 'acme-legal'],
      ['contact[given_name]', 'Ann'],
      ['contact[family_name]', 'Doe'],
      ['contact[email]', 'ann@example.com'],
      ['contact[search]', 'müller'],
    ]);
  });

  it('maps an owner UUID to owner[id] and a workspace UUID to workspace[id]', () => {
    expect(filterParams(CASES, { owner: U, workspace: U2, archived: true })).toEqual([
      ['archived', 'true'],
      ['owner[id]', U],
      ['workspace[id]', U2],
    ]);
  });

  it('ignores options that are not filters, and gives nothing for no flags', () => {
    const opts = { limit: 30, output: 'json', status: 'open' } as Parameters<typeof filterParams>[1];
    expect(filterParams(CASES, opts)).toEqual([['status', 'open']]);
    expect(filterParams(CASES, {})).toEqual([]);
  });

  it.each([
    [{ template: 'abc' }, 'invalid --template "abc": expected a UUID'],
    [
      { parentStatus: 'done' },
      'invalid --parent-status "done": expected one of draft, pending, in_progress, closed',
    ],
    [
      { parentStatus: 'Draft' },
      'invalid --parent-status "Draft": expected one of draft, pending, in_progress, closed',
    ],
    [{ waitingFor: 'anyone' }, 'invalid --waiting-for "anyone": expected one of none, owner, contact'],
    [
      { owner: 'bob' },
      'invalid --owner "bob": expected an e-mail address, part of one (no spaces), or a UUID',
    ],
    [
      { workspace: 'Acme Corp' },
      'invalid --workspace "Acme Corp": expected a UUID or a slug (lower-case letters, digits, - and _)',
    ],
    [
      { workspace: '-acme' },
      'invalid --workspace "-acme": expected a UUID or a slug (lower-case letters, digits, - and _)',
    ],
    [{ contactEmail: 'ann@' }, 'invalid --contact-email "ann@": expected an e-mail address'],
    [{ status: '' }, 'invalid --status "": expected a non-empty value'],
    [{ reference: '  ' }, 'invalid --reference "  ": expected a non-empty value'],
    [{ contactGivenName: '' }, 'invalid --contact-given-name "": expected a non-empty value'],
    [{ contactFamilyName: '' }, 'invalid --contact-family-name "": expected a non-empty value'],
    [{ contact: '' }, 'invalid --contact "": expected a non-empty value'],
  ])('refuses %j', (flags, message) => {
    expectUsage(() => filterParams(CASES, flags), message);
  });
});

describe('buildListQuery: part of an owner e-mail', () => {
  it('--owner alice is owner.email ilike %alice% (method 2); a whole e-mail stays owner[email]', () => {
    const filter = JSON.stringify({
      relationships: { owner: { attributes: { email: { $ilike: '%alice%' } } } },
    });
    expect(buildListQuery(CASES, { flags: { owner: 'alice' } })).toEqual([['filter', filter]]);
    expect(buildListQuery(FORMS, { flags: { owner: 'alice' } })).toEqual([['filter', filter]]);
    expect(buildListQuery(CASES, { flags: { owner: 'alice@acme.example' } })).toEqual([
      ['owner[email]', 'alice@acme.example'],
    ]);
    expectUsage(
      () => buildListQuery(CASES, { flags: { owner: 'al ice' } }),
      'invalid --owner "al ice": expected an e-mail address, part of one (no spaces), or a UUID',
    );
  });
});

describe('filterParams: case templates', () => {
  it('maps title, reference, archived, owner and workspace', () => {
    expect(
      filterParams(CASE_TEMPLATES, {
        workspace: U,
        owner: 'bob@example.com',
        archived: true,
        reference: 'T-9',
        title: 'Onboarding',
      }),
    ).toEqual([
      ['title', 'Onboarding'],
      ['reference', 'T-9'],
      ['archived', 'true'],
      ['owner[email]', 'bob@example.com'],
      ['workspace[id]', U],
    ]);
  });

  it('validates like cases', () => {
    expectUsage(
      () => filterParams(CASE_TEMPLATES, { title: '' }),
      'invalid --title "": expected a non-empty value',
    );
    expectUsage(
      () => filterParams(CASE_TEMPLATES, { owner: 'x@y' }),
      'invalid --owner "x@y": expected an e-mail address, part of one (no spaces), or a UUID',
    );
  });
});

describe('filterParams: forms', () => {
  it('maps every flag in the spec order', () => {
    expect(
      filterParams(FORMS, {
        processed: false,
        completed: true,
        active: true,
        archived: false,
        phone: '+33 6 12 34 56 78',
        email: 'ann@example.com',
        familyName: 'Doe',
        givenName: 'Ann',
        owner: 'bob@example.com',
        customization: U,
        flow: ['kyc'],
        workspace: 'acme',
      }),
    ).toEqual([
      ['workspace[slug]', 'acme'],
      ['flow[slug]', 'kyc'],
      ['flow[customization]', U],
      ['owner[email]', 'bob@example.com'],
      ['user[given_name]', 'Ann'],
      ['user[family_name]', 'Doe'],
      ['user[email]', 'ann@example.com'],
      ['user[phone]', '+33 6 12 34 56 78'],
      ['archived', 'false'],
      ['active', 'true'],
      ['completed', 'true'],
      ['processed', 'false'],
    ]);
  });

  it('sends one flow as flow[slug] and several as repeated flow[slug][]', () => {
    expect(filterParams(FORMS, { flow: 'kyc' })).toEqual([['flow[slug]', 'kyc']]);
    expect(filterParams(FORMS, { flow: ['kyc', 'intake', 'kyc'] })).toEqual([
      ['flow[slug][]', 'kyc'],
      ['flow[slug][]', 'intake'],
    ]);
    expect(filterParams(FORMS, { flow: [] })).toEqual([]);
  });

  it.each([
    [{ flow: ['kyc', ''] }, 'invalid --flow "": expected a non-empty value'],
    [{ customization: 'kyc-blue' }, 'invalid --customization "kyc-blue": expected a UUID'],
    [{ owner: U }, `invalid --owner "${U}": expected an e-mail address`],
    [{ email: 'ann' }, 'invalid --email "ann": expected an e-mail address'],
    [{ workspace: U }, `invalid --workspace "${U}": forms are filtered by workspace slug, not id`],
    [
      { workspace: 'Acme' },
      'invalid --workspace "Acme": expected a slug (lower-case letters, digits, - and _)',
    ],
    [{ givenName: '' }, 'invalid --given-name "": expected a non-empty value'],
    [{ familyName: '' }, 'invalid --family-name "": expected a non-empty value'],
    [{ phone: ' ' }, 'invalid --phone " ": expected a non-empty value'],
  ])('refuses %j', (flags, message) => {
    expectUsage(() => filterParams(FORMS, flags), message);
  });
});

describe('parseFilterJson', () => {
  it('returns a checked copy of a valid filter', () => {
    const text = JSON.stringify({
      attributes: { created_at: { $ge: '2026-01-01', $lt: '2026-02-01' }, archived_at: { $eq: null } },
      relationships: {
        owner: { id: { $eq: U }, attributes: { email: { $ilike: '%@acme.com' } } },
        template: { id: { $ne: U2 } },
      },
    });
    expect(parseFilterJson(text, CASES)).toEqual(JSON.parse(text));
  });

  it('passes $extends through with any value', () => {
    const text = '{"attributes":{"title":{"$extends":{"any":["thing"]},"$eq":"x"}}}';
    expect(parseFilterJson(text, CASES)).toEqual({
      attributes: { title: { $extends: { any: ['thing'] }, $eq: 'x' } },
    });
  });

  it('accepts any field and relation for forms (template-dependent)', () => {
    const text =
      '{"attributes":{"data.score":{"$gt":3}},"relationships":{"flow":{"attributes":{"slug":{"$eq":"kyc"}}}}}';
    expect(parseFilterJson(text, FORMS)).toEqual(JSON.parse(text));
  });

  it('accepts an empty object', () => {
    expect(parseFilterJson(' {} ', CASE_TEMPLATES)).toEqual({});
  });

  it.each([
    // No position in Node's message for an unexpected token: found by the longest incomplete prefix.
    ['{"attributes":{"created_at":}}', "invalid JSON at column 29: unexpected token '}'"],
    ['[1,]', "invalid JSON at column 4: unexpected token ']'"],
    ['{"a":tru}', "invalid JSON at column 9: unexpected token '}'"],
    ['[[],[],]', "invalid JSON at column 8: unexpected token ']'"],
    [
      // A long text, which Node quotes with "..." around the spot: only the offset comes from it.
      '{"attributes":{"title":{"$eq":"a long title, long enough"}},"x":[1,2,,3]}',
      "invalid JSON at column 70: unexpected token ','",
    ],
    // Positions from Node's "at position N".
    [
      '{"attributes":{"title":{"$eq":"x"}}',
      "invalid JSON at column 36: expected ',' or '}' after property value",
    ],
    ["{'attributes':{}}", "invalid JSON at column 2: expected property name or '}'"],
    ['{"a":1,}', 'invalid JSON at column 8: expected double-quoted property name'],
    ['{"a" 1}', "invalid JSON at column 6: expected ':' after property name"],
    ['{} x', 'invalid JSON at column 4: unexpected non-whitespace character after JSON'],
    ['{"a":"b\\x"}', 'invalid JSON at column 9: bad escaped character'],
    ['{"a":"\\u12"}', 'invalid JSON at column 11: bad Unicode escape'],
    ['{"a":"b', 'invalid JSON at column 8: unterminated string'],
    ['{"a":"b\tc"}', 'invalid JSON at column 8: bad control character in string literal'],
    ['{"a":01}', 'invalid JSON at column 7: unexpected number'],
    ['{"a":-}', 'invalid JSON at column 7: no number after minus sign'],
    // "Unexpected end of JSON input": the position is the end.
    ['', 'invalid JSON at column 1: unexpected end of JSON input'],
    ['{"a":nul', 'invalid JSON at column 9: unexpected end of JSON input'],
    [
      '{\n  "attributes": {\n    "title": {"$eq": "x",}\n  }\n}',
      'invalid JSON at line 3, column 26: expected double-quoted property name',
    ],
    ['{\n  "attributes": {\n', "invalid JSON at line 3, column 1: expected property name or '}'"],
    ['{\n  "a": [1,\n   ]}', "invalid JSON at line 3, column 4: unexpected token ']'"],
  ])('names the position of bad JSON %j', (text, problem) => {
    expectUsage(() => parseFilterJson(text, CASES), `--filter: ${problem}`);
  });

  it.each([
    ['[]', '--filter: expected a JSON object with attributes and/or relationships, got array'],
    ['null', '--filter: expected a JSON object with attributes and/or relationships, got null'],
    ['{"attribute":{}}', '--filter: unknown section "attribute" (expected attributes, relationships)'],
    ['{"attributes":[]}', '--filter: attributes: expected an object, got array'],
    [
      '{"attributes":{"created_at":{"$gte":"2026-01-01"}}}',
      `--filter: attributes.created_at: unknown operator "$gte" ${OPS}`,
    ],
    [
      '{"attributes":{"created_at":"2026-01-01"}}',
      '--filter: attributes.created_at: expected an object, got string',
    ],
    [
      '{"attributes":{"created_at":{}}}',
      '--filter: attributes.created_at: expected at least one operator ($eq $ne $gt $lt $ge $le $like $ilike)',
    ],
    [
      '{"attributes":{"title":{"$eq":["a","b"]}}}',
      '--filter: attributes.title.$eq: expected a string, number, boolean or null, got array',
    ],
    [
      '{"attributes":{"title":{"$ne":{"x":1}}}}',
      '--filter: attributes.title.$ne: expected a string, number, boolean or null, got object',
    ],
    [
      '{"attributes":{"archived_at":{"$gt":null}}}',
      '--filter: attributes.archived_at.$gt: null works only with $eq and $ne',
    ],
    [
      '{"attributes":{"title":{"$like":5}}}',
      '--filter: attributes.title.$like: expected a string pattern, got number',
    ],
    [
      '{"attributes":{"created_at":{"$le":true}}}',
      `--filter: attributes.created_at.$le: invalid value true for date field created_at (expected ${DATE})`,
    ],
    [
      '{"attributes":{"name":{"$eq":"x"}}}',
      '--filter: attributes.name: unknown field (expected one of id, title, status, parent_status, waiting_for, ' +
        'reference, archived_at, created_at, updated_at)',
    ],
    ['{"relationships":{"owner":[]}}', '--filter: relationships.owner: expected an object, got array'],
    ['{"relationships":{"owner":{}}}', '--filter: relationships.owner: expected attributes or id'],
    ['{"relationships":{"contact":{}}}', '--filter: relationships.contact: expected attributes'],
    [
      '{"relationships":{"team":{"id":{"$eq":"x"}}}}',
      '--filter: relationships.team: unknown relation (expected one of template, owner, workspace, contact)',
    ],
    [
      '{"relationships":{"owner":{"ids":{"$eq":"x"}}}}',
      '--filter: relationships.owner.ids: unknown key (expected attributes, id)',
    ],
    [
      '{"relationships":{"contact":{"id":{"$eq":"x"}}}}',
      '--filter: relationships.contact.id: unknown key (expected attributes)',
    ],
    [
      '{"relationships":{"owner":{"attributes":{"name":{"$eq":"x"}}}}}',
      '--filter: relationships.owner.attributes.name: unknown field (expected one of id, email)',
    ],
    [
      '{"relationships":{"owner":{"id":{"$in":["x"]}}}}',
      `--filter: relationships.owner.id: unknown operator "$in" ${OPS}`,
    ],
  ])('checks the shape of %s', (text, message) => {
    expectUsage(() => parseFilterJson(text, CASES), message);
  });

  it.each([
    [
      '{"attributes":{"title":{"$gt":"a"}}}',
      '--filter: attributes.title: operator $gt applies to numbers and dates only',
    ],
    [
      '{"attributes":{"waiting_for":{"$le":"owner"}}}',
      '--filter: attributes.waiting_for: operator $le applies to numbers and dates only',
    ],
    [
      '{"attributes":{"created_at":{"$like":"2026-%"}}}',
      '--filter: attributes.created_at: operator $like applies to string and e-mail fields only',
    ],
    [
      `{"attributes":{"id":{"$ilike":"${U}"}}}`,
      '--filter: attributes.id: operator $ilike applies to string and e-mail fields only',
    ],
    [
      '{"relationships":{"owner":{"attributes":{"email":{"$lt":"b"}}}}}',
      '--filter: relationships.owner.attributes.email: operator $lt applies to numbers and dates only',
    ],
    [
      '{"attributes":{"created_at":{"$gt":5}}}',
      `--filter: attributes.created_at.$gt: invalid value 5 for date field created_at (expected ${DATE})`,
    ],
    [
      '{"attributes":{"created_at":{"$ge":"2026-01-01T00:00:00+0100"}}}',
      '--filter: attributes.created_at.$ge: invalid value "2026-01-01T00:00:00+0100" for date field created_at ' +
        `(expected ${DATE})`,
    ],
    [
      '{"attributes":{"archived_at":{"$eq":"2026-02-30"}}}',
      `--filter: attributes.archived_at.$eq: invalid value "2026-02-30" for date field archived_at (expected ${DATE}, or null)`,
    ],
    [
      '{"attributes":{"title":{"$eq":true}}}',
      '--filter: attributes.title.$eq: invalid value true for string field title (expected a string, or null)',
    ],
    [
      '{"attributes":{"status":{"$ne":42}}}',
      '--filter: attributes.status.$ne: invalid value 42 for string field status (expected a string, or null)',
    ],
    [
      '{"relationships":{"template":{"id":{"$eq":"abc"}}}}',
      '--filter: relationships.template.id.$eq: invalid value "abc" for UUID field template.id (expected a UUID)',
    ],
    [
      '{"relationships":{"owner":{"attributes":{"id":{"$ne":"abc"}}}}}',
      '--filter: relationships.owner.attributes.id.$ne: invalid value "abc" for UUID field owner.id (expected a UUID)',
    ],
    [
      '{"attributes":{"id":{"$eq":null}}}',
      '--filter: attributes.id.$eq: invalid value null for UUID field id (expected a UUID)',
    ],
    [
      '{"attributes":{"parent_status":{"$eq":"done"}}}',
      '--filter: attributes.parent_status.$eq: invalid value "done" for enum field parent_status ' +
        '(expected one of draft, pending, in_progress, closed)',
    ],
    [
      '{"attributes":{"waiting_for":{"$ne":null}}}',
      '--filter: attributes.waiting_for.$ne: invalid value null for enum field waiting_for ' +
        '(expected one of none, owner, contact)',
    ],
    [
      '{"relationships":{"contact":{"attributes":{"email":{"$eq":"ann"}}}}}',
      '--filter: relationships.contact.attributes.email.$eq: invalid value "ann" for e-mail field contact.email ' +
        '(expected an e-mail address, or null)',
    ],
  ])('checks operators and values against the field type: %s', (text, message) => {
    expectUsage(() => parseFilterJson(text, CASES), message);
  });

  it('accepts values of the field type, as --where does', () => {
    const text = JSON.stringify({
      attributes: {
        title: { $like: '%kyc%', $ne: null },
        parent_status: { $ne: 'closed' },
        created_at: { $gt: '2026-01-01T00:00:00.123456789+01:00', $le: '2026-12-31' },
        updated_at: { $ne: null },
        id: { $ne: U },
      },
      relationships: {
        owner: { attributes: { email: { $ilike: '%@ACME.COM' }, id: { $eq: U2 } } },
        contact: { attributes: { email: { $eq: null } } },
      },
    });
    expect(parseFilterJson(text, CASES)).toEqual(JSON.parse(text));
  });

  it.each([
    [
      '{"attributes":{"archived":{"$eq":"true"}}}',
      '--filter: attributes.archived.$eq: invalid value "true" for boolean field archived (expected true or false)',
    ],
    [
      '{"attributes":{"active":{"$gt":true}}}',
      '--filter: attributes.active: operator $gt applies to numbers and dates only',
    ],
    [
      '{"attributes":{"score":{"$gt":"high"}}}',
      '--filter: attributes.score.$gt: expected a number or an ISO date, got "high"',
    ],
    [
      '{"attributes":{"score":{"$le":false}}}',
      '--filter: attributes.score.$le: expected a number or an ISO date, got false',
    ],
    [
      '{"attributes":{"score":{"$like":5}}}',
      '--filter: attributes.score.$like: expected a string pattern, got number',
    ],
    [
      '{"relationships":{"customer":{"id":{"$eq":"abc"}}}}',
      '--filter: relationships.customer.id.$eq: invalid value "abc" for UUID field customer.id (expected a UUID)',
    ],
    [
      '{"relationships":{"flow":{"attributes":{"id":{"$eq":"abc"}}}}}',
      '--filter: relationships.flow.attributes.id.$eq: invalid value "abc" for UUID field flow.id (expected a UUID)',
    ],
  ])('types the known fields of forms and the comparisons of template fields: %s', (text, message) => {
    expectUsage(() => parseFilterJson(text, FORMS), message);
  });

  it('lets template fields of forms take any equality value, and numbers or dates to compare', () => {
    const text =
      '{"attributes":{"score":{"$gt":3,"$le":"2026-01-31"},"tier":{"$eq":true,"$ne":"x","$like":"a%"},' +
      '"archived":{"$eq":false}},"relationships":{"flow":{"attributes":{"slug":{"$eq":7}}}}}';
    expect(parseFilterJson(text, FORMS)).toEqual(JSON.parse(text));
  });

  it('refuses exactly the operators --where refuses, field by field', () => {
    const samples: Record<string, string> = { date: '"2026-01-01"', uuid: `"${U}"`, boolean: 'true' };
    const fields: [string, string, string][] = [
      ['cases', 'title', 'string'],
      ['cases', 'parent_status', 'enum'],
      ['cases', 'created_at', 'date'],
      ['cases', 'id', 'uuid'],
      ['cases', 'owner.email', 'email'],
      ['forms', 'archived', 'boolean'],
      ['forms', 'score', 'template'],
    ];
    const ops: [string, string][] = [
      ['=', '$eq'],
      ['!=', '$ne'],
      ['>', '$gt'],
      ['>=', '$ge'],
      ['<', '$lt'],
      ['<=', '$le'],
      ['like', '$like'],
      ['ilike', '$ilike'],
    ];
    const refuses = (fn: () => unknown, pattern: RegExp) => {
      try {
        fn();
        return false;
      } catch (err) {
        return pattern.test((err as Error).message);
      }
    };
    for (const [resource, field, type] of fields) {
      const value = samples[type] ?? '"x"';
      for (const [whereOp, jsonOp] of ops) {
        const [rel, name] = field.includes('.') ? field.split('.') : [undefined, field];
        const condition = `{"${name}":{"${jsonOp}":${value}}}`;
        const json =
          rel === undefined
            ? `{"attributes":${condition}}`
            : `{"relationships":{"${rel}":{"attributes":${condition}}}}`;
        const r = R[resource as 'cases' | 'forms'];
        const where = refuses(() => compileWhere([`${field} ${whereOp} ${value}`], r), /does not apply/);
        const filter = refuses(() => parseFilterJson(json, r), /applies to .* only/);
        expect([field, whereOp, filter]).toEqual([field, whereOp, where]);
      }
    }
  });

  it('checks case template fields against their own list', () => {
    expectUsage(
      () => parseFilterJson('{"attributes":{"status":{"$eq":"x"}}}', CASE_TEMPLATES),
      '--filter: attributes.status: unknown field (expected one of id, title, reference, archived_at, created_at, updated_at)',
    );
    expectUsage(
      () => parseFilterJson('{"relationships":{"template":{"id":{"$eq":"x"}}}}', CASE_TEMPLATES),
      '--filter: relationships.template: unknown relation (expected one of owner, workspace)',
    );
  });

  it('still checks operators on forms', () => {
    expectUsage(
      () => parseFilterJson('{"attributes":{"anything":{"$gte":1}}}', FORMS),
      `--filter: attributes.anything: unknown operator "$gte" ${OPS}`,
    );
  });

  it('does not mistake Object.prototype members for relations, and keeps __proto__ as a key', () => {
    expectUsage(
      () => parseFilterJson('{"relationships":{"constructor":{"id":{"$eq":"x"}}}}', CASES),
      '--filter: relationships.constructor: unknown relation (expected one of template, owner, workspace, contact)',
    );
    const text = `{"attributes":{"__proto__":{"$eq":1}},"relationships":{"__proto__":{"id":{"$eq":"${U}"}}}}`;
    const filter = parseFilterJson(text, FORMS);
    expect(JSON.stringify(filter)).toBe(text);
    expect(JSON.stringify(mergeFilters(filter, { attributes: { a: { $eq: 2 } } }))).toBe(
      `{"attributes":{"__proto__":{"$eq":1},"a":{"$eq":2}},"relationships":{"__proto__":{"id":{"$eq":"${U}"}}}}`,
    );
  });

  it('refuses form templates, which take no filters', () => {
    expectUsage(
      () => parseFilterJson('{}', FORM_TEMPLATES),
      '--filter: form templates cannot be filtered (the API lists them with pagination and sort only)',
    );
  });
});

describe('mergeFilters', () => {
  it('returns undefined when there is no criterion', () => {
    expect(mergeFilters()).toBeUndefined();
    expect(mergeFilters(undefined, undefined)).toBeUndefined();
    expect(mergeFilters({}, undefined, {})).toBeUndefined();
  });

  it('ANDs fields, operators and relations, attributes first', () => {
    const a: JsonFilter = {
      relationships: { owner: { attributes: { email: { $ilike: '%@acme.com' } } } },
    };
    const b: JsonFilter = {
      attributes: { created_at: { $ge: '2026-01-01' } },
      relationships: { owner: { id: { $eq: U } }, template: { id: { $eq: U2 } } },
    };
    const c: JsonFilter = { attributes: { created_at: { $lt: '2026-02-01' }, title: { $eq: 'x' } } };
    expect(JSON.stringify(mergeFilters(a, undefined, b, c))).toBe(
      JSON.stringify({
        attributes: { created_at: { $ge: '2026-01-01', $lt: '2026-02-01' }, title: { $eq: 'x' } },
        relationships: {
          owner: { attributes: { email: { $ilike: '%@acme.com' } }, id: { $eq: U } },
          template: { id: { $eq: U2 } },
        },
      }),
    );
  });

  it('does not modify its inputs', () => {
    const a: JsonFilter = { attributes: { created_at: { $ge: '2026-01-01' } } };
    const b: JsonFilter = { attributes: { created_at: { $lt: '2026-02-01' } } };
    mergeFilters(a, b);
    expect(a).toEqual({ attributes: { created_at: { $ge: '2026-01-01' } } });
    expect(b).toEqual({ attributes: { created_at: { $lt: '2026-02-01' } } });
  });

  it('accepts the same operator with the same value, refuses two values', () => {
    const a: JsonFilter = { attributes: { status: { $eq: 'open' } } };
    expect(mergeFilters(a, { attributes: { status: { $eq: 'open' } } })).toEqual(a);
    expectUsage(
      () => mergeFilters(a, { attributes: { status: { $eq: 'closed' } } }),
      'conflicting filters: attributes.status.$eq is both "open" and "closed"',
    );
    expectUsage(
      () =>
        mergeFilters(
          { relationships: { owner: { id: { $eq: U } } } },
          { relationships: { owner: { id: { $eq: U2 } } } },
        ),
      `conflicting filters: relationships.owner.id.$eq is both "${U}" and "${U2}"`,
    );
    expectUsage(
      () =>
        mergeFilters(
          { relationships: { contact: { attributes: { email: { $eq: null } } } } },
          { relationships: { contact: { attributes: { email: { $eq: 'a@b.co' } } } } },
        ),
      'conflicting filters: relationships.contact.attributes.email.$eq is both null and "a@b.co"',
    );
  });
});

describe('checkSort', () => {
  it.each([
    ['cases', 'created_at'],
    ['cases', '-archived_at'],
    ['cases', 'waiting_for'],
    ['cases', '-parent_status'],
    ['case_templates', 'title'],
    ['case_templates', '-reference'],
    ['forms', '-created_at'],
    ['forms', 'updated_at'],
    ['forms', 'data.score'],
    ['forms', '-_custom'],
    ['form_templates', '-updated_at'],
  ] as const)('accepts %s %s', (resource, sort) => {
    expect(checkSort(R[resource], sort)).toBe(sort);
  });

  it.each([
    [
      'cases',
      'name',
      'invalid --sort "name": expected one of title, status, parent_status, waiting_for, reference, archived_at, created_at, updated_at; prefix - for descending',
    ],
    [
      'cases',
      '--created_at',
      'invalid --sort "--created_at": expected one of title, status, parent_status, waiting_for, reference, archived_at, created_at, updated_at; prefix - for descending',
    ],
    [
      'case_templates',
      'status',
      'invalid --sort "status": expected one of title, reference, archived_at, created_at, updated_at; prefix - for descending',
    ],
    [
      'form_templates',
      'title',
      'invalid --sort "title": expected one of created_at, updated_at; prefix - for descending',
    ],
    [
      'forms',
      'Created-At',
      'invalid --sort "Created-At": expected one of created_at, updated_at, status, user.given_name, user.family_name, user.email or a form template field; prefix - for descending',
    ],
    [
      'forms',
      '',
      'invalid --sort "": expected one of created_at, updated_at, status, user.given_name, user.family_name, user.email or a form template field; prefix - for descending',
    ],
    [
      'cases',
      '+title',
      'invalid --sort "+title": expected one of title, status, parent_status, waiting_for, reference, archived_at, created_at, updated_at; prefix - for descending',
    ],
  ] as const)('refuses %s %j', (resource, sort, message) => {
    expectUsage(() => checkSort(R[resource], sort), message);
  });
});

describe('buildListQuery', () => {
  it('combines method-1 params, the merged filter and the sort, in that order', () => {
    expect(
      buildListQuery(CASES, {
        flags: { parentStatus: 'pending', owner: 'bob@example.com' },
        filter:
          '{"relationships":{"template":{"id":{"$eq":"' +
          U +
          '"}}},"attributes":{"title":{"$ilike":"%kyc%"}}}',
        where: ['created_at >= 2026-01-01', "created_at < '2026-02-01'", 'contact.email ilike %@acme.com'],
        sort: '-updated_at',
      }),
    ).toEqual([
      ['parent_status', 'pending'],
      ['owner[email]', 'bob@example.com'],
      [
        'filter',
        '{"attributes":{"title":{"$ilike":"%kyc%"},"created_at":{"$ge":"2026-01-01T00:00:00.000Z","$lt":"2026-02-01"}},' +
          `"relationships":{"template":{"id":{"$eq":"${U}"}},"contact":{"attributes":{"email":{"$ilike":"%@acme.com"}}}}}`,
      ],
      ['sort', '-updated_at'],
    ]);
  });

  it('handles forms flags with several flows and a template-field sort', () => {
    expect(
      buildListQuery(FORMS, {
        flags: { flow: ['kyc', 'intake'], completed: true },
        where: ['score > 3'],
        sort: 'score',
      }),
    ).toEqual([
      ['flow[slug][]', 'kyc'],
      ['flow[slug][]', 'intake'],
      ['completed', 'true'],
      ['filter', '{"attributes":{"score":{"$gt":3}}}'],
      ['sort', 'score'],
    ]);
  });

  it('adds nothing for empty inputs: no flags, no clauses, an empty filter', () => {
    expect(buildListQuery(CASES, {})).toEqual([]);
    expect(buildListQuery(CASE_TEMPLATES, { flags: {}, where: [], filter: '{}' })).toEqual([]);
    expect(buildListQuery(FORM_TEMPLATES, { sort: '-created_at' })).toEqual([['sort', '-created_at']]);
  });

  it('refuses a conflict between --filter and --where', () => {
    expectUsage(
      () =>
        buildListQuery(CASES, {
          filter: '{"attributes":{"status":{"$eq":"open"}}}',
          where: ['status = closed'],
        }),
      'conflicting filters: attributes.status.$eq is both "open" and "closed"',
    );
  });

  it('passes errors of each part through', () => {
    expectUsage(
      () => buildListQuery(CASES, { flags: { waitingFor: 'me' } }),
      'invalid --waiting-for "me": expected one of none, owner, contact',
    );
    expectUsage(
      () => buildListQuery(CASES, { where: ['title >= a'] }),
      'invalid --where clause "title >= a": operator ">=" does not apply to string field title at column 7 (expected one of = != like ilike)',
    );
    expectUsage(
      () => buildListQuery(CASES, { sort: 'name' }),
      'invalid --sort "name": expected one of title, status, parent_status, waiting_for, reference, archived_at, created_at, updated_at; prefix - for descending',
    );
    expectUsage(
      () => buildListQuery(FORM_TEMPLATES, { where: ['created_at > 2026-01-01'] }),
      '--where: form templates cannot be filtered (the API lists them with pagination and sort only)',
    );
  });
});
