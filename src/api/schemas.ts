/**
 * zod schemas of the API's resources. Lenient on purpose: unknown fields pass through
 * (`looseObject`), and only what wfd relies on is checked, so a newer server does not break
 * an older client. The sandbox may share these shapes; its behaviour comes from the spec.
 */
import { z } from 'zod';

export const Workspace = z.looseObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
});
export type Workspace = z.infer<typeof Workspace>;

export const WorkspaceList = z.looseObject({ data: z.array(Workspace) });

const Relation = z.looseObject({ id: z.string().optional() }).nullable().optional();

export const Case = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  status: z.string().nullable().optional(),
  parent_status: z.string().nullable().optional(),
  waiting_for: z.string().nullable().optional(),
  reference: z.string().nullable().optional(),
  archived_at: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  template: Relation,
  owner: Relation,
  workspace: Relation,
  contact: z.looseObject({}).nullable().optional(),
  steps: z.array(z.looseObject({})).optional(),
});
export type Case = z.infer<typeof Case>;

export const CaseTemplate = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  reference: z.string().nullable().optional(),
  archived_at: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type CaseTemplate = z.infer<typeof CaseTemplate>;

export const PageMeta = z.looseObject({
  total_count: z.number().int().nonnegative(),
  total_pages: z.number().int().nonnegative(),
  page_size: z.number().int().positive(),
  current_page: z.number().int().positive(),
});

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
