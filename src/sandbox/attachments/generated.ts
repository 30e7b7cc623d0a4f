/** Records of generated files: the seed and the trigger hook make attachments through this. */
import type { AttachmentRecord, ResponseRecord } from '../forms/records.js';
import { type GeneratedKind, KINDS } from './kinds.js';

export interface GeneratedFile {
  readonly id: string;
  readonly kind: GeneratedKind;
  readonly size: number;
  /** Default: `<stem>-<n>.<extension>`, n counting the response's attachments from 1. */
  readonly filename?: string;
}

/**
 * The record of a generated attachment of `response`, named after `stem` unless
 * the file has its own name. Its bytes are made only when read.
 */
export function generatedAttachment(
  response: ResponseRecord,
  file: GeneratedFile,
  stem: string,
  at: number,
): AttachmentRecord {
  const { extension, contentType } = KINDS[file.kind];
  return {
    id: file.id,
    workspace: response.form.workspace,
    response,
    filename: file.filename ?? `${stem}-${response.attachments.length + 1}.${extension}`,
    contentType,
    size: file.size,
    createdAt: at,
    source: file.kind,
    sha256: null,
  };
}
