/** What the cases verbs share beyond the resource table: the detail view of one case. */
import type { Column, DetailView } from '../../output/render.js';

export const STEP_COLUMNS: Column[] = [
  { field: 'position', header: '#' },
  { field: 'title' },
  { field: 'status', kind: 'status' },
];

/** What `cases get` shows on a terminal: the case, its steps, its data fields; --json has everything. */
export const CASE_DETAIL_VIEW: DetailView = {
  fields: [
    { label: 'Title', field: 'title' },
    { label: 'Reference', field: 'reference' },
    { label: 'Parent status', field: 'parent_status', kind: 'status' },
    { label: 'Status', field: 'status' },
    { label: 'Waiting for', field: 'waiting_for' },
    { label: 'Contact', field: 'contact', kind: 'person' },
    { label: 'Contact email', field: 'contact.email' },
    { label: 'Owner', field: 'owner.email' },
    { label: 'Template', field: 'template.title' },
    { label: 'Created', field: 'created_at', kind: 'time' },
    { label: 'Updated', field: 'updated_at', kind: 'time' },
    { label: 'Archived', field: 'archived_at', kind: 'time' },
    { label: 'ID', field: 'id', kind: 'id' },
  ],
  tables: [{ title: 'Steps', field: 'steps', columns: STEP_COLUMNS }],
  entries: { title: 'Data', field: 'data' },
};
