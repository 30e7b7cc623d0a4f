/**
 * What an attachments export will do, worked out before it downloads anything: where each file
 * goes (`<form-id>/<response-id>/<safe filename>` under DIR), where each form's merged PDF goes,
 * and how many requests the run takes, the fewest the API allows (a bulk command says how many
 * before it starts, as the hourly limit is what bounds it). Pure: the command reads the forms and the manifest, this decides.
 */

import { FolderNames, safeFilename } from '../../core/files/safe-filename.js';
import { MAX_PAGE_SIZE } from '../../resources/paging.js';
import type { FileEntry } from './export-manifest.js';

/** A form as the export reads it: its responses and the attachments each lists, in the API's order. */
export interface FormAttachments {
  id: string;
  responses: readonly {
    id: string;
    attachments: readonly {
      id: string;
      filename?: string | null | undefined;
      size?: number | null | undefined;
    }[];
  }[];
}

/** One attachment to have on disk. */
export interface PlannedFile {
  id: string;
  formId: string;
  responseId: string;
  /** relative to DIR, `/`-separated */
  path: string;
  /** the size the API lists, when it does */
  size: number | undefined;
  /** the name (made safe) that was cut to keep the path within the limit, when it was */
  originalName?: string;
}

/**
 * The longest path a file may have and the length of DIR's absolute path: on Windows, Explorer
 * and many tools open no path over 259 characters (MAX_PATH, 260 with its terminator).
 */
export interface PathLimit {
  max: number;
  root: number;
}

/** However long DIR is, a name keeps this much (the path then goes over the limit). */
const MIN_NAME_LENGTH = 12;

/** One form's merged PDF (`--merge`). */
export interface PlannedMerge {
  formId: string;
  /** the form's attachments, in order */
  ids: string[];
  path: string;
}

/** The file name of a form's merged PDF, beside its response folders (which are ids, so never clash). */
const MERGED_NAME = 'merged.pdf';

/**
 * Where each attachment of `forms` goes. Names are made safe and unique per response folder
 * (`scan.pdf`, `scan (1).pdf`) in the order the API lists them, and cut (extension kept) where
 * the path would pass `limit`; an attachment the manifest (`known`) already placed in that
 * folder keeps its name, so a resumed or incremental run never renames a file. An id listed
 * twice is planned once, where it first appears.
 */
export function planFiles(
  forms: readonly FormAttachments[],
  known: ReadonlyMap<string, FileEntry>,
  limit?: PathLimit,
): PlannedFile[] {
  const planned: PlannedFile[] = [];
  const seen = new Set<string>();
  for (const form of forms) {
    const formFolder = safeFilename(form.id, 'form');
    for (const response of form.responses) {
      const folder = `${formFolder}/${safeFilename(response.id, 'response')}`;
      const attachments = response.attachments.filter((attachment) => {
        if (seen.has(attachment.id)) return false;
        seen.add(attachment.id);
        return true;
      });
      const names = new FolderNames();
      // DIR, a separator, the folder, a separator: what is left is the name's.
      const room = limit ? Math.max(MIN_NAME_LENGTH, limit.max - limit.root - folder.length - 2) : Infinity;
      const kept = new Map<string, string>();
      for (const attachment of attachments) {
        const name = nameIn(folder, known.get(attachment.id)?.path);
        if (name !== undefined && names.reserve(name)) kept.set(attachment.id, name);
      }
      for (const attachment of attachments) {
        const safe = safeFilename(attachment.filename ?? '', attachment.id);
        const name = kept.get(attachment.id) ?? names.claim(safe, room);
        planned.push({
          id: attachment.id,
          formId: form.id,
          responseId: response.id,
          path: `${folder}/${name}`,
          size: attachment.size ?? undefined,
          ...(!kept.has(attachment.id) && safe.length > room ? { originalName: safe } : {}),
        });
      }
    }
  }
  return planned;
}

/** The name of `path` when it is a file right inside `folder` under a name that is already safe. */
function nameIn(folder: string, path: string | undefined): string | undefined {
  if (path === undefined || !path.startsWith(`${folder}/`)) return undefined;
  const name = path.slice(folder.length + 1);
  return name === safeFilename(name, '') ? name : undefined;
}

/** One merged PDF per form with attachments, at `<form-id>/merged.pdf`. */
export function planMerges(files: readonly PlannedFile[]): PlannedMerge[] {
  const byForm = new Map<string, PlannedMerge>();
  for (const file of files) {
    let merge = byForm.get(file.formId);
    if (!merge) {
      merge = { formId: file.formId, ids: [], path: `${safeFilename(file.formId, 'form')}/${MERGED_NAME}` };
      byForm.set(file.formId, merge);
    }
    merge.ids.push(file.id);
  }
  return [...byForm.values()];
}

/** The requests of a run, by kind: the fewest the API allows for the work. */
export interface RequestCount {
  /** list pages of MAX_PAGE_SIZE forms (the spec's largest page) */
  pages: number;
  /** one read per form (its responses list their attachments) */
  reads: number;
  /** one per attachment to fetch */
  downloads: number;
  /** one per merged PDF to make (more when its ids make a URL too long) */
  merges: number;
  total: number;
}

/** `reads`: the forms to read, when fewer than those listed (a resumed run has read some). */
export function countRequests(work: {
  forms: number;
  reads?: number;
  downloads: number;
  merges: number;
}): RequestCount {
  const pages = Math.max(1, Math.ceil(work.forms / MAX_PAGE_SIZE));
  const reads = work.reads ?? work.forms;
  return {
    pages,
    reads,
    downloads: work.downloads,
    merges: work.merges,
    total: pages + reads + work.downloads + work.merges,
  };
}
