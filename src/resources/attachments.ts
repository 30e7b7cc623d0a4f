/**
 * Attachments: upload, download, merged download. Their fields are "not shown" in the contract:
 * these are the sandbox's; any other field an API sends still reaches `-o json`.
 */

import { ATTACHMENT_PROPERTIES } from './forms.js';
import { array, either, named, nullable, object, string } from './schema.js';
import { DateTime } from './shared.js';
import type { ColumnDef } from './types.js';

/** The most files one upload takes (not shown in the contract: the sandbox's bound). */
export const MAX_UPLOAD_FILES = 100;

/** The most ids one merged download takes (the sandbox's bound). */
export const MAX_MERGED = 100;

const TOKEN = "[A-Za-z0-9_!#$%&'*+.^`|~-]+";
/** A media type with optional parameters: `text/plain; charset=utf-8`. */
export const MEDIA_TYPE_PATTERN = `^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|"[^"\\\\\\r\\n]*"))*$`;
/** Base64 as RFC 4648 section 4 has it: padded, no line breaks. */
export const BASE64_PATTERN = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';

/** One file of a JSON upload. */
export const FileUpload = named(
  'FileUpload',
  object(
    {
      filename: string({ minLength: 1, maxLength: 512, pattern: '^[^\\uD800-\\uDFFF]+$' }),
      content_type: string({ maxLength: 255, pattern: MEDIA_TYPE_PATTERN }),
      content: string({ pattern: BASE64_PATTERN, contentEncoding: 'base64' }),
    },
    { required: ['filename', 'content'], additional: false },
  ),
);

/** Several files of a JSON upload. */
export const FileUploads = array(FileUpload, { minItems: 1, maxItems: MAX_UPLOAD_FILES });

/** The JSON body of an upload: one file, or several. */
export const UploadBody = either(FileUpload, FileUploads);

/** An uploaded attachment, as an upload answers it. */
export const UploadedAttachment = named(
  'UploadedAttachment',
  object(
    {
      ...ATTACHMENT_PROPERTIES,
      created_at: DateTime,
      sha256: nullable(string({ description: 'hex SHA-256 of the bytes, when known' })),
    },
    { required: ['id', 'filename', 'content_type', 'size', 'created_at', 'sha256'] },
  ),
);

/** The columns of an attachment: an upload's rows, a response's attachments. */
export const ATTACHMENT_COLUMNS: ColumnDef[] = [
  { field: 'id', kind: 'id' },
  { field: 'filename' },
  { field: 'content_type', header: 'TYPE' },
  { field: 'size', kind: 'bytes' },
];

/** Top-level fields of an uploaded attachment, what `wfd attachments upload --fields` accepts. */
export const ATTACHMENT_FIELDS = Object.keys(UploadedAttachment.properties ?? {});

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
