/**
 * zod schemas of the API's resources. Lenient on purpose: unknown fields pass through
 * (`looseObject`), and only what wfd relies on is checked, so a newer server does not break
 * an older client. The sandbox may share these shapes; its behaviour comes from the spec.
 *
 * Each schema is a getter that builds it on first use (`Case()`): a one-shot command checks one
 * answer, and building every schema up front would cost it more than that check.
 */
import * as z from 'zod/mini';
import { isRecord } from '../core/guards.js';
import { once } from '../core/once.js';
import { CASES } from '../resources/cases.js';
import { FORMS } from '../resources/forms.js';
import type { DetailOf, FieldDefs, ResourceDef } from '../resources/types.js';
import type { Lenient } from './lenient.js';
import { recordIssue } from './record-check.js';

export const Workspace = once(() =>
  z.looseObject({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
  }),
);
export type Workspace = z.infer<ReturnType<typeof Workspace>>;

export const WorkspaceList = once(() => z.looseObject({ data: z.array(Workspace()) }));

/** A record of a resource as the client reads it (record-check.ts): every field its detail may have. */
export type RecordOf<F extends FieldDefs> = Lenient<DetailOf<F>, 'id' & keyof DetailOf<F>>;

// One schema per resource, whether a list or a single record asks for it.
const recordSchemas = new WeakMap<ResourceDef, z.ZodMiniType>();

/**
 * A record's schema from its resource's shape (record-check.ts): the record is checked in place
 * and passes as it came. A zod object would copy every record it checks: over a list of 80,000
 * cases that was a third of all the list allocated (190 of 570 MB), and 7% of its time.
 */
export function recordSchema<F extends FieldDefs>(resource: ResourceDef<F>): z.ZodMiniType<RecordOf<F>> {
  let schema = recordSchemas.get(resource);
  if (!schema) {
    schema = z.unknown().check(
      z.superRefine((value, ctx) => {
        const issue = recordIssue(resource.detail, resource.key, value);
        if (issue) ctx.addIssue({ code: 'custom', input: value, ...issue });
      }),
    );
    recordSchemas.set(resource, schema);
  }
  return schema as z.ZodMiniType<RecordOf<F>>;
}

export const Case = () => recordSchema(CASES);
export type Case = RecordOf<typeof CASES.fieldDefs>;

export const Form = () => recordSchema(FORMS);
export type Form = RecordOf<typeof FORMS.fieldDefs>;

/** A response to a form; its fields are "not shown" in the spec. */
export const FormResponse = once(() =>
  z.looseObject({
    id: z.string(),
    answers: z.optional(z.unknown()),
    attachments: z.optional(z.nullable(z.array(z.looseObject({})))),
    signatures: z.optional(z.nullable(z.array(z.looseObject({})))),
  }),
);
export type FormResponse = z.infer<ReturnType<typeof FormResponse>>;

/** `/form_templates/{slug}/options`: not shown in the spec, so anything object-shaped. */
export const FormTemplateOptions = once(() => z.looseObject({}));

const step = () =>
  z.looseObject({
    title: z.optional(z.nullable(z.string())),
    fields: z.optional(z.array(z.looseObject({}))),
  });

/**
 * `/form_templates/{slug}/steps`: `{steps: [...]}`; a bare array of steps, or one under `data`,
 * is read as the same thing (the spec does not show the shape).
 */
export const FormTemplateSteps = once(() =>
  preprocess(
    (value) => {
      if (Array.isArray(value)) return { steps: value };
      if (isRecord(value) && !('steps' in value) && Array.isArray(value.data)) {
        const { data, ...rest } = value;
        return { ...rest, steps: data };
      }
      return value;
    },
    z.looseObject({ steps: z.optional(z.array(step())) }),
  ),
);
export type FormTemplateSteps = z.infer<ReturnType<typeof FormTemplateSteps>>;

/** A signature's metadata; its fields are "not shown" in the spec. */
export const Signature = once(() => z.looseObject({ id: z.string() }));
export type Signature = z.infer<ReturnType<typeof Signature>>;

/** The `meta` of the spec's paginated envelope (src/core/paginate.ts), as every list answer is checked. */
const pageMeta = once(() =>
  z.looseObject({
    total_count: z.int().check(z.nonnegative()),
    total_pages: z.int().check(z.nonnegative()),
    page_size: z.int().check(z.positive()),
    current_page: z.int().check(z.positive()),
  }),
);

/** The paginated collection envelope of the spec. */
export function envelope<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({ meta: pageMeta(), data: z.array(item) });
}

/** A single resource, bare or wrapped in `{data: ...}` (the spec does not say which). */
export function single<T extends z.ZodMiniType>(item: T) {
  return preprocess((value) => {
    if (value && typeof value === 'object' && 'data' in value && !('id' in value)) {
      const data = (value as { data: unknown }).data;
      if (data && typeof data === 'object' && !Array.isArray(data)) return data;
    }
    return value;
  }, item);
}

/** `/count` answers: `{count}`, `{data: {count}}`, `{meta: {total_count}}` or a bare number. */
export const Count = once(() =>
  preprocess((value) => {
    if (typeof value === 'number') return value;
    const v = value as {
      count?: unknown;
      data?: { count?: unknown };
      meta?: { total_count?: unknown };
    } | null;
    return v?.count ?? v?.data?.count ?? v?.meta?.total_count ?? value;
  }, z.int().check(z.nonnegative())),
);

/**
 * An attachment; its fields are "not shown" in the spec. wfd relies on the id, and reads the
 * filename and size where they are given (a response's list of files, an upload's answer).
 */
export const Attachment = once(() =>
  z.looseObject({
    id: z.string(),
    filename: z.optional(z.nullable(z.string())),
    content_type: z.optional(z.nullable(z.string())),
    size: z.optional(z.nullable(z.int().check(z.nonnegative()))),
  }),
);
export type Attachment = z.infer<ReturnType<typeof Attachment>>;

/** The answer to an upload, as a list: `{data: [...]}`, a bare array, or one object, bare or under `data`. */
export const UploadedAttachments = once(() =>
  preprocess(
    (value) => {
      if (Array.isArray(value)) return value;
      if (isRecord(value) && !('id' in value) && 'data' in value) {
        return Array.isArray(value.data) ? value.data : [value.data];
      }
      return [value];
    },
    z.array(Attachment()).check(z.minLength(1)),
  ),
);

/** A form as an export reads it: its responses, each with the attachments it lists. */
export const FormFiles = once(() =>
  z.looseObject({
    id: z.string(),
    updated_at: z.optional(z.string()),
    responses: z.optional(
      z.nullable(
        z.array(
          z.looseObject({ id: z.string(), attachments: z.optional(z.nullable(z.array(Attachment()))) }),
        ),
      ),
    ),
  }),
);
export type FormFiles = z.infer<ReturnType<typeof FormFiles>>;

/**
 * A document-intelligence job; its fields are "not shown" in the spec. `status` is read as
 * `pending`, `processing`, `completed` or `failed` (any other is reported and waited on); a
 * failed job's reason is read from `error` (`{code, message}` or text).
 */
export const DocIntelJob = once(() =>
  z.looseObject({
    id: z.string(),
    status: z.string(),
    result: z.optional(z.unknown()),
    error: z.optional(z.unknown()),
  }),
);
export type DocIntelJob = z.infer<ReturnType<typeof DocIntelJob>>;

/** zod's `preprocess`, which zod/mini leaves out: `transform` first, then `schema` checks its value. */
export function preprocess<T extends z.ZodMiniType>(transform: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(transform), schema);
}
