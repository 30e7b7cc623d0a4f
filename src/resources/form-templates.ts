/** Form templates (spec: "Form template"): listed with pagination and sort only. */
import type { RecordFields, ResourceDef } from './types.js';

/** A form template's top-level fields (spec: "Form template"): known by its slug. */
const FORM_TEMPLATE_RECORD = {
  id: 'any',
  slug: 'key',
  title: 'any',
  name: 'any',
  description: 'any',
  created_at: 'text',
  updated_at: 'text',
} as const satisfies RecordFields;

export const FORM_TEMPLATES: ResourceDef<typeof FORM_TEMPLATE_RECORD> = {
  name: 'form_templates',
  noun: 'form templates',
  filters: [],
  filterable: false,
  attributes: {},
  relations: {},
  openFields: false,
  sortable: ['created_at', 'updated_at'],
  openSort: false,
  record: FORM_TEMPLATE_RECORD,
  fields: Object.keys(FORM_TEMPLATE_RECORD),
  // The slug is what `forms create --template` and `form-templates steps` take.
  columns: [{ field: 'slug' }, { field: 'title' }, { field: 'updated_at', header: 'UPDATED', kind: 'time' }],
};

/**
 * Top-level fields of `/form_templates/{slug}/options` ("not shown" in the spec: the ones wfd
 * names in `--fields`; others still reach `-o json`).
 */
export const FORM_TEMPLATE_OPTION_FIELDS = [
  'slug',
  'languages',
  'default_language',
  'expiry_days',
  'reminder_days',
  'signature_required',
  'allow_attachments',
  'max_attachments',
  'customizations',
] as const;

/** Top-level fields of `/form_templates/{slug}/steps`. */
export const FORM_TEMPLATE_STEPS_FIELDS = ['slug', 'steps'] as const;
