/**
 * A merged PDF of attachments, as `merge` and `export --merge` fetch it: one
 * `GET /v1/attachments?ids=...` when the URL allows (the usual case: about 200 ids fit), the
 * bytes streamed; otherwise one request per batch of ids that fits, and the parts joined page by
 * page here (pdf-lib, loaded only then), since the API merges only what one request names.
 */
import { Readable } from 'node:stream';
import { mergeAttachments } from '../../api/attachments.js';
import type { ApiClient } from '../../core/http/http.js';
import { batchIds } from '../../core/id-batches.js';

/** The batches of `ids` whose merge URLs are short enough for servers and proxies. */
export function mergeBatches(client: ApiClient, ids: readonly string[]): string[][] {
  const { path, query } = mergeAttachments([]);
  // The ids fill the empty `ids=` URL-encoded, joined by commas (`%2C`).
  return batchIds(ids, {
    room: client.urlRoom(path, query),
    length: (id) => encodeURIComponent(id).length,
    separator: encodeURIComponent(',').length,
  });
}

/**
 * The merged PDF's bytes. `notice` is told, once, when the ids had to
 * be split (the API then saw several requests, and the parts were joined by wfd).
 */
export async function fetchMergedPdf(
  client: ApiClient,
  ids: readonly string[],
  notice: (line: string) => void,
): Promise<{ pdf: AsyncIterable<Uint8Array> }> {
  const batches = mergeBatches(client, ids);
  if (batches.length === 1) return { pdf: (await client.stream(mergeAttachments(ids))).body };
  notice(
    `${ids.length} ids make too long a URL for one request: merging them in ${batches.length} requests, then joining the parts`,
  );
  const parts: Uint8Array[] = [];
  for (const batch of batches) parts.push(await readAll((await client.stream(mergeAttachments(batch))).body));
  return { pdf: Readable.from([await joinPdfs(parts)]) };
}

async function readAll(body: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** One PDF of every page of `parts`, in order. */
async function joinPdfs(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const joined = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    for (const page of await joined.copyPages(source, source.getPageIndices())) joined.addPage(page);
  }
  return joined.save();
}
