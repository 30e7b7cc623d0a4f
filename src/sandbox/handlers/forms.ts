/** `/v1/forms`: list, count (optionally grouped), detail with responses, create, update. */
import { NOT_FOUND_TYPE } from '../../resources/answers.js';
import { FORMS as FORM_TABLE } from '../../resources/forms.js';
import { CreateForm, UpdateForm } from '../../resources/operations.js';
import type { CollectionDef } from '../collection.js';
import { type Handler, ok, type RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { filterSchemaOf, param } from '../filter.js';
import type { FormChanges, FormRecord } from '../forms/records.js';
import type { FormStore } from '../forms/store.js';
import { formDetailView, formView } from '../forms/views.js';
import { type Groupable, groupedCount } from '../group-counts.js';
import { parseShape } from '../validation.js';
import type { Delivery } from '../webhooks/deliveries.js';
import type { EventName } from '../webhooks/events.js';
import { type Listing, queryListing } from './listing.js';
import { findOwn } from './shared.js';

/** How `/forms` and `/forms/count` select and order the sandbox's forms (what they take: the table). */
export const FORMS: CollectionDef<FormRecord> = {
  name: 'forms',
  resource: FORM_TABLE,
  params: {
    'workspace[slug]': param.exact((r) => r.workspace.slug),
    'flow[customization]': param.uuid((r) => r.customization),
    'owner[email]': param.exact((r) => r.owner.email),
    'user[given_name]': param.exact((r) => r.user.given_name),
    'user[family_name]': param.exact((r) => r.user.family_name),
    'user[email]': param.exact((r) => r.user.email),
    'user[phone]': param.exact((r) => r.user.phone),
    archived: param.bool((r) => r.archived),
    active: param.bool((r) => r.active),
    completed: param.bool((r) => r.completed),
    processed: param.bool((r) => r.processed),
  },
  listParams: {
    'flow[slug]': param.exact((r) => r.template.slug),
  },
  filter: filterSchemaOf(FORM_TABLE, {
    attributes: {
      id: (r) => r.id,
      status: (r) => r.status,
      archived: (r) => r.archived,
      active: (r) => r.active,
      completed: (r) => r.completed,
      processed: (r) => r.processed,
      created_at: (r) => r.createdAt,
      updated_at: (r) => r.updatedAt,
    },
    relationships: { owner: { id: (r) => r.owner.id, email: (r) => r.owner.email } },
  }),
  // The spec's "further fields depending on the form template" are not shown: the same ones for every template.
  sortable: {
    created_at: (r) => r.createdAt,
    updated_at: (r) => r.updatedAt,
    status: (r) => r.status,
    'user.given_name': (r) => r.user.given_name,
    'user.family_name': (r) => r.user.family_name,
    'user.email': (r) => r.user.email,
  },
  defaultSort: '-created_at',
};

/** GET /v1/forms: the workspace's forms, without responses. */
export const FORM_LISTING: Listing<FormRecord> = {
  collection: FORMS,
  records: ({ forms }, workspace) => ({ records: forms.formsIn(workspace), version: forms.version }),
  view: formView,
};

/** What `group_by` may name, and how to read it from a form. */
const GROUPABLE: Groupable<FormRecord> = {
  status: (f) => f.status,
  archived: (f) => f.archived,
  active: (f) => f.active,
  completed: (f) => f.completed,
  processed: (f) => f.processed,
  'flow.slug': (f) => f.template.slug,
  'flow.customization': (f) => f.customization,
  'owner.email': (f) => f.owner.email,
};

/**
 * GET /v1/forms/count: `{count}` of the forms matching the list's filters; with
 * `group_by=field[,field]` also `groups` (see group-counts.ts).
 */
export const countForms: Handler = (req, services) =>
  groupedCount(req, GROUPABLE, (query) => queryListing({ ...req, query }, services, FORM_LISTING).results);

/** GET /v1/forms/{id}: the form with its responses. */
export const getForm: Handler = (req, { forms }) => ok(formDetailView(findForm(req, forms)));

/** The form named by the `id` path parameter: 400 malformed, 404 unknown, 403 in another workspace. */
function findForm(req: RequestContext, forms: FormStore): FormRecord {
  return findOwn(
    req,
    'Form',
    (id) => forms.findForm(id),
    (form) => form.workspace,
  );
}

/**
 * POST /v1/forms: sends a form of one of the workspace's templates to a user;
 * 201 with the form. Emits `forms:created`.
 */
export const createForm: Handler = (req, { forms, clock, newId, webhooks }) => {
  const body = parseShape(CreateForm, req.body);
  const workspace = req.auth.workspace;
  const template = forms.findTemplate(workspace, body.flow.slug);
  // Another workspace's template is "not found" too, so its existence does not leak.
  if (!template) {
    throw invalid(`Form template "${body.flow.slug}" not found`, [
      { message: 'form template not found', path: ['flow', 'slug'], type: NOT_FOUND_TYPE },
    ]);
  }
  const customization = body.flow.customization?.toLowerCase() ?? null;
  if (customization !== null && !template.customizations.some((c) => c.id === customization)) {
    throw invalid('Invalid request body', [
      {
        message: `not a customization of form template "${template.slug}"`,
        path: ['flow', 'customization'],
        type: NOT_FOUND_TYPE,
      },
    ]);
  }
  const now = clock.now();
  const { user } = body;
  const form: FormRecord = {
    id: newId(),
    workspace,
    owner: req.auth.owner,
    template,
    customization,
    user: {
      given_name: user.given_name ?? null,
      family_name: user.family_name ?? null,
      email: user.email,
      phone: user.phone ?? null,
    },
    createdAt: now,
    updatedAt: now,
    status: 'sent',
    archived: false,
    active: true,
    completed: false,
    processed: false,
    webhooks: body.webhooks ?? {},
    responses: [],
  };
  forms.insertForm(form);
  return {
    status: 201,
    body: formDetailView(form),
    deliveries: webhooks.emit(form, 'forms:created', formView(form)),
  };
};

/**
 * PATCH /v1/forms/{id}: changes the given fields only (`webhooks` is replaced
 * whole). When something changed: `updated_at` is now, and `forms:updated`
 * is emitted, followed by `forms:archived` or `forms:unarchived` when
 * `archived` flipped. Receivers are those of the form after the change.
 */
export const updateForm: Handler = (req, { forms, clock, webhooks }) => {
  const form = findForm(req, forms);
  const body = parseShape(UpdateForm, req.body);
  const changes: FormChanges = Object.fromEntries(
    Object.entries(body).filter(([key, value]) => !sameValue(form[key as keyof FormChanges], value)),
  );
  if (Object.keys(changes).length === 0) return ok(formDetailView(form));
  const archivedBefore = form.archived;
  forms.updateForm(form, { ...changes, updatedAt: clock.now() });
  const events: EventName[] = ['forms:updated'];
  if (form.archived !== archivedBefore) events.push(form.archived ? 'forms:archived' : 'forms:unarchived');
  const data = formView(form);
  const deliveries: Delivery[] = events.flatMap((event) => webhooks.emit(form, event, data));
  return { status: 200, body: formDetailView(form), deliveries };
};

// Flags and status compare as values; a webhooks map as its JSON (key order included).
function sameValue(current: unknown, next: unknown): boolean {
  return typeof next === 'object' ? JSON.stringify(current) === JSON.stringify(next) : current === next;
}
