/**
 * The sandbox's in-memory state: workspaces and their members, tokens and case
 * records (cases and case templates), plus a version counter that every write
 * bumps so derived data (the query cache) can tell when it is stale.
 *
 * Records hold references to their workspace, owner, template and contact
 * instead of ids: lists of 100,000 cases then filter without lookups.
 *
 * Every run-time write names the record it touched in the change log (changes.ts); the
 * seeding-only methods do not, since seeding is repeated on every start.
 */

import type { PARENT_STATUSES, WAITING_FOR } from '../resources/cases.js';
import { type ChangeLog, UNLOGGED } from './changes.js';
import { foldText } from './text.js';
import type { Clock } from './time.js';

export type ParentStatus = (typeof PARENT_STATUSES)[number];
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
  /** BCP 47 language tag, e.g. `fr-FR` (the OAuth id_token carries it). */
  readonly locale: string;
}

export interface TokenRecord {
  readonly token: string;
  readonly workspace: WorkspaceRecord;
  readonly owner: OwnerRecord;
  revoked: boolean;
  /** Epoch ms from which the token is invalid; absent for personal tokens (valid until revoked). */
  expiresAt?: number;
  /** The OAuth client that was issued the token; absent for personal tokens. */
  readonly clientId?: string;
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
  readonly #memberships = new Map<OwnerRecord, WorkspaceRecord[]>();
  readonly #tokens = new Map<string, TokenRecord>();
  readonly #members = new Map<WorkspaceRecord, OwnerRecord[]>();
  readonly #records = new Map<string, CaseLike>();
  readonly #cases = new Map<WorkspaceRecord, CaseRecord[]>();
  readonly #templates = new Map<WorkspaceRecord, TemplateRecord[]>();
  readonly #referenceSeq = new Map<WorkspaceRecord, number>();
  #changes: ChangeLog = UNLOGGED;

  /** `clock` decides when tokens expire. */
  constructor(private readonly clock: Clock) {}

  /** From now on, every write is reported to `changes`. */
  logChangesTo(changes: ChangeLog): void {
    this.#changes = changes;
  }

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

  /** Makes a user a member of a workspace (seeding only). */
  addMember(workspace: WorkspaceRecord, user: OwnerRecord): void {
    const workspaces = this.#memberships.get(user);
    if (workspaces) workspaces.push(workspace);
    else this.#memberships.set(user, [workspace]);
    this.#members.set(workspace, [...this.membersOf(workspace), user]);
  }

  /** The users of a workspace, in the order they joined it. */
  membersOf(workspace: WorkspaceRecord): readonly OwnerRecord[] {
    return this.#members.get(workspace) ?? [];
  }

  /** Every user, in seeding order. */
  users(): readonly OwnerRecord[] {
    return [...this.#memberships.keys()];
  }

  /** The user with this e-mail address, compared without case; undefined when none. */
  userByEmail(email: string): OwnerRecord | undefined {
    const wanted = email.toLowerCase();
    return this.users().find((user) => user.email.toLowerCase() === wanted);
  }

  /** The workspaces a user is a member of, in seeding order. */
  workspacesOf(user: OwnerRecord): readonly WorkspaceRecord[] {
    return this.#memberships.get(user) ?? [];
  }

  /** Adds a token bound to one workspace and user: seeded personal tokens and OAuth access tokens. */
  addToken(token: TokenRecord): void {
    this.#tokens.set(token.token, token);
    this.#changes.touched('token', token.token);
  }

  /** The token record, revoked or not; undefined when unknown or expired. */
  token(token: string): TokenRecord | undefined {
    const record = this.#tokens.get(token);
    if (record?.expiresAt !== undefined && this.clock.now() >= record.expiresAt) return undefined;
    return record;
  }

  /** The token record whatever its state (expired, revoked); undefined when unknown. */
  findToken(token: string): TokenRecord | undefined {
    return this.#tokens.get(token);
  }

  /** The personal tokens, in seeding order. */
  tokens(): readonly TokenRecord[] {
    return [...this.#tokens.values()].filter((record) => record.clientId === undefined);
  }

  /** Forgets a token (an OAuth access token that was replaced): it is unknown from now on. */
  removeToken(token: string): void {
    this.#tokens.delete(token);
    this.#changes.touched('token', token);
  }

  /** Makes a token expire now; false when it is unknown or already expired. */
  expireToken(token: string): boolean {
    const record = this.token(token);
    if (!record) return false;
    record.expiresAt = this.clock.now();
    this.#changes.touched('token', token);
    return true;
  }

  /** Revokes a token; false when it is unknown. Revocation is immediate and final. */
  revokeToken(token: string): boolean {
    const record = this.#tokens.get(token);
    if (!record) return false;
    record.revoked = true;
    this.#changes.touched('token', token);
    return true;
  }

  /** Adds a case template to its workspace (seeding only). */
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
    this.#changes.touched('case', record.id);
  }

  /** Applies changes to a case in place. */
  updateCase(record: CaseRecord, changes: CaseChanges): void {
    Object.assign(record, changes);
    this.#version++;
    this.#changes.touched('case', record.id);
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
    const n = this.referencesIssued(workspace) + 1;
    this.#referenceSeq.set(workspace, n);
    this.#changes.touched('reference', workspace.id);
    return `${workspace.slug.toUpperCase()}-${String(n).padStart(6, '0')}`;
  }

  /** How many references `nextReference` has issued in a workspace. */
  referencesIssued(workspace: WorkspaceRecord): number {
    return this.#referenceSeq.get(workspace) ?? 0;
  }

  /** Sets the count of issued references (a data directory's state); the next one follows it. */
  setReferencesIssued(workspace: WorkspaceRecord, count: number): void {
    this.#referenceSeq.set(workspace, count);
    this.#changes.touched('reference', workspace.id);
  }
}
