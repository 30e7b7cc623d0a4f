/** Form templates: listed with paging and sort only; their options and steps by slug. */
import { defineResource, field } from './define.js';
import { array, boolean, integer, named, nullable, object, oneOf, string } from './schema.js';
import { DateTime, Slug, Uuid } from './shared.js';

/** A form template's fields: known by its slug. */
export const FORM_TEMPLATE_FIELDS = {
  id: field(Uuid),
  slug: field(Slug),
  title: field(string()),
  description: field(nullable(string())),
  created_at: field(DateTime, { sort: true }),
  updated_at: field(DateTime, { sort: true }),
} as const;

export const FORM_TEMPLATES = defineResource({
  name: 'form_templates',
  noun: 'form templates',
  filters: [],
  filterable: false,
  fieldDefs: FORM_TEMPLATE_FIELDS,
  key: 'slug',
  openFields: false,
  openSort: false,
  // The slug is what `forms create --template` and `form-templates steps` take.
  columns: [{ field: 'slug' }, { field: 'title' }, { field: 'updated_at', header: 'UPDATED', kind: 'time' }],
});

const NOT_SHOWN = { 'x-not-shown': true } as const;

/** `/form_templates/{slug}/options`: a template's configuration. */
export const FormTemplateOptions = named(
  'FormTemplateOptions',
  object(
    {
      slug: Slug,
      languages: array(string()),
      default_language: string(),
      expiry_days: integer({ minimum: 0 }),
      reminder_days: array(integer({ minimum: 0 })),
      signature_required: boolean(),
      allow_attachments: boolean(),
      max_attachments: integer({ minimum: 0 }),
      customizations: array(object({ id: Uuid, name: string() }, { required: ['id', 'name'] })),
    },
    {
      required: ['slug', 'customizations'],
      description: "The options' fields: not shown in the contract; these are the sandbox's.",
      ...NOT_SHOWN,
    },
  ),
);

/** The kinds of field a template step asks for (not shown in the contract: the sandbox's). */
export const STEP_FIELD_TYPES = [
  'text',
  'email',
  'phone',
  'date',
  'number',
  'boolean',
  'choice',
  'file',
  'signature',
] as const;

/** `/form_templates/{slug}/steps`: a template's steps in order, with their fields. */
export const FormTemplateSteps = named(
  'FormTemplateSteps',
  object(
    {
      slug: Slug,
      steps: array(
        object(
          {
            position: integer({ minimum: 1 }),
            title: string(),
            fields: array(
              object(
                {
                  name: string(),
                  label: string(),
                  type: oneOf(STEP_FIELD_TYPES),
                  required: boolean(),
                  choices: array(string()),
                },
                { required: ['name', 'label', 'type', 'required'] },
              ),
            ),
          },
          { required: ['position', 'title', 'fields'] },
        ),
      ),
    },
    {
      required: ['slug', 'steps'],
      description: "The steps' fields: not shown in the contract; these are the sandbox's.",
      ...NOT_SHOWN,
    },
  ),
);

/** Top-level fields of `/form_templates/{slug}/options`, what `--fields` takes. */
export const FORM_TEMPLATE_OPTION_FIELDS = Object.keys(FormTemplateOptions.properties ?? {});

/** Top-level fields of `/form_templates/{slug}/steps`. */
export const FORM_TEMPLATE_STEPS_FIELDS = Object.keys(FormTemplateSteps.properties ?? {});
