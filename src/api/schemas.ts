/**
 * zod schemas of the API's resources. Lenient on purpose: unknown fields pass through
 * (`looseObject`), and only what wfd relies on is checked, so a newer server does not break
 * an older client. The sandbox may share these shapes; its behaviour comes from the spec.
 */
import { z } from 'zod';
import { isRecord } from '../core/guards.js';
import { PageMeta } from '../core/paginate.js';
import { CASE_RECORD } from '../resources/cases.js';
import { FORM_RECORD } from '../resources/forms.js';
import type { FieldShape, RecordFields } from '../resources/types.js';

export const Workspace = z.looseObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
});
export type Workspace = z.infer<typeof Workspace>;

export const WorkspaceList = z.looseObject({ data: z.array(Workspace) });

/** The zod schema of each field shape of the resource tables (src/resources/types.ts). */
const SHAPES = {
  key: z.string(),
  text: z.string().optional(),
  'text-or-null': z.string().nullable().optional(),
  flag: z.boolean().nullable().optional(),
  relation: z.looseObject({ id: z.string().optional() }).nullable().optional(),
  object: z.looseObject({}).nullable().optional(),
  objects: z.array(z.looseObject({})).optional(),
} as const satisfies Record<Exclude<FieldShape, 'any'>, z.ZodType>;

/** The checked fields of a record: those whose shape is not `any`. */
type CheckedFields<F extends RecordFields> = {
  -readonly [K in keyof F as F[K] extends 'any' ? never : K]: (typeof SHAPES)[Exclude<F[K], 'any'>];
};

/** The lenient zod schema of a record whose fields a resource table declares. */
export type RecordSchema<F extends RecordFields> = z.ZodObject<CheckedFields<F>, z.core.$loose>;

// One schema per table, whether a list or a single record asks for it.
const recordSchemas = new WeakMap<RecordFields, z.ZodType>();

/**
 * A record's schema from its table's fields: each field checked as its shape says, in the
 * table's order; `any` fields are left out, as unknown ones pass anyway.
 */
export function recordSchema<F extends RecordFields>(fields: F): RecordSchema<F> {
  let schema = recordSchemas.get(fields);
  if (!schema) {
    const shape = Object.fromEntries(
      Object.entries(fields).flatMap(([name, shape]) => (shape === 'any' ? [] : [[name, SHAPES[shape]]])),
    );
    schema = z.looseObject(shape);
    recordSchemas.set(fields, schema);
  }
  return schema as unknown as RecordSchema<F>;
}

export const Case = recordSchema(CASE_RECORD);
export type Case = z.infer<typeof Case>;

export const Form = recordSchema(FORM_RECORD);
export type Form = z.infer<typeof Form>;

/** A response to a form; its fields are "not shown" in the spec. */
export const FormResponse = z.looseObject({
  id: z.string(),
  answers: z.unknown().optional(),
  attachments: z.array(z.looseObject({})).nullable().optional(),
  signatures: z.array(z.looseObject({})).nullable().optional(),
});
export type FormResponse = z.infer<typeof FormResponse>;

/** `/form_templates/{slug}/options`: not shown in the spec, so anything object-shaped. */
export const FormTemplateOptions = z.looseObject({});

const Step = z.looseObject({
  title: z.string().nullable().optional(),
  fields: z.array(z.looseObject({})).optional(),
});

/**
 * `/form_templates/{slug}/steps`: `{steps: [...]}`; a bare array of steps, or one under `data`,
 * is read as the same thing (the spec does not show the shape).
 */
export const FormTemplateSteps = z.preprocess(
  (value) => {
    if (Array.isArray(value)) return { steps: value };
    if (isRecord(value) && !('steps' in value) && Array.isArray(value.data)) {
      const { data, ...rest } = value;
      return { ...rest, steps: data };
    }
    return value;
  },
  z.looseObject({ steps: z.array(Step).optional() }),
);
export type FormTemplateSteps = z.infer<typeof FormTemplateSteps>;

/** A signature's metadata; its fields are "not shown" in the spec. */
export const Signature = z.looseObject({ id: z.string() });
export type Signature = z.infer<typeof Signature>;

/** The paginated collection envelope of the spec. */
export function envelope<T extends z.ZodType>(item: T) {
  return z.looseObject({ meta: PageMeta, data: z.array(item) });
}

/** A single resource, bare or wrapped in `{data: ...}` (the spec does not say which). */
export function single<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value && typeof value === 'object' && 'data' in value && !('id' in value)) {
      const data = (value as { data: unknown }).data;
      if (data && typeof data === 'object' && !Array.isArray(data)) return data;
    }
    return value;
  }, item);
}

/** `/count` answers: `{count}`, `{data: {count}}`, `{meta: {total_count}}` or a bare number. */
export const Count = z.preprocess((value) => {
  if (typeof value === 'number') return value;
  const v = value as { count?: unknown; data?: { count?: unknown }; meta?: { total_count?: unknown } } | null;
  return v?.count ?? v?.data?.count ?? v?.meta?.total_count ?? value;
}, z.number().int().nonnegative());

/**
 * An attachment; its fields are "not shown" in the spec. wfd relies on the id, and reads the
 * filename and size where they are given (a response's list of files, an upload's answer).
 */
export const Attachment = z.looseObject({
  id: z.string(),
  filename: z.string().nullable().optional(),
  content_type: z.string().nullable().optional(),
  size: z.number().int().nonnegative().nullable().optional(),
});
export type Attachment = z.infer<typeof Attachment>;

/** The answer to an upload, as a list: `{data: [...]}`, a bare array, or one object, bare or under `data`. */
export const UploadedAttachments = z.preprocess((value) => {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && !('id' in value) && 'data' in value) {
    return Array.isArray(value.data) ? value.data : [value.data];
  }
  return [value];
}, z.array(Attachment).min(1));

/** A form as an export reads it: its responses, each with the attachments it lists. */
export const FormFiles = z.looseObject({
  id: z.string(),
  updated_at: z.string().optional(),
  responses: z
    .array(z.looseObject({ id: z.string(), attachments: z.array(Attachment).nullable().optional() }))
    .nullable()
    .optional(),
});
export type FormFiles = z.infer<typeof FormFiles>;

/**
 * A document-intelligence job; its fields are "not shown" in the spec. `status` is read as
 * `pending`, `processing`, `completed` or `failed` (any other is reported and waited on); a
 * failed job's reason is read from `error` (`{code, message}` or text).
 */
export const DocIntelJob = z.looseObject({
  id: z.string(),
  status: z.string(),
  result: z.unknown().optional(),
  error: z.unknown().optional(),
});
export type DocIntelJob = z.infer<typeof DocIntelJob>;
