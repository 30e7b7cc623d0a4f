/** `/v1/forms`: list, count (optionally grouped), detail with responses, create, update. */
import * as z from 'zod';
import type { CollectionDef } from '../collection.js';
import { type Handler, ok, type RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { param } from '../filter.js';
import type { FormChanges, FormRecord } from '../forms/records.js';
import type { FormStore } from '../forms/store.js';
import { formDetailView, formView } from '../forms/views.js';
import { type Groupable, groupedCount } from '../group-counts.js';
import { parseBody, uuidString } from '../validation.js';
import type { Delivery } from '../webhooks/deliveries.js';
import { EVENTS, type EventName } from '../webhooks/events.js';
import { type Listing, queryListing } from './listing.js';
import { findOwn } from './shared.js';

/** Filters, relations and sort fields of `/forms` and `/forms/count`. */
export const FORMS: CollectionDef<FormRecord> = {
  name: 'forms',
  params: {
    'workspace[slug]': param.exact((r) => r.workspace.slug),
    'flow[customization]': param.uuid((r) => r.customization),
    'owner[email]': param.email((r) => r.owner.email),
    'user[given_name]': param.exact((r) => r.user.given_name),
    'user[family_name]': param.exact((r) => r.user.family_name),
    'user[email]': param.email((r) => r.user.email),
    'user[phone]': param.exact((r) => r.user.phone),
    archived: param.bool((r) => r.archived),
    active: param.bool((r) => r.active),
    completed: param.bool((r) => r.completed),
    processed: param.bool((r) => r.processed),
  },
  listParams: {
    'flow[slug]': param.exact((r) => r.template.slug),
  },
  filter: {
    attributes: {
      id: { type: 'uuid', get: (r) => r.id },
      status: { type: 'string', get: (r) => r.status },
      archived: { type: 'boolean', get: (r) => r.archived },
      active: { type: 'boolean', get: (r) => r.active },
      completed: { type: 'boolean', get: (r) => r.completed },
      processed: { type: 'boolean', get: (r) => r.processed },
      created_at: { type: 'date', get: (r) => r.createdAt },
      updated_at: { type: 'date', get: (r) => r.updatedAt },
    },
    relationships: {
      // The spec names `email` as the owner's filter attribute; the id operator object names the
      // owner itself, which every form has (owner.id), as for cases.
      owner: {
        id: { type: 'uuid', get: (r) => r.owner.id },
        attributes: { email: { type: 'string', get: (r) => r.owner.email } },
      },
    },
  },
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

const MAX_WEBHOOK_URLS = 10;

const WebhookUrl = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine(isHttpUrl, 'must be an absolute http or https URL');

const Webhooks = z
  .record(
    WebhookUrl,
    z
      .array(z.enum(EVENTS))
      .min(1, 'must name at least one event')
      .refine((events) => new Set(events).size === events.length, 'must not name an event twice'),
  )
  .refine((map) => Object.keys(map).length <= MAX_WEBHOOK_URLS, `must have at most ${MAX_WEBHOOK_URLS} URLs`);

function isHttpUrl(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const { protocol, hostname } = new URL(text);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
}

const name = z.string().min(1).max(200);

const CreateFormBody = z.strictObject({
  flow: z.strictObject({ slug: z.string().min(1), customization: uuidString.optional() }),
  user: z.strictObject({
    email: z.email(),
    given_name: name.optional(),
    family_name: name.optional(),
    phone: z.string().min(1).max(32).optional(),
  }),
  webhooks: Webhooks.optional(),
});

/**
 * POST /v1/forms: sends a form of one of the workspace's templates to a user;
 * 201 with the form. Emits `forms:created`.
 */
export const createForm: Handler = (req, { forms, clock, newId, webhooks }) => {
  const body = parseBody(CreateFormBody, req.body);
  const workspace = req.auth.workspace;
  const template = forms.findTemplate(workspace, body.flow.slug);
  // Another workspace's template is "not found" too, so its existence does not leak.
  if (!template) {
    throw invalid(`Form template "${body.flow.slug}" not found`, [
      { message: 'form template not found', path: ['flow', 'slug'], type: 'invalid_value' },
    ]);
  }
  const customization = body.flow.customization?.toLowerCase() ?? null;
  if (customization !== null && !template.customizations.some((c) => c.id === customization)) {
    throw invalid('Invalid request body', [
      {
        message: `not a customization of form template "${template.slug}"`,
        path: ['flow', 'customization'],
        type: 'invalid_value',
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

const UpdateFormBody = z
  .strictObject({
    status: z.string().min(1).max(64).optional(),
    archived: z.boolean().optional(),
    active: z.boolean().optional(),
    completed: z.boolean().optional(),
    processed: z.boolean().optional(),
    webhooks: Webhooks.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'must hold at least one field to change');

/**
 * PATCH /v1/forms/{id}: changes the given fields only (`webhooks` is replaced
 * whole). When something changed: `updated_at` is now, and `forms:updated`
 * is emitted, followed by `forms:archived` or `forms:unarchived` when
 * `archived` flipped. Receivers are those of the form after the change.
 */
export const updateForm: Handler = (req, { forms, clock, webhooks }) => {
  const form = findForm(req, forms);
  const body = parseBody(UpdateFormBody, req.body);
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
