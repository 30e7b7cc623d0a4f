/** What the forms verbs share beyond the resource table: the detail view of one form. */
import type { DetailView } from '../../output/render.js';

/**
 * What `forms get` (and create, update) show on a terminal: a summary, then the webhooks (a row
 * per receiver URL with its events) and the responses;
 * --json has everything. Attachments and signatures are counted (`.length` of the arrays);
 * `wfd responses get` lists them with their ids.
 */
export const FORM_DETAIL_VIEW: DetailView = {
  fields: [
    { label: 'Template', field: 'flow.slug' },
    { label: 'Customization', field: 'flow.customization', kind: 'id' },
    { label: 'Status', field: 'status', kind: 'status' },
    { label: 'Active', field: 'active', kind: 'bool' },
    { label: 'Completed', field: 'completed', kind: 'bool' },
    { label: 'Processed', field: 'processed', kind: 'bool' },
    { label: 'Archived', field: 'archived', kind: 'bool' },
    { label: 'User', field: 'user', kind: 'person' },
    { label: 'User email', field: 'user.email' },
    { label: 'User phone', field: 'user.phone' },
    { label: 'Owner', field: 'owner.email' },
    { label: 'Created', field: 'created_at', kind: 'time' },
    { label: 'Updated', field: 'updated_at', kind: 'time' },
    { label: 'ID', field: 'id', kind: 'id' },
  ],
  tables: [
    {
      title: 'Webhooks',
      field: 'webhooks',
      entriesAs: { key: 'url', value: 'events' },
      columns: [{ field: 'url', header: 'URL' }, { field: 'events' }],
    },
    {
      title: 'Responses',
      field: 'responses',
      // Whole ids: responses have no list to look a prefix up in, so `responses get` needs them.
      // Short headers, so that at 80 columns nothing is cut.
      columns: [
        { field: 'id', kind: 'id' },
        { field: 'created_at', header: 'CREATED', kind: 'time' },
        { field: 'completed_at', header: 'COMPLETED', kind: 'time' },
        { field: 'attachments.length', header: 'FILES' },
        { field: 'signatures.length', header: 'SIGNED' },
      ],
    },
  ],
};
