import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  Count,
  DocIntelJob,
  envelope,
  Form,
  FormFiles,
  FormResponse,
  FormTemplateSteps,
  UploadedAttachments,
  Workspace,
} from '../../src/api/schemas.js';

/** The first issue of `value` against `schema`: where and why, or undefined when it holds. */
function issue(schema: z.ZodMiniType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const [first] = result.error.issues;
  return { path: first?.path, message: first?.message };
}

const META = { total_count: 1, total_pages: 1, page_size: 10, current_page: 1 };

describe('answers checked by the shapes of src/resources', () => {
  it('a workspace needs its id, slug and name', () => {
    expect(issue(Workspace(), { id: 'w', slug: 's', name: 'N', more: 1 })).toBeUndefined();
    expect(issue(Workspace(), { id: 'w', name: 'N' })).toEqual({
      path: ['slug'],
      message: 'Invalid input: expected string, received undefined',
    });
  });

  it("a page's meta is whole numbers, at least their minimum", () => {
    const page = envelope(Workspace());
    expect(issue(page, { meta: META, data: [] })).toBeUndefined();
    expect(issue(page, { meta: { ...META, total_count: -1 }, data: [] })).toEqual({
      path: ['meta', 'total_count'],
      message: 'Too small: expected number to be >=0',
    });
    expect(issue(page, { meta: { ...META, page_size: undefined }, data: [] })?.path).toEqual([
      'meta',
      'page_size',
    ]);
  });

  it('a count is read from each of its forms, and is a whole number', () => {
    for (const answer of [3, { count: 3 }, { data: { count: 3 } }, { meta: { total_count: 3 } }])
      expect(Count().parse(answer)).toBe(3);
    expect(issue(Count(), { count: 1.5 })?.path).toEqual(['count']);
    expect(issue(Count(), -1)?.message).toBe('Too small: expected number to be >=0');
  });

  it('an export has the ids of the responses and files it reads; a form shown needs only its own', () => {
    const response = { id: 'r', attachments: [{ id: 'a', filename: 'f.pdf', size: 3 }] };
    expect(issue(FormResponse(), response)).toBeUndefined();
    expect(issue(FormFiles(), { id: 'f', responses: [response] })).toBeUndefined();
    expect(issue(FormFiles(), { id: 'f', responses: [{ attachments: [] }] })).toEqual({
      path: ['responses', 0, 'id'],
      message: 'Invalid input: expected string, received undefined',
    });
    const noFileId = { id: 'f', responses: [response, { id: 'r2', attachments: [{ filename: 'g' }] }] };
    expect(issue(FormFiles(), noFileId)?.path).toEqual(['responses', 1, 'attachments', 0, 'id']);
    expect(issue(FormFiles(), { id: 'f', responses: null })).toBeUndefined();
    expect(issue(Form(), noFileId)).toBeUndefined();
    expect(issue(FormResponse(), { id: 'r', attachments: [{ id: 'a', size: -1 }] })?.path).toEqual([
      'attachments',
      0,
      'size',
    ]);
  });

  it('a job needs its id and status; a status wfd does not know still passes', () => {
    expect(issue(DocIntelJob(), { id: 'j', status: 'queued' })).toBeUndefined();
    expect(issue(DocIntelJob(), { id: 'j' })?.path).toEqual(['status']);
  });

  it("an upload answers at least one attachment; a template's steps are typed", () => {
    expect(UploadedAttachments().parse({ data: { id: 'a' } })).toEqual([{ id: 'a' }]);
    expect(issue(UploadedAttachments(), [])?.path).toEqual([]);
    expect(FormTemplateSteps().parse([{ title: 'One' }])).toEqual({ steps: [{ title: 'One' }] });
    expect(issue(FormTemplateSteps(), { steps: [{ fields: [{ required: 'yes' }] }] })?.path).toEqual([
      'steps',
      0,
      'fields',
      0,
      'required',
    ]);
  });
});
