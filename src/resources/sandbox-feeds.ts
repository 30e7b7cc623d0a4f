/**
 * What `wfd sandbox logs` and `wfd sandbox deliveries` show of the sandbox's test hooks
 * (`/_sandbox/requests`, `/_sandbox/deliveries`; src/sandbox/README.md, "Test hooks"). The
 * plain columns are a contract for scripts; JSON carries each entry whole.
 */
import type { ColumnDef } from './types.js';

/** The fields of a request log entry. */
export const REQUEST_LOG_FIELDS = [
  'seq',
  'time',
  'method',
  'url',
  'path',
  'status',
  'duration_ms',
  'token_prefix',
  'workspace',
  'fault',
] as const;

export const REQUEST_LOG_COLUMNS: readonly ColumnDef[] = [
  { field: 'time', kind: 'time' },
  { field: 'method' },
  { field: 'url' },
  { field: 'status' },
  { field: 'duration_ms' },
  { field: 'token_prefix' },
  { field: 'fault' },
];

export const REQUEST_LOG_TABLE_COLUMNS: readonly ColumnDef[] = [
  { field: 'time', kind: 'time' },
  { field: 'status' },
  { field: 'method' },
  { field: 'url', kind: 'url', minWidth: 20 },
  // Widths of the widest values: a followed table plans its columns before it sees them.
  { field: 'duration_ms', header: 'MS', minWidth: 6, hidePriority: 2 },
  { field: 'token_prefix', header: 'TOKEN', hidePriority: 3 },
  { field: 'fault', hidePriority: 1, hideWhenEmpty: true },
];

/** The fields of a webhook delivery. */
export const DELIVERY_FIELDS = [
  'seq',
  'id',
  'event',
  'form_id',
  'url',
  'outcome',
  'created_at',
  'attempts',
  'resend_of',
] as const;

export const DELIVERY_COLUMNS: readonly ColumnDef[] = [
  { field: 'created_at', kind: 'time' },
  { field: 'id', kind: 'id' },
  { field: 'event' },
  { field: 'form_id', kind: 'id' },
  { field: 'url' },
  { field: 'outcome' },
  { field: 'attempts.length', header: 'ATTEMPTS' },
];

export const DELIVERY_TABLE_COLUMNS: readonly ColumnDef[] = [
  { field: 'created_at', header: 'CREATED', kind: 'time' },
  // The widest event and outcome: a followed table plans its columns before it sees them.
  { field: 'event', minWidth: 19 },
  { field: 'outcome', kind: 'status', minWidth: 9 },
  { field: 'attempts.length', header: 'ATTEMPTS' },
  { field: 'url', kind: 'url', minWidth: 20 },
  { field: 'id', header: 'DELIVERY', kind: 'id', hidePriority: 2 },
  { field: 'form_id', header: 'FORM', kind: 'id', hidePriority: 1 },
];
