import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/core/errors.js';
import { flatten, getPath, parseFields, pickFields } from '../../../src/output/fields.js';

const form = {
  id: 'f_1',
  contact: { given_name: 'Jane', email: null },
  owner: { email: 'o@x.com', team: { name: 'Ops' } },
  flows: ['a', 'b'],
  data: {},
};

describe('getPath', () => {
  it('walks dot paths and returns undefined for missing steps', () => {
    expect(getPath(form, 'owner.team.name')).toBe('Ops');
    expect(getPath(form, 'contact.email')).toBeNull();
    expect(getPath(form, 'contact.email.domain')).toBeUndefined();
    expect(getPath(form, 'nope.x')).toBeUndefined();
    expect(getPath(form, 'flows.1')).toBe('b');
  });

  it('ignores inherited properties', () => {
    expect(getPath(form, 'constructor')).toBeUndefined();
  });
});

describe('flatten', () => {
  it('gives dot keys for leaves, keeping arrays and empty objects whole', () => {
    expect(flatten(form)).toEqual({
      id: 'f_1',
      'contact.given_name': 'Jane',
      'contact.email': null,
      'owner.email': 'o@x.com',
      'owner.team.name': 'Ops',
      flows: ['a', 'b'],
      data: {},
    });
  });
});

describe('pickFields', () => {
  it('keeps the nesting of the selected paths, missing ones as null', () => {
    expect(pickFields(form, ['id', 'owner.email', 'contact.phone', 'missing.deep'])).toEqual({
      id: 'f_1',
      owner: { email: 'o@x.com' },
      contact: { phone: null },
      missing: { deep: null },
    });
  });

  it('lets a whole object win over its own sub-paths, in either order, without touching the source', () => {
    const expected = { owner: { email: 'o@x.com', team: { name: 'Ops' } } };
    expect(pickFields(form, ['owner.email', 'owner'])).toEqual(expected);
    expect(pickFields(form, ['owner', 'owner.team.name'])).toEqual(expected);
    expect(form.owner).toEqual({ email: 'o@x.com', team: { name: 'Ops' } });
  });
});

describe('parseFields', () => {
  const known = ['id', 'title', 'owner', 'created_at'];

  it('splits, trims and de-duplicates', () => {
    expect(parseFields(' id, owner.email ,title,id,', known)).toEqual(['id', 'owner.email', 'title']);
  });

  it('rejects an unknown first segment, listing the valid fields', () => {
    expect(() => parseFields('id,stauts', known)).toThrow(
      new UsageError('unknown field "stauts" in --fields: expected one of id, title, owner, created_at'),
    );
    expect(() => parseFields('ownr.email', known)).toThrow(UsageError);
    expect(() => parseFields('ownr.email', known)).toThrow('unknown field "ownr.email"');
  });

  it('takes nested fields the command knows (for completion) and lists only the top-level ones', () => {
    const withParts = [...known, 'owner.id', 'owner.email'];
    expect(parseFields('owner.email,owner.team', withParts)).toEqual(['owner.email', 'owner.team']);
    expect(() => parseFields('owner.email,x', withParts)).toThrow(
      new UsageError('unknown field "x" in --fields: expected one of id, title, owner, created_at'),
    );
  });

  it('rejects empty path segments and empty lists', () => {
    expect(() => parseFields('owner..email', known)).toThrow(
      new UsageError('invalid field "owner..email" in --fields: write nested fields as owner.email'),
    );
    expect(() => parseFields(' , ', known)).toThrow(
      new UsageError('--fields needs at least one field name: expected some of id, title, owner, created_at'),
    );
  });
});
