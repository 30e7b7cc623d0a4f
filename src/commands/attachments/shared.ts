/** What the attachments verbs share: the id hint and filenames. */
import contentDisposition from 'content-disposition';
import { safeFilename } from '../../core/files/safe-filename.js';
import { firstHeader } from '../../core/http/headers.js';
import { wholeIdReason } from '../shared/resolve-id.js';

export const ID_HINT = 'run `wfd responses get <id>` to see the ids of its attachments';

/** How the attachments verbs take ids: whole, since the API cannot list attachments to find a prefix in. */
export const WHOLE_IDS = { why: (id: string) => wholeIdReason(id, 'attachment'), hint: ID_HINT };

/**
 * The filename a download's `Content-Disposition` gives (RFC 6266; `filename*` of RFC 5987 for
 * non-ASCII names), made safe for the disk; `fallback` when there is none or it cannot be read.
 */
export function filenameOf(headers: Record<string, string | string[] | undefined>, fallback: string): string {
  const value = firstHeader(headers, 'content-disposition');
  let name: string | undefined;
  try {
    name = value ? contentDisposition.parse(value).parameters.filename : undefined;
  } catch {
    name = undefined;
  }
  return safeFilename(name ?? '', fallback);
}
