/** `/v1/cases`: list, count, detail, create, update data, archive and unarchive. */
import * as z from 'zod';
import type { CollectionDef } from '../collection.js';
import { type Handler, ok, type RequestContext } from '../context.js';
import { dataIssues } from '../data-schema.js';
import { errorList, invalid } from '../errors.js';
import { type FilterField, param } from '../filter.js';
import { type Groupable, groupedCount } from '../group-counts.js';
import {
  type CaseLike,
  type CaseRecord,
  makeContact,
  PARENT_STATUSES,
  type Store,
  WAITING_FOR,
} from '../store.js';
import { parseBody, uuidString } from '../validation.js';
import { caseView, detailView } from '../views.js';
import { type Listing, queryListing } from './listing.js';
import { commonAttributes, commonParams, commonRelations, findOwn } from './shared.js';

const templateId: FilterField<CaseRecord> = { type: 'uuid', get: (r) => r.template.id };

/** Filters, relations and sort fields of `/cases` and `/cases/count`, per the spec. */
export const CASES: CollectionDef<CaseRecord> = {
  name: 'cases',
  params: {
    ...commonParams<CaseRecord>(),
    'template[id]': param.uuid((r) => r.template.id),
    status: param.exact((r) => r.status),
    parent_status: param.oneOf(PARENT_STATUSES, (r) => r.parentStatus),
    waiting_for: param.oneOf(WAITING_FOR, (r) => r.waitingFor),
    'contact[given_name]': param.exact((r) => r.contact?.given_name ?? null),
    'contact[family_name]': param.exact((r) => r.contact?.family_name ?? null),
    'contact[email]': param.email((r) => r.contact?.email ?? null),
    'contact[search]': param.search((r) => r.contact?.searchKey ?? null),
  },
  filter: {
    attributes: {
      ...commonAttributes<CaseRecord>(),
      status: { type: 'string', get: (r) => r.status },
      parent_status: { type: 'enum', values: PARENT_STATUSES, get: (r) => r.parentStatus },
      waiting_for: { type: 'enum', values: WAITING_FOR, get: (r) => r.waitingFor },
    },
    relationships: {
      template: { id: templateId, attributes: { id: templateId } },
      ...commonRelations<CaseRecord>(),
      // A contact is held inside its case: it has no id of its own.
      contact: {
        attributes: {
          given_name: { type: 'string', get: (r) => r.contact?.given_name ?? null },
          family_name: { type: 'string', get: (r) => r.contact?.family_name ?? null },
          email: { type: 'string', get: (r) => r.contact?.email ?? null },
        },
      },
    },
  },
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

const CreateCaseBody = z.strictObject({
  template: z.strictObject({ id: uuidString }),
  title: z.string().min(1),
  data: z.record(z.string(), z.unknown()).optional(),
  contact: z
    .strictObject({ given_name: z.string().min(1), family_name: z.string().min(1), email: z.email() })
    .optional(),
  reference: z.string().min(1).optional(),
});

/**
 * POST /v1/cases: creates a draft case from a template of the token's
 * workspace, owned by the token's user; 200 with the case, as the spec says.
 */
export const createCase: Handler = (req, { store, clock, newId }) => {
  const body = parseBody(CreateCaseBody, req.body);
  const workspace = req.auth.workspace;
  const template = store.find(body.template.id);
  // Another workspace's template is "not found" too, so its existence does not leak.
  if (!template?.isTemplate || template.workspace !== workspace) {
    throw invalid('Invalid request body', [
      { message: 'template not found', path: ['template', 'id'], type: 'invalid_value' },
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

const DataBody = z
  .record(z.string(), z.unknown())
  .refine((fields) => Object.keys(fields).length > 0, 'must be a non-empty object of data fields');

/** POST /v1/cases/{id}/data: merges the body's fields into the case's `data` (shallow). */
export const updateCaseData: Handler = (req, { store, clock }) => {
  const record = findCase(req, store, 'A case template has no data to update');
  const fields = parseBody(DataBody, req.body);
  const issues = dataIssues(record.template.schema, fields, []);
  if (issues.length > 0) throw invalid('Invalid data fields', issues);
  store.updateCase(record, { data: { ...record.data, ...fields }, updatedAt: clock.now() });
  return ok(detailView(record));
};

const ArchiveBody = z.strictObject({ archived: z.boolean() });

/**
 * POST /v1/cases/{id}: `{archived: true}` archives, `{archived: false}` restores.
 * Asking for the state a case is already in changes nothing (archived_at is kept).
 */
export const archiveCase: Handler = (req, { store, clock }) => {
  const record = findCase(req, store, 'A case template cannot be archived');
  const { archived } = parseBody(ArchiveBody, req.body);
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
