/**
 * Deterministic forms-side seed data: form templates per workspace from the
 * catalog, and forms with responses, attachments and signatures. Templates come
 * from their own PRNG stream, so they do not change with the form count; forms
 * from another, so neither changes the case data.
 */

import { chance, createRng, pick, type Rng, randomInt, randomUuid } from '../random.js';
import { contactPool, END, START, splitByWorkspace } from '../seed.js';
import type { ContactRecord, OwnerRecord, Store, WorkspaceRecord } from '../store.js';
import { DAY } from '../time.js';
import { EVENTS, type WebhookMap } from '../webhooks/events.js';
import { FORM_TEMPLATE_CATALOG } from './catalog.js';
import type { FormRecord, FormTemplateRecord } from './records.js';
import { fillAnswers, sign, startResponse } from './respondent.js';
import { FormStore } from './store.js';

export interface FormSeedOptions {
  /** PRNG seed (integer). */
  seed: number;
  /** Forms in total across workspaces; the first workspace gets 80%. */
  forms: number;
}

/** The forms side of the seeded sandbox, for the workspaces and users of `store`. */
export function seedForms(store: Store, options: FormSeedOptions): FormStore {
  const forms = new FormStore();
  const fixed = createRng(options.seed ^ 0x0f0e7e17);
  const rng = createRng(options.seed ^ 0xf0a55eed);
  const contacts = contactPool();
  const workspaces = store.workspaces();
  const counts = splitByWorkspace(options.forms, workspaces.length);
  workspaces.forEach((workspace, i) => {
    const templates = seedTemplates(forms, fixed, workspace);
    const owners = store.membersOf(workspace);
    if (templates.length === 0 || owners.length === 0) return;
    const context = { workspace, owners, templates, contacts, webhooks: seededWebhooks(workspace) };
    for (let n = 0; n < counts[i]!; n++) seedForm(forms, rng, context);
  });
  return forms;
}

function seedTemplates(forms: FormStore, rng: Rng, workspace: WorkspaceRecord): FormTemplateRecord[] {
  return (FORM_TEMPLATE_CATALOG[workspace.slug] ?? []).map((seed, i) => {
    const createdAt = START + i * 3 * DAY + randomInt(rng, 0, DAY / 1000 - 1) * 1000;
    const template: FormTemplateRecord = {
      id: randomUuid(rng),
      slug: seed.slug,
      workspace,
      title: seed.title,
      description: seed.description,
      createdAt,
      updatedAt: createdAt + randomInt(rng, 0, 90) * DAY,
      options: seed.options,
      customizations: seed.customizations.map((name) => ({ id: randomUuid(rng), name })),
      steps: seed.steps,
    };
    forms.insertTemplate(template);
    return template;
  });
}

interface WorkspaceContext {
  workspace: WorkspaceRecord;
  owners: readonly OwnerRecord[];
  templates: readonly FormTemplateRecord[];
  contacts: readonly ContactRecord[];
  /** The webhook maps the few forms with receivers pick from. */
  webhooks: readonly WebhookMap[];
}

// Receivers on a reserved name: deliveries to them fail at once, without any network traffic.
function seededWebhooks(workspace: WorkspaceRecord): WebhookMap[] {
  const base = `https://hooks.example/${workspace.slug}`;
  return [
    { [`${base}/forms`]: ['forms:updated', 'forms:archived', 'forms:unarchived'] },
    { [`${base}/responses`]: ['responses:created', 'responses:completed'], [`${base}/all`]: EVENTS },
  ];
}

const STATUSES = ['draft', 'sent', 'opened', 'completed', 'expired'] as const;
// Percent of forms per status, in the order above.
const STATUS_WEIGHTS = [5, 25, 20, 40, 10];

function pickStatus(rng: Rng): (typeof STATUSES)[number] {
  let roll = rng() % 100;
  for (const [i, weight] of STATUS_WEIGHTS.entries()) {
    if (roll < weight) return STATUSES[i]!;
    roll -= weight;
  }
  return STATUSES[0];
}

function seedForm(forms: FormStore, rng: Rng, ws: WorkspaceContext): void {
  const template = pick(rng, ws.templates);
  const contact = pick(rng, ws.contacts);
  const status = pickStatus(rng);
  const completed = status === 'completed';
  const createdAt = START + randomInt(rng, 0, (END - START) / 1000) * 1000;
  const form: FormRecord = {
    id: randomUuid(rng),
    workspace: ws.workspace,
    owner: pick(rng, ws.owners),
    template,
    customization:
      template.customizations.length > 0 && chance(rng, 0.5) ? pick(rng, template.customizations).id : null,
    user: {
      given_name: contact.given_name,
      family_name: contact.family_name,
      email: contact.email,
      phone: chance(rng, 0.75) ? `+4930${randomInt(rng, 1_000_000, 9_999_999)}` : null,
    },
    createdAt,
    updatedAt: Math.min(END, createdAt + randomInt(rng, 0, 30 * 86_400) * 1000),
    status,
    archived: chance(rng, completed || status === 'expired' ? 0.25 : 0.03),
    active: status === 'sent' || status === 'opened',
    completed,
    processed: completed && chance(rng, 0.6),
    webhooks: chance(rng, 0.05) ? pick(rng, ws.webhooks) : {},
    responses: [],
  };
  forms.insertForm(form);
  const responses = completed
    ? randomInt(rng, 1, 3)
    : status === 'opened'
      ? randomInt(rng, 1, 2)
      : status === 'expired'
        ? randomInt(rng, 0, 1)
        : 0;
  // Responses are listed oldest first: start times are drawn, then used in order.
  const span = (form.updatedAt - form.createdAt) / 1000;
  const starts = Array.from({ length: responses }, () => form.createdAt + randomInt(rng, 0, span) * 1000);
  for (const startedAt of starts.sort((a, b) => a - b)) seedResponse(forms, rng, form, startedAt, completed);
}

// A completed form's responses are all completed, signed where the template asks for it. Files come
// later (attachments/seed.ts), spread over the completed responses of templates that take them.
function seedResponse(
  forms: FormStore,
  rng: Rng,
  form: FormRecord,
  startedAt: number,
  complete: boolean,
): void {
  const response = startResponse(forms, form, randomUuid(rng), startedAt);
  const completedAt = complete
    ? startedAt + randomInt(rng, 0, (form.updatedAt - startedAt) / 1000) * 1000
    : null;
  if (completedAt !== null && form.template.options.signature_required) {
    sign(forms, response, randomUuid(rng), completedAt);
  }
  forms.updateResponse(response, {
    answers: fillAnswers(response, complete, rng),
    completedAt,
    updatedAt: completedAt ?? startedAt,
  });
}
