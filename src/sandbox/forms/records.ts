/**
 * Records of the forms side of the API: form templates, forms, responses, and
 * the attachments and signatures of responses. Timestamps are epoch
 * milliseconds; records hold references to their workspace, owner, template
 * and form, as case records do.
 */
import type { STEP_FIELD_TYPES } from '../../resources/form-templates.js';
import type { AttachmentSource } from '../attachments/kinds.js';
import type { OwnerRecord, WorkspaceRecord } from '../store.js';
import type { WebhookMap } from '../webhooks/events.js';

export type FieldType = (typeof STEP_FIELD_TYPES)[number];

/** One field of a template step; `choices` only for `choice` fields. */
export interface TemplateField {
  readonly name: string;
  readonly label: string;
  readonly type: FieldType;
  readonly required: boolean;
  readonly choices?: readonly string[];
}

export interface TemplateStep {
  readonly title: string;
  readonly fields: readonly TemplateField[];
}

/** A template's configuration options, as `/form_templates/{slug}/options` shows them. */
export interface TemplateOptions {
  readonly languages: readonly string[];
  readonly default_language: string;
  /** Days a sent form stays open before it expires. */
  readonly expiry_days: number;
  /** Days after sending on which reminders go out. */
  readonly reminder_days: readonly number[];
  readonly signature_required: boolean;
  readonly allow_attachments: boolean;
  readonly max_attachments: number;
}

/** A named variant of a template (branding, wording), referenced by `flow.customization`. */
export interface Customization {
  readonly id: string;
  readonly name: string;
}

export interface FormTemplateRecord {
  readonly id: string;
  /** Unique within its workspace; the same slug may exist in another workspace. */
  readonly slug: string;
  readonly workspace: WorkspaceRecord;
  readonly title: string;
  readonly description: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly options: TemplateOptions;
  readonly customizations: readonly Customization[];
  readonly steps: readonly TemplateStep[];
}

/** The person a form is sent to. */
export interface FormUser {
  readonly given_name: string | null;
  readonly family_name: string | null;
  readonly email: string;
  readonly phone: string | null;
}

export interface FormRecord {
  readonly id: string;
  readonly workspace: WorkspaceRecord;
  readonly owner: OwnerRecord;
  /** The flow: `flow.slug` is the template's slug. */
  readonly template: FormTemplateRecord;
  /** `flow.customization`: the id of one of the template's customizations, or null. */
  readonly customization: string | null;
  readonly user: FormUser;
  readonly createdAt: number;
  updatedAt: number;
  status: string;
  archived: boolean;
  active: boolean;
  completed: boolean;
  processed: boolean;
  webhooks: WebhookMap;
  /** Oldest first; changed through FormStore only. */
  readonly responses: ResponseRecord[];
}

/** The fields a write may change on a form. */
export type FormChanges = Partial<
  Pick<FormRecord, 'updatedAt' | 'status' | 'archived' | 'active' | 'completed' | 'processed' | 'webhooks'>
>;

/** Field name -> value, per the template's fields: text, numbers, booleans, dates, attachment or signature ids. */
export type Answers = Readonly<Record<string, unknown>>;

export interface ResponseRecord {
  readonly id: string;
  readonly form: FormRecord;
  readonly createdAt: number;
  updatedAt: number;
  completedAt: number | null;
  answers: Answers;
  /** Oldest first; changed through FormStore only. */
  readonly attachments: AttachmentRecord[];
  /** Oldest first; changed through FormStore only. */
  readonly signatures: SignatureRecord[];
}

/** The fields a write may change on a response. */
export type ResponseChanges = Partial<Pick<ResponseRecord, 'updatedAt' | 'completedAt' | 'answers'>>;

/**
 * A file's metadata. Its bytes are kept by id in the blob store (uploads), or
 * made from (seed, id) when read (seeded files and those the trigger hook adds).
 */
export interface AttachmentRecord {
  readonly id: string;
  readonly workspace: WorkspaceRecord;
  /** The response it was submitted with; null for a file uploaded on its own. */
  readonly response: ResponseRecord | null;
  /** As given: it may hold any character, path separators and control characters included. */
  readonly filename: string;
  readonly contentType: string;
  /** Bytes. */
  readonly size: number;
  readonly createdAt: number;
  readonly source: AttachmentSource;
  /** Hex SHA-256 of the bytes when known without making them (uploads); else null. */
  readonly sha256: string | null;
}

export interface Signer {
  readonly name: string;
  readonly email: string;
}

/** A signature given in a response; its signed PDF is made on request. */
export interface SignatureRecord {
  readonly id: string;
  readonly response: ResponseRecord;
  readonly signer: Signer;
  readonly signedAt: number;
}
