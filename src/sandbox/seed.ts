/**
 * Deterministic seed data. The same seed gives the same workspaces, tokens,
 * templates and cases on every run; workspaces, tokens, owners and templates
 * come from their own PRNG stream, so they do not change with the case count.
 */

import { chance, createRng, pick, type Rng, randomHex, randomInt, randomUuid } from './random.js';
import {
  type CaseRecord,
  type ContactRecord,
  type DataSchema,
  makeContact,
  type OwnerRecord,
  type ParentStatus,
  Store,
  type TemplateRecord,
  type WaitingFor,
  type WorkspaceRecord,
} from './store.js';
import { foldText } from './text.js';
import { type Clock, DAY, realTime } from './time.js';

export interface SeedOptions {
  /** PRNG seed (integer). */
  seed: number;
  /** Cases in total across workspaces; the first workspace gets 80%. */
  cases: number;
  /** When tokens expire (default: real time). */
  clock?: Clock;
}

// Seeded timestamps live in this fixed range, never relative to now, so runs are reproducible.
export const START = Date.UTC(2025, 0, 1);
export const END = Date.UTC(2026, 9, 31, 23, 59, 59);
/** The days of the range as `YYYY-MM-DD`, for date fields of case data. */
const DATES = Array.from({ length: Math.floor((END - START) / DAY) + 1 }, (_, i) =>
  new Date(START + i * DAY).toISOString().slice(0, 10),
);

type FieldKind = 'number' | 'date' | 'boolean' | readonly string[];

interface TemplateSeed {
  title: string;
  steps: readonly string[];
  fields: Readonly<Record<string, FieldKind>>;
  archived?: boolean;
}

interface WorkspaceSeed {
  slug: string;
  name: string;
  owners: ReadonlyArray<readonly [name: string, email: string, locale: string]>;
  templates: readonly TemplateSeed[];
}

const WORKSPACES: readonly WorkspaceSeed[] = [
  {
    slug: 'acme',
    name: 'Acme Corporation',
    owners: [
      ['Alice Martin', 'alice.martin@acme.example', 'fr-FR'],
      ['Bruno Costa', 'bruno.costa@acme.example', 'pt-BR'],
      ['Chiara Rossi', 'chiara.rossi@acme.example', 'it-IT'],
    ],
    templates: [
      {
        title: 'Employee onboarding',
        steps: ['Collect documents', 'Sign contract', 'Set up accounts'],
        fields: { start_date: 'date', department: ['sales', 'engineering', 'finance'], remote: 'boolean' },
      },
      {
        title: 'Insurance claim',
        steps: ['Report incident', 'Assess damage', 'Decide', 'Pay out'],
        fields: { amount: 'number', incident_date: 'date', category: ['vehicle', 'home', 'travel'] },
      },
      {
        title: 'Supplier due diligence',
        steps: ['Questionnaire', 'Risk review', 'Approval'],
        fields: { risk_score: 'number', country: ['DE', 'FR', 'PL', 'SE', 'ES', 'CZ'] },
      },
      {
        title: 'Loan application',
        steps: ['Application', 'Credit check', 'Offer', 'Signature'],
        fields: { amount: 'number', term_months: 'number', secured: 'boolean' },
      },
      {
        title: 'Contract renewal',
        steps: ['Review terms', 'Negotiate', 'Sign'],
        fields: { renewal_date: 'date', auto_renew: 'boolean' },
        archived: true,
      },
    ],
  },
  {
    slug: 'globex',
    name: 'Globex Inc.',
    owners: [
      ['Hank Scorpio', 'hank.scorpio@globex.example', 'en-US'],
      ['Dana Kim', 'dana.kim@globex.example', 'en-GB'],
    ],
    templates: [
      {
        title: 'Customer complaint',
        steps: ['Intake', 'Investigate', 'Resolve'],
        fields: { severity: ['low', 'medium', 'high'], product: ['widget', 'gadget'] },
      },
      {
        title: 'Permit request',
        steps: ['Submit', 'Review', 'Decision'],
        fields: { site: ['north', 'south'], valid_from: 'date' },
      },
      {
        title: 'Equipment purchase',
        steps: ['Request', 'Approve', 'Order'],
        fields: { amount: 'number', urgent: 'boolean' },
        archived: true,
      },
    ],
  },
];

// Non-ASCII names on purpose: contact[search] must match them accent-insensitively.
const GIVEN_NAMES = [
  'José',
  'Zoë',
  'Łukasz',
  'Renée',
  'François',
  'Søren',
  'Björn',
  'Maëlle',
  'Jürgen',
  'Inês',
  'Anna',
  'John',
  'Mary',
  'Chloé',
  'Ahmet',
  'Lucía',
];
const FAMILY_NAMES = [
  'Müller',
  'Ångström',
  'Nuñez',
  'Dvořák',
  'García',
  "O'Brien",
  'Smith',
  'Kowalski',
  'Øberg',
  'Lefèvre',
  'Novák',
  'Weiß',
  'Yılmaz',
  'Brontë',
  'Chen',
  'Jönsson',
];

const STATUSES: Readonly<Record<ParentStatus, readonly string[]>> = {
  draft: ['new'],
  pending: ['submitted', 'awaiting_documents'],
  in_progress: ['in_review', 'processing', 'on_hold'],
  closed: ['approved', 'rejected', 'completed'],
};

/** Builds a store filled with the seeded data. */
export function seedStore(options: SeedOptions): Store {
  const store = new Store(options.clock ?? realTime());
  const fixed = createRng(options.seed);
  const workspaces = WORKSPACES.map((seed) => seedWorkspace(store, fixed, seed));
  // The first owner of acme is also a member of globex, so the OAuth authorize page has a choice to offer.
  store.addMember(workspaces[1]!.workspace, workspaces[0]!.owners[0]!);
  const contacts = contactPool();
  const rng = createRng(options.seed ^ 0x5eed5eed);
  const counts = splitByWorkspace(options.cases, workspaces.length);
  workspaces.forEach((ws, i) => {
    for (let n = 0; n < counts[i]!; n++) store.insertCase(seedCase(store, rng, ws, contacts));
  });
  return store;
}

interface SeededWorkspace {
  workspace: WorkspaceRecord;
  owners: readonly OwnerRecord[];
  templates: readonly SeededTemplate[];
}

// Per template, what its cases share, made once: keeps seeding 100,000 cases fast and small.
interface SeededTemplate {
  record: TemplateRecord;
  fields: ReadonlyArray<readonly [string, FieldKind]>;
  /** Case titles by contact index, filled on first use. */
  titles: string[];
}

function seedWorkspace(store: Store, rng: Rng, seed: WorkspaceSeed): SeededWorkspace {
  const workspace: WorkspaceRecord = { id: randomUuid(rng), slug: seed.slug, name: seed.name };
  store.addWorkspace(workspace);
  const owners = seed.owners.map(([name, email, locale]) => ({ id: randomUuid(rng), email, name, locale }));
  for (const owner of owners) store.addMember(workspace, owner);
  store.addToken({ token: `wfd_${randomHex(rng, 4)}`, workspace, owner: owners[0]!, revoked: false });
  const templates = seed.templates.map((t, i) => {
    const createdAt = START + i * DAY + randomInt(rng, 0, DAY / 1000 - 1) * 1000;
    const template: TemplateRecord = {
      isTemplate: true,
      id: randomUuid(rng),
      workspace,
      owner: pick(rng, owners),
      title: t.title,
      reference: `TPL-${seed.slug.toUpperCase()}-${String(i + 1).padStart(2, '0')}`,
      createdAt,
      updatedAt: createdAt + randomInt(rng, 0, 30) * DAY,
      archivedAt: t.archived ? Date.UTC(2025, 5, 30, 12) : null,
      steps: t.steps,
      schema: dataSchema(t.fields),
    };
    store.insertTemplate(template);
    return { record: template, fields: Object.entries(t.fields), titles: [] };
  });
  return { workspace, owners, templates };
}

function seedCase(
  store: Store,
  rng: Rng,
  ws: SeededWorkspace,
  contacts: readonly ContactRecord[],
): CaseRecord {
  const seeded = pick(rng, ws.templates);
  const template = seeded.record;
  const contactIndex = rng() % contacts.length;
  const contact = contacts[contactIndex]!;
  seeded.titles[contactIndex] ??= `${template.title}: ${contact.given_name} ${contact.family_name}`;
  const parentStatus = pickParentStatus(rng);
  const createdAt = START + randomInt(rng, 0, (END - START) / 1000) * 1000;
  let updatedAt = Math.min(END, createdAt + randomInt(rng, 0, 60 * 86_400) * 1000);
  let archivedAt: number | null = null;
  if (chance(rng, parentStatus === 'closed' ? 0.5 : 0.03)) {
    archivedAt = updatedAt + randomInt(rng, 0, (END - updatedAt) / 1000) * 1000;
    updatedAt = archivedAt;
  }
  return {
    isTemplate: false,
    id: randomUuid(rng),
    workspace: ws.workspace,
    owner: pick(rng, ws.owners),
    template,
    title: seeded.titles[contactIndex],
    status: pick(rng, STATUSES[parentStatus]),
    parentStatus,
    waitingFor: pickWaitingFor(rng, parentStatus),
    reference: store.nextReference(ws.workspace),
    createdAt,
    updatedAt,
    archivedAt,
    contact,
    data: seedData(rng, seeded.fields),
  };
}

function pickParentStatus(rng: Rng): ParentStatus {
  const roll = rng() % 10;
  if (roll === 0) return 'draft';
  if (roll <= 2) return 'pending';
  if (roll <= 6) return 'in_progress';
  return 'closed';
}

function pickWaitingFor(rng: Rng, parentStatus: ParentStatus): WaitingFor {
  if (parentStatus === 'closed') return 'none';
  if (parentStatus === 'draft') return 'owner';
  return pick(rng, ['none', 'owner', 'contact'] as const);
}

function seedData(rng: Rng, fields: SeededTemplate['fields']): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [name, kind] of fields) {
    if (typeof kind !== 'string') data[name] = pick(rng, kind);
    else if (kind === 'number') data[name] = randomInt(rng, 1, 500) * 100;
    else if (kind === 'boolean') data[name] = chance(rng, 0.5);
    else data[name] = pick(rng, DATES);
  }
  return data;
}

function dataSchema(fields: Readonly<Record<string, FieldKind>>): DataSchema {
  const properties: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(fields)) {
    if (typeof kind !== 'string') properties[name] = { type: 'string', enum: kind };
    else if (kind === 'date') properties[name] = { type: 'string', format: 'date' };
    else properties[name] = { type: kind };
  }
  return { type: 'object', properties };
}

// Every given x family combination, with an ASCII e-mail made from the folded names.
export function contactPool(): ContactRecord[] {
  const local = (name: string) => foldText(name).replace(/[^a-z]/g, '');
  return GIVEN_NAMES.flatMap((given) =>
    FAMILY_NAMES.map((family) => makeContact(given, family, `${local(given)}.${local(family)}@example.com`)),
  );
}

/** Splits `total` records between workspaces: 80% to the first, the rest evenly. */
export function splitByWorkspace(total: number, workspaces: number): number[] {
  const rest = Math.floor(total / 5);
  const counts = Array.from({ length: workspaces }, (_, i) =>
    i === 0 ? 0 : Math.floor(rest / (workspaces - 1)),
  );
  counts[0] = total - counts.reduce((a, b) => a + b, 0);
  return counts;
}
