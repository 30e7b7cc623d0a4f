/** `/v1/case_templates`: the filterable list of case templates. */
import { CASE_TEMPLATES as CASE_TEMPLATE_TABLE } from '../../resources/case-templates.js';
import type { CollectionDef } from '../collection.js';
import { filterSchemaOf, param } from '../filter.js';
import type { TemplateRecord } from '../store.js';
import { templateView } from '../views.js';
import type { Listing } from './listing.js';
import { commonGetters, commonParams } from './shared.js';

/** How `/case_templates` selects and orders the sandbox's templates (what it takes: its table). */
export const CASE_TEMPLATES: CollectionDef<TemplateRecord> = {
  name: 'case_templates',
  resource: CASE_TEMPLATE_TABLE,
  params: {
    ...commonParams<TemplateRecord>(),
    title: param.contains((r) => r.title),
  },
  filter: filterSchemaOf(CASE_TEMPLATE_TABLE, commonGetters<TemplateRecord>()),
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
