/** `/v1/case_templates`: the paginated, filterable list of case templates. */
import type { CollectionDef } from '../collection.js';
import { type Handler, ok } from '../context.js';
import { param } from '../filter.js';
import { pageOf } from '../paging.js';
import type { TemplateRecord } from '../store.js';
import { templateView } from '../views.js';
import { commonAttributes, commonParams, commonRelations, queryRecords } from './shared.js';

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

/** GET /v1/case_templates: the paginated envelope of templates. */
export const listCaseTemplates: Handler = (req, services) => {
  const { store } = services;
  const templates = store.templatesIn(req.auth.workspace);
  const { query, results } = queryRecords(req, services, CASE_TEMPLATES, templates, store.version);
  return ok(pageOf(results, query.page, templateView));
};
