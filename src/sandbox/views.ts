/**
 * JSON views of store records, as the API returns them. Timestamps are kept
 * as epoch milliseconds in the store and formatted here, for the few records
 * of one page only.
 */
import { createRng, hashString, randomUuid } from './random.js';
import type { CaseLike, CaseRecord, TemplateRecord, WorkspaceRecord } from './store.js';

/** An epoch-milliseconds timestamp as the API shows it: ISO 8601 UTC with milliseconds. */
export const iso = (ms: number) => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export function workspaceView(workspace: WorkspaceRecord) {
  return { id: workspace.id, slug: workspace.slug, name: workspace.name };
}

/** A case as list items show it (no steps, no schema). */
export function caseView(record: CaseRecord) {
  const contact = record.contact;
  return {
    id: record.id,
    title: record.title,
    status: record.status,
    parent_status: record.parentStatus,
    waiting_for: record.waitingFor,
    reference: record.reference,
    archived_at: isoOrNull(record.archivedAt),
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
    is_template: false,
    template: { id: record.template.id, title: record.template.title },
    owner: { id: record.owner.id, email: record.owner.email, name: record.owner.name },
    workspace: { id: record.workspace.id, slug: record.workspace.slug },
    contact: contact && {
      given_name: contact.given_name,
      family_name: contact.family_name,
      email: contact.email,
    },
    data: record.data,
  };
}

/** A case template as `/case_templates` lists it. */
export function templateView(record: TemplateRecord) {
  return {
    id: record.id,
    title: record.title,
    reference: record.reference,
    archived_at: isoOrNull(record.archivedAt),
    is_template: true,
    owner: { id: record.owner.id, email: record.owner.email, name: record.owner.name },
    workspace: { id: record.workspace.id, slug: record.workspace.slug },
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
  };
}

/** A single case or template with its steps and its template's data schema. */
export function detailView(record: CaseLike) {
  if (record.isTemplate) return { ...templateView(record), steps: steps(record), schema: record.schema };
  return { ...caseView(record), steps: steps(record), schema: record.template.schema };
}

/**
 * Steps are derived, not stored (lean with 100,000 cases): titles from the
 * template, ids from a hash of the record id, statuses from the parent status.
 * Positions start at 1.
 */
function steps(record: CaseLike) {
  const titles = record.isTemplate ? record.steps : record.template.steps;
  const done = record.isTemplate ? 0 : completedSteps(record, titles.length);
  const current = !record.isTemplate && record.parentStatus === 'in_progress' ? done : -1;
  return titles.map((title, index) => ({
    id: randomUuid(createRng(hashString(`${record.id}/${index}`))),
    title,
    status: index < done ? 'completed' : index === current ? 'in_progress' : 'not_started',
    position: index + 1,
  }));
}

function completedSteps(record: CaseRecord, total: number): number {
  if (record.parentStatus === 'closed') return total;
  if (record.parentStatus === 'in_progress') return hashString(record.id) % total;
  return 0;
}
