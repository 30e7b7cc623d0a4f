/**
 * The downloads of an export: one attachment to its place in DIR, or one form's merged PDF, each
 * returned as the manifest line that records it.
 *
 * An attachment goes through a part file named after its id (src/core/files/files.ts), which a crash,
 * Ctrl-C or a broken connection leaves behind: the next attempt asks for the rest with
 * `Range: bytes=N-` and continues it when the server answers 206 from byte N, else starts over.
 * A connection that breaks mid-file is tried again in the same run, from where it stopped.
 */
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import { downloadAttachment } from '../../api/attachments.js';
import { ApiError, NetworkError, WfdError } from '../../core/errors.js';
import {
  partPathOf,
  type ResumedSource,
  SizeMismatchError,
  writeFileAtomic,
  writeFileResumable,
} from '../../core/files/files.js';
import { safeFilename } from '../../core/files/safe-filename.js';
import { firstHeader } from '../../core/http/headers.js';
import type { ApiClient, StreamedResponse } from '../../core/http/http.js';
import { downloaded } from '../shared/download.js';
import { explainNotFound } from '../shared/not-found.js';
import { makeFolderInside, pathInside } from './export-folder.js';
import type { FileEntry, MergedEntry } from './export-manifest.js';
import type { PlannedFile, PlannedMerge } from './export-plan.js';
import { fetchMergedPdf } from './merged-pdf.js';
import type { TransferProgress } from './progress.js';
import { ID_HINT } from './shared.js';

/** Where and how an export writes. */
export interface ExportTarget {
  dir: string;
  client: ApiClient;
  progress: TransferProgress;
  now: () => Date;
  /** a line on stderr */
  notice: (line: string) => void;
  /** the folders this run has made: each is made once, not once per file */
  folders: Set<string>;
}

/** Attempts of one file in a run when its transfer breaks; each continues the last. */
const ATTEMPTS = 3;

/** Downloads `file` into DIR and returns its manifest line. */
export async function exportFile(file: PlannedFile, target: ExportTarget): Promise<FileEntry> {
  const path = pathInside(target.dir, file.path);
  await makeFolder(target, dirname(path));
  const part = partPathOf(dirname(path), safeFilename(file.id, 'attachment'));
  for (let attempt = 1; ; attempt++) {
    try {
      const written = await writeFileResumable(path, part, (offset) => openDownload(target, file.id, offset));
      return {
        id: file.id,
        form_id: file.formId,
        response_id: file.responseId,
        path: file.path,
        bytes: written.bytes,
        sha256: written.sha256,
        downloaded_at: target.now().toISOString(),
        ...(file.originalName === undefined ? {} : { original_name: file.originalName }),
      };
    } catch (error) {
      // The request itself was already retried by the client, per its policy; a transfer that
      // broke midway, or did not add up, is tried again from where it stopped.
      const failure = error instanceof WfdError ? error : target.client.bodyError(error);
      const broke = !(error instanceof WfdError) && failure instanceof NetworkError;
      if (attempt === ATTEMPTS || !(broke || failure instanceof SizeMismatchError)) throw failure;
    }
  }
}

/** The bytes of attachment `id` from `offset` on: a range when the server gives one, else the whole file. */
async function openDownload(target: ExportTarget, id: string, offset: number): Promise<ResumedSource> {
  let answer: StreamedResponse;
  try {
    answer = await explainNotFound(
      target.client.stream(downloadAttachment(id, offset)),
      `attachment ${id}`,
      ID_HINT,
    );
  } catch (error) {
    // The part is as long as the file (or longer): start over.
    if (offset > 0 && error instanceof ApiError && error.status === 416) return openDownload(target, id, 0);
    throw error;
  }
  const chunks = answer.body;
  const onChunk = (bytes: number) => target.progress.addBytes(bytes);
  if (offset === 0 || answer.status !== 206) {
    return { from: 0, chunks, size: contentLength(answer.headers), onChunk };
  }
  const range = contentRange(firstHeader(answer.headers, 'content-range'));
  if (range?.start === offset) return { from: offset, chunks, size: range.size, onChunk };
  // A range, but not the one asked for: take the whole file instead.
  answer.body.destroy();
  return openDownload(target, id, 0);
}

/** Downloads the merged PDF of a form's attachments and returns its manifest line. */
export async function exportMerge(merge: PlannedMerge, target: ExportTarget): Promise<MergedEntry> {
  const path = pathInside(target.dir, merge.path);
  await makeFolder(target, dirname(path));
  const hash = createHash('sha256');
  const { pdf } = await fetchMergedPdf(target.client, merge.ids, target.notice);
  const bytes = await writeFileAtomic(path, downloaded(target.client, pdf), {
    onChunk: (chunk) => hash.update(chunk),
    notice: target.notice,
  });
  return {
    type: 'merged',
    form_id: merge.formId,
    ids: merge.ids,
    path: merge.path,
    bytes,
    sha256: hash.digest('hex'),
    downloaded_at: target.now().toISOString(),
  };
}

async function makeFolder(target: ExportTarget, folder: string): Promise<void> {
  if (target.folders.has(folder)) return;
  await makeFolderInside(target.dir, folder);
  target.folders.add(folder);
}

function contentLength(headers: StreamedResponse['headers']): number | undefined {
  const value = firstHeader(headers, 'content-length');
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** `Content-Range: bytes 100-999/1000` (RFC 9110 14.4); `size` undefined for `/*`. */
function contentRange(value: string | undefined): { start: number; size?: number } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value ?? '');
  if (!match) return undefined;
  return { start: Number(match[1]), ...(match[3] === '*' ? {} : { size: Number(match[3]) }) };
}
