/** Attachments as the API shows them. */
import type { AttachmentRecord } from '../forms/records.js';
import { iso } from '../views.js';

/** An attachment as an upload answers it; `sha256` is null where the sandbox has not hashed the bytes. */
export function attachmentView(record: AttachmentRecord) {
  return {
    id: record.id,
    filename: record.filename,
    content_type: record.contentType,
    size: record.size,
    created_at: iso(record.createdAt),
    sha256: record.sha256,
  };
}
