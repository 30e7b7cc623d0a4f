/**
 * The sandbox's in-memory state: workspaces, tokens and case records (cases and
 * case templates), plus a version counter that every write bumps so derived
 * data (the query cache) can tell when it is stale.
 *
 * Records hold references to their workspace, owner, template and contact
 * instead of ids: lists of 100,000 cases then filter without lookups.
 */
import { foldText } from './text.js';

export const PARENT_STATUSES = ['draft', 'pending', 'in_progress', 'closed'] as const;
export type ParentStatus = (typeof PARENT_STATUSES)[number];

export const WAITING_FOR = ['none', 'owner', 'contact'] as const;
export type WaitingFor = (typeof WAITING_FOR)[number];

export interface WorkspaceRecord {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
}

/** A user of a workspace: owns cases and templates; each token acts as one. */
export interface OwnerRecord {
  readonly id: string;
  readonly email: string;
  readonly name: string;
}

export interface TokenRecord {
  readonly token: string;
  readonly workspace: WorkspaceRecord;
  readonly owner: OwnerRecord;
  revoked: boolean;
}

export interface ContactRecord {
  readonly given_name: string;
  readonly family_name: string;
  readonly email: string;
  /** Folded "given family email", precomputed for `contact[search]`. */
  readonly searchKey: string;
}

/** A JSON Schema object describing a template's data fields. */
export type DataSchema = Readonly<Record<string, unknown>>;

/** Fields shared by cases and case templates. */
export interface RecordBase {
  readonly id: string;
  readonly workspace: WorkspaceRecord;
  readonly owner: OwnerRecord;
  readonly title: string;
  readonly reference: string;
  readonly createdAt: number;
  updatedAt: number;
  archivedAt: number | null;
}

export interface TemplateRecord extends RecordBase {
  readonly isTemplate: true;
  /** Step titles in order; a case's steps are derived from them. */
  readonly steps: readonly string[];
  readonly schema: DataSchema;
}

export interface CaseRecord extends RecordBase {
  readonly isTemplate: false;
  readonly template: TemplateRecord;
  readonly status: string;
  readonly parentStatus: ParentStatus;
  readonly waitingFor: WaitingFor;
  readonly contact: ContactRecord | null;
  data: Readonly<Record<string, unknown>>;
}

/** Anything addressable as `/v1/cases/{id}`: the spec treats templates as case-like records. */
export type CaseLike = CaseRecord | TemplateRecord;

/** The fields a write may change on a case record. */
export type CaseChanges = Partial<Pick<CaseRecord, 'updatedAt' | 'archivedAt' | 'data'>>;

/** Builds a contact with its search key. */
export function makeContact(given_name: string, family_name: string, email: string): ContactRecord {
  return { given_name, family_name, email, searchKey: foldText(`${given_name} ${family_name} ${email}`) };
}

export class Store {
  #version = 0;
  readonly #workspaces: WorkspaceRecord[] = [];
  readonly #tokens = new Map<string, TokenRecord>();
  readonly #records = new Map<string, CaseLike>();
  readonly #cases = new Map<WorkspaceRecord, CaseRecord[]>();
  readonly #templates = new Map<WorkspaceRecord, TemplateRecord[]>();
  readonly #referenceSeq = new Map<WorkspaceRecord, number>();

  /** Increases on every write to case records; equal versions mean equal query results. */
  get version(): number {
    return this.#version;
  }

  /** Adds a workspace (seeding only). */
  addWorkspace(workspace: WorkspaceRecord): void {
    this.#workspaces.push(workspace);
    this.#cases.set(workspace, []);
    this.#templates.set(workspace, []);
  }

  /** All workspaces, in seeding order. */
  workspaces(): readonly WorkspaceRecord[] {
    return this.#workspaces;
  }

  /** Adds a token bound to one workspace and user (seeding only). */
  addToken(token: TokenRecord): void {
    this.#tokens.set(token.token, token);
  }

  /** The token record, revoked or not; undefined when unknown. */
  token(token: string): TokenRecord | undefined {
    return this.#tokens.get(token);
  }

  /** The tokens, in seeding order. */
  tokens(): readonly TokenRecord[] {
    return [...this.#tokens.values()];
  }

  /** Revokes a token; false when it is unknown. Revocation is immediate and final. */
  revokeToken(token: string): boolean {
    const record = this.#tokens.get(token);
    if (!record) return false;
    record.revoked = true;
    return true;
  }

  /** Adds a case template to its workspace. */
  insertTemplate(template: TemplateRecord): void {
    this.#records.set(template.id, template);
    this.#templates.get(template.workspace)!.push(template);
    this.#version++;
  }

  /** Adds a case to its workspace. */
  insertCase(record: CaseRecord): void {
    this.#records.set(record.id, record);
    this.#cases.get(record.workspace)!.push(record);
    this.#version++;
  }

  /** Applies changes to a case in place. */
  updateCase(record: CaseRecord, changes: CaseChanges): void {
    Object.assign(record, changes);
    this.#version++;
  }

  /** A case or case template of any workspace by id. */
  find(id: string): CaseLike | undefined {
    return this.#records.get(id.toLowerCase());
  }

  /** The cases of a workspace, in insertion order. */
  casesIn(workspace: WorkspaceRecord): readonly CaseRecord[] {
    return this.#cases.get(workspace) ?? [];
  }

  /** The case templates of a workspace, in insertion order. */
  templatesIn(workspace: WorkspaceRecord): readonly TemplateRecord[] {
    return this.#templates.get(workspace) ?? [];
  }

  /** The next case reference of a workspace: `ACME-000001`, `ACME-000002`, ... */
  nextReference(workspace: WorkspaceRecord): string {
    const n = (this.#referenceSeq.get(workspace) ?? 0) + 1;
    this.#referenceSeq.set(workspace, n);
    return `${workspace.slug.toUpperCase()}-${String(n).padStart(6, '0')}`;
  }
}
