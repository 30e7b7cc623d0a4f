/** `/v1/cases`: list, count, detail, create, update data, archive and unarchive. */
import { NOT_FOUND_TYPE } from '../../resources/answers.js';
import { CASES as CASE_TABLE } from '../../resources/cases.js';
import { ArchiveBody, CaseDataBody, CreateCase } from '../../resources/operations.js';
import type { CollectionDef } from '../collection.js';
import { type Handler, ok, type RequestContext } from '../context.js';
import { dataIssues } from '../data-schema.js';
import { errorList, invalid } from '../errors.js';
import { filterSchemaOf, param } from '../filter.js';
import { type Groupable, groupedCount } from '../group-counts.js';
import { type CaseLike, type CaseRecord, makeContact, type Store } from '../store.js';
import { parseShape } from '../validation.js';
import { caseView, detailView } from '../views.js';
import { type Listing, queryListing } from './listing.js';
import { commonGetters, commonParams, findOwn } from './shared.js';

/** How `/cases` and `/cases/count` select and order the sandbox's cases (what they take: the table). */
export const CASES: CollectionDef<CaseRecord> = {
  name: 'cases',
  resource: CASE_TABLE,
  params: {
    ...commonParams<CaseRecord>(),
    'template[id]': param.uuid((r) => r.template.id),
    status: param.exact((r) => r.status),
    parent_status: param.exact((r) => r.parentStatus),
    waiting_for: param.exact((r) => r.waitingFor),
    'contact[given_name]': param.exact((r) => r.contact?.given_name ?? null),
    'contact[family_name]': param.exact((r) => r.contact?.family_name ?? null),
    'contact[email]': param.exact((r) => r.contact?.email ?? null),
    'contact[search]': param.search((r) => r.contact?.searchKey ?? null),
  },
  filter: filterSchemaOf(CASE_TABLE, {
    attributes: {
      ...commonGetters<CaseRecord>().attributes,
      status: (r) => r.status,
      parent_status: (r) => r.parentStatus,
      waiting_for: (r) => r.waitingFor,
    },
    relationships: {
      template: { id: (r) => r.template.id },
      ...commonGetters<CaseRecord>().relationships,
      // A contact is held inside its case: it has no id of its own.
      contact: {
        given_name: (r) => r.contact?.given_name ?? null,
        family_name: (r) => r.contact?.family_name ?? null,
        email: (r) => r.contact?.email ?? null,
      },
    },
  }),
  sortable: {
    created_at: (r) => r.createdAt,
    updated_at: (r) => r.updatedAt,
    title: (r) => r.title,
    status: (r) => r.status,
    parent_status: (r) => r.parentStatus,
    waiting_for: (r) => r.waitingFor,
    reference: (r) => r.reference,
    archived_at: (r) => r.archivedAt,
  },
  defaultSort: '-created_at',
};

/** GET /v1/cases: the workspace's cases, as list items. */
export const CASE_LISTING: Listing<CaseRecord> = {
  collection: CASES,
  records: ({ store }, workspace) => ({ records: store.casesIn(workspace), version: store.version }),
  view: caseView,
};

/** What `group_by` may name on cases: the stages and statuses, and who the case belongs to. */
const GROUPABLE: Groupable<CaseRecord> = {
  status: (r) => r.status,
  parent_status: (r) => r.parentStatus,
  waiting_for: (r) => r.waitingFor,
  archived: (r) => r.archivedAt !== null,
  'template.id': (r) => r.template.id,
  'owner.email': (r) => r.owner.email,
};

/**
 * GET /v1/cases/count: `{count}` of the cases matching the same filters as the list; with
 * `group_by=field[,field]` also `groups` (see group-counts.ts).
 */
export const countCases: Handler = (req, services) =>
  groupedCount(req, GROUPABLE, (query) => queryListing({ ...req, query }, services, CASE_LISTING).results);

/** GET /v1/cases/{id}: the case (or template) with steps and schema. */
export const getCase: Handler = (req, { store }) => ok(detailView(findRecord(req, store)));

/**
 * POST /v1/cases: creates a draft case from a template of the token's
 * workspace, owned by the token's user; 200 with the case, as the spec says.
 */
export const createCase: Handler = (req, { store, clock, newId }) => {
  const body = parseShape(CreateCase, req.body);
  const workspace = req.auth.workspace;
  const template = store.find(body.template.id);
  // Another workspace's template is "not found" too, so its existence does not leak.
  if (!template?.isTemplate || template.workspace !== workspace) {
    throw invalid('Invalid request body', [
      { message: 'template not found', path: ['template', 'id'], type: NOT_FOUND_TYPE },
    ]);
  }
  const issues = dataIssues(template.schema, body.data ?? {}, ['data']);
  if (issues.length > 0) throw invalid('Invalid request body', issues);
  const now = clock.now();
  const { contact } = body;
  const record: CaseRecord = {
    isTemplate: false,
    id: newId(),
    workspace,
    owner: req.auth.owner,
    template,
    title: body.title,
    status: 'new',
    parentStatus: 'draft',
    waitingFor: 'owner',
    reference: body.reference ?? store.nextReference(workspace),
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
    contact: contact ? makeContact(contact.given_name, contact.family_name, contact.email) : null,
    data: body.data ?? {},
  };
  store.insertCase(record);
  return ok(detailView(record));
};

/** POST /v1/cases/{id}/data: merges the body's fields into the case's `data` (shallow). */
export const updateCaseData: Handler = (req, { store, clock }) => {
  const record = findCase(req, store, 'A case template has no data to update');
  const fields = parseShape(CaseDataBody, req.body);
  const issues = dataIssues(record.template.schema, fields, []);
  if (issues.length > 0) throw invalid('Invalid data fields', issues);
  store.updateCase(record, { data: { ...record.data, ...fields }, updatedAt: clock.now() });
  return ok(detailView(record));
};

/**
 * POST /v1/cases/{id}: `{archived: true}` archives, `{archived: false}` restores.
 * Asking for the state a case is already in changes nothing (archived_at is kept).
 */
export const archiveCase: Handler = (req, { store, clock }) => {
  const record = findCase(req, store, 'A case template cannot be archived');
  const { archived } = parseShape(ArchiveBody, req.body);
  if (archived !== (record.archivedAt !== null)) {
    const now = clock.now();
    store.updateCase(record, { archivedAt: archived ? now : null, updatedAt: now });
  }
  return ok(detailView(record));
};

/**
 * The record named by the `id` path parameter.
 * @throws SandboxError 400 for a malformed UUID, 404 when unknown, 403 in another workspace
 */
function findRecord(req: RequestContext, store: Store): CaseLike {
  return findOwn(
    req,
    'Case',
    (id) => store.find(id),
    (record) => record.workspace,
  );
}

/** Like findRecord, but a template is refused with a 400 error-list saying `templateRefusal`. */
function findCase(req: RequestContext, store: Store, templateRefusal: string): CaseRecord {
  const record = findRecord(req, store);
  if (record.isTemplate) throw errorList('Bad Request', [templateRefusal]);
  return record;
}
