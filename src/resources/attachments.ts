/**
 * Attachments (spec capability 5: upload, download, merged download). Their fields are "not
 * shown" in the spec: these are the ones wfd names in `--fields`; any other field an API sends
 * still reaches `-o json`.
 */

import type { ColumnDef } from './types.js';

/** The columns of an attachment: an upload's rows, a response's attachments. */
export const ATTACHMENT_COLUMNS: ColumnDef[] = [
  { field: 'id', kind: 'id' },
  { field: 'filename' },
  { field: 'content_type', header: 'TYPE' },
  { field: 'size', kind: 'bytes' },
];

/** Top-level fields of an uploaded attachment, what `wfd attachments upload --fields` accepts. */
export const ATTACHMENT_FIELDS = ['id', 'filename', 'content_type', 'size', 'created_at', 'sha256'] as const;

/** The fields of a row of `wfd attachments download --dir`: one per id. */
export const DOWNLOAD_FIELDS = ['id', 'result', 'path', 'bytes', 'error'] as const;

/** The fields of an exported file: a line of the export's manifest, and of its output when piped. */
export const EXPORT_FIELDS = [
  'id',
  'form_id',
  'response_id',
  'path',
  'bytes',
  'sha256',
  'downloaded_at',
] as const;
