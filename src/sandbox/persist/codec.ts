/**
 * Records in a data directory: each entry is `[kind, id, state]`, the whole current state of one
 * record as JSON (references as ids, times as epoch milliseconds), or `null` once it is gone.
 * Reading an entry takes the record's state from the stores; applying one puts that state back
 * (insert, or update in place, or remove). Applying the entries of a journal in order over the
 * seeded state rebuilds the state they were read from.
 */
import type { AttachmentSource } from '../attachments/kinds.js';
import type { RecordKind } from '../changes.js';
import type { JobRecord } from '../docintel/jobs.js';
import type {
  AttachmentRecord,
  FormRecord,
  FormTemplateRecord,
  FormUser,
  ResponseRecord,
  SignatureRecord,
  Signer,
} from '../forms/records.js';
import type { OAuthClient } from '../oauth/clients.js';
import type { Grant } from '../oauth/grants.js';
import type { SandboxState } from '../state.js';
import {
  type CaseRecord,
  makeContact,
  type OwnerRecord,
  type ParentStatus,
  type TemplateRecord,
  type WaitingFor,
  type WorkspaceRecord,
} from '../store.js';
import type { WebhookMap } from '../webhooks/events.js';
import { DataDirError } from './errors.js';

/** One record's state, or null once it is gone. */
export type Entry = readonly [kind: RecordKind, id: string, state: unknown];

interface CaseState {
  workspace: string;
  owner: string;
  template: string;
  title: string;
  status: string;
  parent_status: ParentStatus;
  waiting_for: WaitingFor;
  reference: string;
  created_at: number;
  updated_at: number;
  archived_at: number | null;
  contact: { given_name: string; family_name: string; email: string } | null;
  data: Record<string, unknown>;
}

interface TokenState {
  workspace: string;
  owner: string;
  revoked: boolean;
  expires_at?: number;
  client_id?: string;
}

interface FormState {
  workspace: string;
  owner: string;
  template: string;
  customization: string | null;
  user: FormUser;
  created_at: number;
  updated_at: number;
  status: string;
  archived: boolean;
  active: boolean;
  completed: boolean;
  processed: boolean;
  webhooks: WebhookMap;
}

interface ResponseState {
  form: string;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
  answers: Record<string, unknown>;
}

interface AttachmentState {
  workspace: string;
  response: string | null;
  filename: string;
  content_type: string;
  size: number;
  created_at: number;
  source: AttachmentSource;
  sha256: string | null;
}

interface SignatureState {
  response: string;
  signer: Signer;
  signed_at: number;
}

interface JobState {
  workspace: string;
  /** The attachment as it was: a job outlives the response its file came with. */
  attachment: AttachmentState & { id: string };
  fields: readonly string[] | null;
  created_at: number;
}

interface GrantState {
  client: string;
  workspace: string;
  user: string;
  scopes: readonly string[];
  refresh_token: string | null;
  access_token: string;
}

/** The entry of one record as it stands in `state` now. */
export function readEntry(kind: RecordKind, id: string, state: SandboxState): Entry {
  return [kind, id, readState(kind, id, state) ?? null];
}

function readState(kind: RecordKind, id: string, state: SandboxState): unknown {
  const { store, forms } = state;
  switch (kind) {
    case 'case': {
      const record = store.find(id);
      return record && !record.isTemplate ? caseState(record) : undefined;
    }
    case 'reference': {
      const workspace = store.workspaces().find((w) => w.id === id);
      return workspace && store.referencesIssued(workspace);
    }
    case 'token': {
      const record = store.findToken(id);
      if (!record) return undefined;
      const token: TokenState = {
        workspace: record.workspace.id,
        owner: record.owner.id,
        revoked: record.revoked,
      };
      if (record.expiresAt !== undefined) token.expires_at = record.expiresAt;
      if (record.clientId !== undefined) token.client_id = record.clientId;
      return token;
    }
    case 'form': {
      const form = forms.findForm(id);
      return form && formState(form);
    }
    case 'response': {
      const response = forms.findResponse(id);
      return response && responseState(response);
    }
    case 'attachment': {
      const attachment = forms.findAttachment(id);
      return attachment && attachmentState(attachment);
    }
    case 'signature': {
      const signature = forms.findSignature(id);
      return signature && signatureState(signature);
    }
    case 'job': {
      const job = state.docintel.find(id);
      return job && jobState(job);
    }
    case 'grant': {
      const grant = state.grants.find(id);
      return grant && grantState(grant);
    }
    case 'client':
      return state.clients.find(id);
  }
}

function caseState(record: CaseRecord): CaseState {
  const { contact } = record;
  return {
    workspace: record.workspace.id,
    owner: record.owner.id,
    template: record.template.id,
    title: record.title,
    status: record.status,
    parent_status: record.parentStatus,
    waiting_for: record.waitingFor,
    reference: record.reference,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    archived_at: record.archivedAt,
    contact: contact && {
      given_name: contact.given_name,
      family_name: contact.family_name,
      email: contact.email,
    },
    data: record.data,
  };
}

function formState(form: FormRecord): FormState {
  return {
    workspace: form.workspace.id,
    owner: form.owner.id,
    template: form.template.id,
    customization: form.customization,
    user: form.user,
    created_at: form.createdAt,
    updated_at: form.updatedAt,
    status: form.status,
    archived: form.archived,
    active: form.active,
    completed: form.completed,
    processed: form.processed,
    webhooks: form.webhooks,
  };
}

function responseState(response: ResponseRecord): ResponseState {
  return {
    form: response.form.id,
    created_at: response.createdAt,
    updated_at: response.updatedAt,
    completed_at: response.completedAt,
    answers: response.answers,
  };
}

function attachmentState(attachment: AttachmentRecord): AttachmentState {
  return {
    workspace: attachment.workspace.id,
    response: attachment.response?.id ?? null,
    filename: attachment.filename,
    content_type: attachment.contentType,
    size: attachment.size,
    created_at: attachment.createdAt,
    source: attachment.source,
    sha256: attachment.sha256,
  };
}

function signatureState(signature: SignatureRecord): SignatureState {
  return { response: signature.response.id, signer: signature.signer, signed_at: signature.signedAt };
}

function jobState(job: JobRecord): JobState {
  return {
    workspace: job.workspace.id,
    attachment: { id: job.attachment.id, ...attachmentState(job.attachment) },
    fields: job.fields,
    created_at: job.createdAt,
  };
}

function grantState(grant: Grant): GrantState {
  return {
    client: grant.client.client_id,
    workspace: grant.workspace.id,
    user: grant.user.id,
    scopes: grant.scopes,
    refresh_token: grant.refreshToken,
    access_token: grant.accessToken,
  };
}

/**
 * Puts entries' states back into the stores, resolving the ids they refer to. Records that
 * never change once made (attachments, signatures, jobs) are left alone when present; a gone
 * attachment or signature went with its response, whose own entry removes it.
 */
export class EntryApplier {
  readonly #state: SandboxState;
  readonly #workspaces: Map<string, WorkspaceRecord>;
  readonly #users: Map<string, OwnerRecord>;

  constructor(state: SandboxState) {
    this.#state = state;
    this.#workspaces = new Map(state.store.workspaces().map((w) => [w.id, w]));
    this.#users = new Map(state.store.users().map((u) => [u.id, u]));
  }

  /** @throws DataDirError when the entry refers to a record the state does not hold */
  apply([kind, id, state]: Entry): void {
    switch (kind) {
      case 'case':
        this.#case(id, state as CaseState | null);
        break;
      case 'reference':
        if (state !== null) this.#state.store.setReferencesIssued(this.#workspace(id), state as number);
        break;
      case 'token':
        this.#token(id, state as TokenState | null);
        break;
      case 'form':
        this.#form(id, state as FormState | null);
        break;
      case 'response':
        this.#response(id, state as ResponseState | null);
        break;
      case 'attachment':
        if (state !== null && !this.#state.forms.findAttachment(id)) {
          this.#state.forms.insertAttachment(this.#attachment(id, state as AttachmentState));
        }
        break;
      case 'signature':
        this.#signature(id, state as SignatureState | null);
        break;
      case 'job':
        this.#job(id, state as JobState | null);
        break;
      case 'grant':
        this.#grant(id, state as GrantState | null);
        break;
      case 'client':
        if (state !== null && !this.#state.clients.find(id)) {
          this.#state.clients.provision(state as OAuthClient);
        }
        break;
    }
  }

  #case(id: string, state: CaseState | null): void {
    if (state === null) return;
    const { store } = this.#state;
    const existing = store.find(id);
    const changes = { updatedAt: state.updated_at, archivedAt: state.archived_at, data: state.data };
    if (existing && !existing.isTemplate) {
      store.updateCase(existing, changes);
      return;
    }
    const { contact } = state;
    store.insertCase({
      isTemplate: false,
      id,
      workspace: this.#workspace(state.workspace),
      owner: this.#user(state.owner),
      template: this.#caseTemplate(state.template),
      title: state.title,
      status: state.status,
      parentStatus: state.parent_status,
      waitingFor: state.waiting_for,
      reference: state.reference,
      createdAt: state.created_at,
      contact: contact && makeContact(contact.given_name, contact.family_name, contact.email),
      ...changes,
    });
  }

  #token(token: string, state: TokenState | null): void {
    const { store } = this.#state;
    if (state === null) {
      store.removeToken(token);
      return;
    }
    store.addToken({
      token,
      workspace: this.#workspace(state.workspace),
      owner: this.#user(state.owner),
      revoked: state.revoked,
      ...(state.expires_at === undefined ? {} : { expiresAt: state.expires_at }),
      ...(state.client_id === undefined ? {} : { clientId: state.client_id }),
    });
  }

  #form(id: string, state: FormState | null): void {
    const { forms } = this.#state;
    const existing = forms.findForm(id);
    if (state === null) {
      if (existing) forms.deleteForm(existing);
      return;
    }
    const changes = {
      updatedAt: state.updated_at,
      status: state.status,
      archived: state.archived,
      active: state.active,
      completed: state.completed,
      processed: state.processed,
      webhooks: state.webhooks,
    };
    if (existing) {
      forms.updateForm(existing, changes);
      return;
    }
    const workspace = this.#workspace(state.workspace);
    forms.insertForm({
      id,
      workspace,
      owner: this.#user(state.owner),
      template: this.#formTemplate(workspace, state.template),
      customization: state.customization,
      user: state.user,
      createdAt: state.created_at,
      responses: [],
      ...changes,
    });
  }

  #response(id: string, state: ResponseState | null): void {
    const { forms } = this.#state;
    const existing = forms.findResponse(id);
    if (state === null) {
      if (existing) forms.deleteResponse(existing);
      return;
    }
    const changes = {
      updatedAt: state.updated_at,
      completedAt: state.completed_at,
      answers: state.answers,
    };
    if (existing) {
      forms.updateResponse(existing, changes);
      return;
    }
    forms.insertResponse({
      id,
      form: this.#formOf(state.form),
      createdAt: state.created_at,
      attachments: [],
      signatures: [],
      ...changes,
    });
  }

  #attachment(id: string, state: AttachmentState): AttachmentRecord {
    return {
      id,
      workspace: this.#workspace(state.workspace),
      response: state.response === null ? null : this.#responseOf(state.response),
      filename: state.filename,
      contentType: state.content_type,
      size: state.size,
      createdAt: state.created_at,
      source: state.source,
      sha256: state.sha256,
    };
  }

  #signature(id: string, state: SignatureState | null): void {
    const { forms } = this.#state;
    if (state === null || forms.findSignature(id)) return;
    forms.insertSignature({
      id,
      response: this.#responseOf(state.response),
      signer: state.signer,
      signedAt: state.signed_at,
    });
  }

  #job(id: string, state: JobState | null): void {
    const { docintel, forms } = this.#state;
    if (state === null || docintel.find(id)) return;
    const { attachment } = state;
    docintel.insert({
      id,
      workspace: this.#workspace(state.workspace),
      // The file may since have gone with its response; the job still reads it.
      attachment:
        forms.findAttachment(attachment.id) ??
        this.#attachment(attachment.id, { ...attachment, response: null }),
      fields: state.fields,
      createdAt: state.created_at,
    });
  }

  #grant(key: string, state: GrantState | null): void {
    const { grants, clients } = this.#state;
    if (state === null) {
      grants.forget(key);
      return;
    }
    const client = clients.find(state.client);
    if (!client) throw missing('OAuth client', state.client);
    grants.restore({
      client,
      workspace: this.#workspace(state.workspace),
      user: this.#user(state.user),
      scopes: state.scopes,
      refreshToken: state.refresh_token,
      accessToken: state.access_token,
    });
  }

  #workspace(id: string): WorkspaceRecord {
    const workspace = this.#workspaces.get(id);
    if (!workspace) throw missing('workspace', id);
    return workspace;
  }

  #user(id: string): OwnerRecord {
    const user = this.#users.get(id);
    if (!user) throw missing('user', id);
    return user;
  }

  #caseTemplate(id: string): TemplateRecord {
    const template = this.#state.store.find(id);
    if (!template?.isTemplate) throw missing('case template', id);
    return template;
  }

  #formTemplate(workspace: WorkspaceRecord, id: string): FormTemplateRecord {
    const template = this.#state.forms.templatesIn(workspace).find((t) => t.id === id);
    if (!template) throw missing('form template', id);
    return template;
  }

  #formOf(id: string): FormRecord {
    const form = this.#state.forms.findForm(id);
    if (!form) throw missing('form', id);
    return form;
  }

  #responseOf(id: string): ResponseRecord {
    const response = this.#state.forms.findResponse(id);
    if (!response) throw missing('response', id);
    return response;
  }
}

function missing(what: string, id: string): DataDirError {
  return new DataDirError(
    `The data directory refers to ${what} ${id}, which its seed does not make: was it written by another version of the sandbox?`,
  );
}
