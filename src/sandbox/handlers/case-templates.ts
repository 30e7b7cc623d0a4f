/** `/v1/case_templates`: the filterable list of case templates. */
import type { CollectionDef } from '../collection.js';
import { param } from '../filter.js';
import type { TemplateRecord } from '../store.js';
import { templateView } from '../views.js';
import type { Listing } from './listing.js';
import { commonAttributes, commonParams, commonRelations } from './shared.js';

/** Filters, relations and sort fields of `/case_templates`, per the spec. */
export const CASE_TEMPLATES: CollectionDef<TemplateRecord> = {
  name: 'case_templates',
  params: {
    ...commonParams<TemplateRecord>(),
    title: param.contains((r) => r.title),
  },
  filter: {
    attributes: commonAttributes<TemplateRecord>(),
    relationships: commonRelations<TemplateRecord>(),
  },
  sortable: {
    created_at: (r) => r.createdAt,
    updated_at: (r) => r.updatedAt,
    title: (r) => r.title,
    reference: (r) => r.reference,
    archived_at: (r) => r.archivedAt,
  },
  defaultSort: '-created_at',
};

/** GET /v1/case_templates: the workspace's case templates. */
export const CASE_TEMPLATE_LISTING: Listing<TemplateRecord> = {
  collection: CASE_TEMPLATES,
  records: ({ store }, workspace) => ({ records: store.templatesIn(workspace), version: store.version }),
  view: templateView,
};
