import { describe, expect, it } from 'vitest';
import { countRequest, listRequest } from '../../src/api/list.js';
import { Case } from '../../src/api/schemas.js';
import { CASE_TEMPLATES, CASES, FORM_TEMPLATES, FORMS, RESOURCES } from '../../src/resources/index.js';

const META = { total_count: 1, total_pages: 1, page_size: 10, current_page: 1 };

describe('listRequest and countRequest', () => {
  it('take the path from the table and the query as given, without page params', () => {
    expect(RESOURCES.map((resource) => listRequest(resource, []).path)).toEqual([
      '/cases',
      '/case_templates',
      '/forms',
      '/form_templates',
    ]);
    const { schema, ...request } = listRequest(CASE_TEMPLATES, [['sort', 'title']]);
    expect(request).toEqual({ method: 'GET', path: '/case_templates', query: [['sort', 'title']] });
    const { schema: count, ...counting } = countRequest(FORMS, [['archived', 'false']]);
    expect(counting).toEqual({ method: 'GET', path: '/forms/count', query: [['archived', 'false']] });
    expect(count?.().parse({ count: 3 })).toBe(3);
  });

  it("check each page's records as the table's fields say, and let other fields pass", () => {
    const schema = listRequest(FORM_TEMPLATES, []).schema!();
    const template = { id: 'f7', slug: 'kyc', title: null, extra: true };
    expect(schema.parse({ meta: META, data: [template] }).data).toEqual([template]);
    // The slug is the key of a form template: a page without it is not one.
    expect(schema.safeParse({ meta: META, data: [{ id: 'x' }] }).success).toBe(false);
    expect(
      listRequest(CASES, []).schema!().safeParse({ meta: META, data: [{ id: 'c', steps: 'x' }] }).success,
    ).toBe(false);
  });

  it('a record and a page of records are checked by one schema', () => {
    const row = { id: 'c', owner: { id: 3 } };
    expect(Case().safeParse(row).success).toBe(false);
    expect(listRequest(CASES, []).schema!().safeParse({ meta: META, data: [row] }).success).toBe(false);
    // --fields names the record's fields first, then the parts of its objects.
    expect(CASES.fields.filter((field) => !field.includes('.'))).toEqual(Object.keys(CASES.fieldDefs));
  });

  it('a record passes as it came (not a copy), and a refused one says where and why', () => {
    const row = { id: 'c', title: 'T', owner: { id: 'u', name: 'Ana' }, data: { x: 1 }, extra: [1] };
    const page = { meta: META, data: [row] };
    expect(listRequest(CASES, []).schema!().parse(page).data[0]).toBe(row);
    const issue = (value: unknown) => {
      const result = Case().safeParse(value);
      return result.success
        ? undefined
        : { path: result.error.issues[0]?.path, message: result.error.issues[0]?.message };
    };
    expect(issue(row)).toBeUndefined();
    expect(issue({ ...row, owner: { id: 3 } })).toEqual({
      path: ['owner', 'id'],
      message: 'Invalid input: expected string, received number',
    });
    expect(issue({ title: 'no id' })).toEqual({
      path: ['id'],
      message: 'Invalid input: expected string, received undefined',
    });
    expect(issue([row])?.message).toBe('Invalid input: expected object, received array');
    expect(issue({ ...row, archived_at: 5 })?.path).toEqual(['archived_at']);
    expect(issue({ ...row, contact: 'Ana' })?.message).toBe(
      'Invalid input: expected object, received string',
    );
    expect(issue({ ...row, steps: [{}, 2] })?.path).toEqual(['steps', 1]);
    // Only JSON types are checked: a value no enumeration names, a field no shape names, pass.
    expect(issue({ ...row, parent_status: 'on_hold', unknown: { any: 'value' } })).toBeUndefined();
    expect(issue({ ...row, is_template: 'yes' })?.path).toEqual(['is_template']);
    expect(issue({ ...row, template: { id: 'x', title: 5 } })?.path).toEqual(['template', 'title']);
    expect(issue({ ...row, archived_at: null, contact: null, owner: null })).toBeUndefined();
  });
});
