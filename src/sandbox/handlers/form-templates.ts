/** `/v1/form_templates`: the list, and one template's options and steps by slug. */
import { FORM_TEMPLATES as FORM_TEMPLATE_TABLE } from '../../resources/form-templates.js';
import type { CollectionDef } from '../collection.js';
import { type Handler, ok, type RequestContext, type Services } from '../context.js';
import { standardError } from '../errors.js';
import type { FormTemplateRecord } from '../forms/records.js';
import { formTemplateView, templateOptionsView, templateStepsView } from '../forms/views.js';
import type { Listing } from './listing.js';

/** `/form_templates` takes paging and sort only: no filter of either method. */
export const FORM_TEMPLATES: CollectionDef<FormTemplateRecord> = {
  name: 'form_templates',
  resource: FORM_TEMPLATE_TABLE,
  params: {},
  sortable: {
    created_at: (r) => r.createdAt,
    updated_at: (r) => r.updatedAt,
  },
  defaultSort: '-created_at',
};

/** GET /v1/form_templates: the workspace's form templates. */
export const FORM_TEMPLATE_LISTING: Listing<FormTemplateRecord> = {
  collection: FORM_TEMPLATES,
  records: ({ forms }, workspace) => ({ records: forms.templatesIn(workspace), version: forms.version }),
  view: formTemplateView,
};

/** GET /v1/form_templates/{slug}/options */
export const getFormTemplateOptions: Handler = (req, services) =>
  ok(templateOptionsView(findTemplate(req, services)));

/** GET /v1/form_templates/{slug}/steps */
export const getFormTemplateSteps: Handler = (req, services) =>
  ok(templateStepsView(findTemplate(req, services)));

/** The token's workspace's template named by the `slug` path parameter; 404 when it has none. */
function findTemplate(req: RequestContext, { forms }: Services): FormTemplateRecord {
  const slug = req.params.slug!;
  const template = forms.findTemplate(req.auth.workspace, slug);
  if (!template) throw standardError(404, `Form template "${slug}" not found`);
  return template;
}
