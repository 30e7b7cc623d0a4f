/**
 * The forms side of the sandbox's state: form templates, forms, responses,
 * attachment metadata and signatures. Every write goes through a method here
 * and bumps `version`, so derived data (the query cache) can tell when it is
 * stale, and names the record it touched in the change log (changes.ts). Lookups by id cover
 * every workspace; handlers check access.
 */
import { type ChangeLog, UNLOGGED } from '../changes.js';
import type { WorkspaceRecord } from '../store.js';
import type {
  AttachmentRecord,
  FormChanges,
  FormRecord,
  FormTemplateRecord,
  ResponseChanges,
  ResponseRecord,
  SignatureRecord,
} from './records.js';

export class FormStore {
  #version = 0;
  readonly #templates = new Map<WorkspaceRecord, FormTemplateRecord[]>();
  readonly #forms = new Map<WorkspaceRecord, FormRecord[]>();
  readonly #formById = new Map<string, FormRecord>();
  readonly #responseById = new Map<string, ResponseRecord>();
  readonly #attachmentById = new Map<string, AttachmentRecord>();
  readonly #signatureById = new Map<string, SignatureRecord>();
  #changes: ChangeLog = UNLOGGED;

  /** From now on, every write is reported to `changes`. */
  logChangesTo(changes: ChangeLog): void {
    this.#changes = changes;
  }

  /** Increases on every write; equal versions mean equal query results. */
  get version(): number {
    return this.#version;
  }

  /** Adds a form template to its workspace (seeding only). */
  insertTemplate(template: FormTemplateRecord): void {
    listOf(this.#templates, template.workspace).push(template);
    this.#version++;
  }

  /** The form templates of a workspace, in insertion order. */
  templatesIn(workspace: WorkspaceRecord): readonly FormTemplateRecord[] {
    return this.#templates.get(workspace) ?? [];
  }

  /** A workspace's template by slug (slugs are case-sensitive). */
  findTemplate(workspace: WorkspaceRecord, slug: string): FormTemplateRecord | undefined {
    return this.templatesIn(workspace).find((t) => t.slug === slug);
  }

  /** Adds a form (with no responses yet) to its workspace. */
  insertForm(form: FormRecord): void {
    listOf(this.#forms, form.workspace).push(form);
    this.#formById.set(form.id, form);
    this.#version++;
    this.#changes.touched('form', form.id);
  }

  /** Applies changes to a form in place. */
  updateForm(form: FormRecord, changes: FormChanges): void {
    Object.assign(form, changes);
    this.#version++;
    this.#changes.touched('form', form.id);
  }

  /** Removes a form with its responses, their attachments and signatures. */
  deleteForm(form: FormRecord): void {
    for (const response of [...form.responses]) this.deleteResponse(response);
    const forms = listOf(this.#forms, form.workspace);
    forms.splice(forms.indexOf(form), 1);
    this.#formById.delete(form.id);
    this.#version++;
    this.#changes.touched('form', form.id);
  }

  /** A form of any workspace by id (case-insensitive). */
  findForm(id: string): FormRecord | undefined {
    return this.#formById.get(id.toLowerCase());
  }

  /** The forms of a workspace, in insertion order. */
  formsIn(workspace: WorkspaceRecord): readonly FormRecord[] {
    return this.#forms.get(workspace) ?? [];
  }

  /** Adds a response (with no attachments or signatures yet) to its form. */
  insertResponse(response: ResponseRecord): void {
    response.form.responses.push(response);
    this.#responseById.set(response.id, response);
    this.#version++;
    this.#changes.touched('response', response.id);
  }

  /** Applies changes to a response in place. */
  updateResponse(response: ResponseRecord, changes: ResponseChanges): void {
    Object.assign(response, changes);
    this.#version++;
    this.#changes.touched('response', response.id);
  }

  /** Removes a response with its attachments and signatures. */
  deleteResponse(response: ResponseRecord): void {
    const responses = response.form.responses;
    responses.splice(responses.indexOf(response), 1);
    this.#responseById.delete(response.id);
    for (const attachment of response.attachments) this.#attachmentById.delete(attachment.id);
    for (const signature of response.signatures) this.#signatureById.delete(signature.id);
    this.#version++;
    // Its attachments and signatures go with it, in a data directory's journal too.
    this.#changes.touched('response', response.id);
  }

  /** A response of any workspace by id (case-insensitive). */
  findResponse(id: string): ResponseRecord | undefined {
    return this.#responseById.get(id.toLowerCase());
  }

  /**
   * Adds an attachment's metadata, and lists it on its response when it has one.
   * This is the one place attachments come into being; an upload stores its
   * bytes in the blob store first (attachments/files.ts).
   */
  insertAttachment(attachment: AttachmentRecord): void {
    attachment.response?.attachments.push(attachment);
    this.#attachmentById.set(attachment.id, attachment);
    this.#version++;
    this.#changes.touched('attachment', attachment.id);
  }

  /** An attachment of any workspace by id (case-insensitive). */
  findAttachment(id: string): AttachmentRecord | undefined {
    return this.#attachmentById.get(id.toLowerCase());
  }

  /** Adds a signature to its response. */
  insertSignature(signature: SignatureRecord): void {
    signature.response.signatures.push(signature);
    this.#signatureById.set(signature.id, signature);
    this.#version++;
    this.#changes.touched('signature', signature.id);
  }

  /** A signature of any workspace by id (case-insensitive). */
  findSignature(id: string): SignatureRecord | undefined {
    return this.#signatureById.get(id.toLowerCase());
  }
}

function listOf<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  return list;
}
