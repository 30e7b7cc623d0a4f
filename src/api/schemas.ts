/**
 * The client's checks of the API's answers, read from the shapes in src/resources/ (each written
 * once there), plus how an answer's wrapping is read. Lenient on purpose (record-check.ts):
 * unknown fields pass, and only the fields wfd relies on must be there, so a newer server does
 * not break an older client.
 *
 * Each schema is a getter that builds it on first use (`Case()`): a one-shot command checks one
 * answer, and building every schema up front would cost it more than that check.
 */
import * as z from 'zod/mini';
import { isRecord } from '../core/guards.js';
import { once } from '../core/once.js';
import { Count as CountShape, PageMeta } from '../resources/answers.js';
import { UploadedAttachment } from '../resources/attachments.js';
import { CASES } from '../resources/cases.js';
import { Job } from '../resources/document-intelligence.js';
import {
  FormTemplateOptions as FormTemplateOptionsShape,
  FormTemplateSteps as FormTemplateStepsShape,
} from '../resources/form-templates.js';
import {
  type Attachment as AttachmentShape,
  FORMS,
  Response,
  Signature as SignatureShape,
} from '../resources/forms.js';
import type { Infer, JsonSchema } from '../resources/schema.js';
import { Workspace as WorkspaceShape } from '../resources/shared.js';
import type { DetailOf, FieldDefs, ResourceDef } from '../resources/types.js';
import type { Lenient } from './lenient.js';
import { recordIssue } from './record-check.js';

/** A record of a resource as the client reads it (record-check.ts): every field its detail may have. */
export type RecordOf<F extends FieldDefs> = Lenient<DetailOf<F>, 'id' & keyof DetailOf<F>>;

/** An answer of `shape` as the client reads it: the `Key` fields are there, any other may be missing or null. */
export type AnswerOf<S, Key extends keyof Infer<S> = never> = Lenient<Infer<S>, Key>;

/**
 * The check of an answer of `shape` (src/resources/), by record-check.ts: the value is checked in
 * place and passes as it came; `required` names the fields that must be there (`a.b`: in each
 * `a`). A zod object would copy every record it checks: over a list of 80,000 cases that was a
 * third of all the list allocated (190 of 570 MB), and 7% of its time.
 */
function shapeSchema<T>(shape: JsonSchema, required: readonly string[]): z.ZodMiniType<T> {
  return z.unknown().check(
    z.superRefine((value, ctx) => {
      const issue = recordIssue(shape, required, value);
      if (issue) ctx.addIssue({ code: 'custom', input: value, ...issue });
    }),
  ) as z.ZodMiniType<T>;
}

// One schema per resource, whether a list or a single record asks for it.
const recordSchemas = new WeakMap<ResourceDef, z.ZodMiniType>();

/** A record of a resource, by its detail's shape: only its key is required. */
export function recordSchema<F extends FieldDefs>(resource: ResourceDef<F>): z.ZodMiniType<RecordOf<F>> {
  let schema = recordSchemas.get(resource);
  if (!schema) {
    schema = shapeSchema(resource.detail, [resource.key]);
    recordSchemas.set(resource, schema);
  }
  return schema as z.ZodMiniType<RecordOf<F>>;
}

export const Case = () => recordSchema(CASES);
export type Case = RecordOf<typeof CASES.fieldDefs>;

export const Form = () => recordSchema(FORMS);
export type Form = RecordOf<typeof FORMS.fieldDefs>;

/** A form as an export reads it: its responses, each with the attachments it lists, by their ids. */
export const FormFiles = once(() =>
  shapeSchema<FormFiles>(FORMS.detail, ['id', 'responses.id', 'responses.attachments.id']),
);
type FileOf = AnswerOf<typeof AttachmentShape, 'id'>;
type ResponseFiles = Omit<FormResponse, 'attachments'> & { attachments?: FileOf[] | null };
export type FormFiles = Omit<Form, 'responses'> & { responses?: ResponseFiles[] | null };

export const Workspace = once(() => shapeSchema<Workspace>(WorkspaceShape, ['id', 'slug', 'name']));
export type Workspace = AnswerOf<typeof WorkspaceShape, 'id' | 'slug' | 'name'>;

export const WorkspaceList = once(() => z.looseObject({ data: z.array(Workspace()) }));

/** A response to a form. */
export const FormResponse = once(() => shapeSchema<FormResponse>(Response, ['id']));
export type FormResponse = AnswerOf<typeof Response, 'id'>;

/** `/form_templates/{slug}/options`. */
export const FormTemplateOptions = once(() =>
  shapeSchema<AnswerOf<typeof FormTemplateOptionsShape>>(FormTemplateOptionsShape, []),
);

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
    shapeSchema<FormTemplateSteps>(FormTemplateStepsShape, []),
  ),
);
export type FormTemplateSteps = AnswerOf<typeof FormTemplateStepsShape>;

/** A signature's metadata. */
export const Signature = once(() => shapeSchema<Signature>(SignatureShape, ['id']));
export type Signature = AnswerOf<typeof SignatureShape, 'id'>;

/** The paginated collection envelope of the spec (src/core/paginate.ts): every list answer is checked so. */
export function envelope<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({ meta: pageMeta(), data: z.array(item) });
}
const pageMeta = once(() => shapeSchema(PageMeta, PageMeta.required ?? []));

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
  z.pipe(
    preprocess(
      (value) => {
        const v = value as {
          count?: unknown;
          data?: { count?: unknown };
          meta?: { total_count?: unknown };
        } | null;
        const count =
          typeof value === 'number' ? value : (v?.count ?? v?.data?.count ?? v?.meta?.total_count);
        return count === undefined ? value : { count };
      },
      shapeSchema<{ count: number }>(CountShape, ['count']),
    ),
    z.transform(({ count }) => count),
  ),
);

/**
 * An attachment as an upload answers it. wfd relies on the id, and reads the filename and size
 * where they are given.
 */
export type Attachment = AnswerOf<typeof UploadedAttachment, 'id'>;

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
    z.array(shapeSchema<Attachment>(UploadedAttachment, ['id'])).check(z.minLength(1)),
  ),
);

/**
 * A document-intelligence job. `status` is read as `pending`, `processing`, `completed` or
 * `failed` (any other is reported and waited on); a failed job's reason is read from `error`.
 */
export const DocIntelJob = once(() => shapeSchema<DocIntelJob>(Job, ['id', 'status']));
export type DocIntelJob = AnswerOf<typeof Job, 'id' | 'status'>;

/** zod's `preprocess`, which zod/mini leaves out: `transform` first, then `schema` checks its value. */
export function preprocess<T extends z.ZodMiniType>(transform: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(transform), schema);
}
