/** What the cases verbs share: columns, known fields, the filter flag schema. */
import { z } from 'zod';
import type { Column } from '../../output/render.js';

export const CASE_FIELDS = [
  'id',
  'title',
  'status',
  'parent_status',
  'waiting_for',
  'reference',
  'archived_at',
  'created_at',
  'updated_at',
  'is_template',
  'template',
  'owner',
  'workspace',
  'contact',
  'data',
  'steps',
  'schema',
] as const;

export const CASE_COLUMNS: Column[] = [
  { field: 'id', kind: 'id' },
  { field: 'title' },
  { field: 'parent_status', header: 'STAGE', kind: 'status' },
  { field: 'status' },
  { field: 'waiting_for', header: 'WAITING FOR' },
  { field: 'contact.family_name', header: 'CONTACT' },
  { field: 'updated_at', header: 'UPDATED', kind: 'time' },
];

/** What `cases get` shows on a terminal; --json has everything. */
export const CASE_DETAIL_COLUMNS: Column[] = [
  { field: 'id', kind: 'id' },
  { field: 'title' },
  { field: 'reference' },
  { field: 'parent_status', kind: 'status' },
  { field: 'status' },
  { field: 'waiting_for' },
  { field: 'template.title' },
  { field: 'owner.email' },
  { field: 'contact.given_name' },
  { field: 'contact.family_name' },
  { field: 'contact.email' },
  { field: 'archived_at', kind: 'time' },
  { field: 'created_at', kind: 'time' },
  { field: 'updated_at', kind: 'time' },
];

export const STEP_COLUMNS: Column[] = [
  { field: 'position', header: '#' },
  { field: 'title' },
  { field: 'status', kind: 'status' },
];

/** The method-1 filter flags of `cases list` and `cases count`, as commander parsed them. */
export const CaseFilterFlags = z.object({
  template: z.string().optional(),
  status: z.string().optional(),
  parentStatus: z.string().optional(),
  archived: z.boolean().optional(),
  waitingFor: z.string().optional(),
  reference: z.string().optional(),
  owner: z.string().optional(),
  workspace: z.string().optional(),
  contactGivenName: z.string().optional(),
  contactFamilyName: z.string().optional(),
  contactEmail: z.string().optional(),
  contact: z.string().optional(),
});
export type CaseFilterFlags = z.infer<typeof CaseFilterFlags>;
