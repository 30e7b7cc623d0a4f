/** JSON views of the forms-side records, as the API returns them. */
import { iso, isoOrNull } from '../views.js';
import type { FormRecord, FormTemplateRecord, ResponseRecord, SignatureRecord } from './records.js';

/** A form as list items show it (no responses). */
export function formView(form: FormRecord) {
  const { user, owner } = form;
  return {
    id: form.id,
    created_at: iso(form.createdAt),
    updated_at: iso(form.updatedAt),
    status: form.status,
    archived: form.archived,
    active: form.active,
    completed: form.completed,
    processed: form.processed,
    flow: { slug: form.template.slug, customization: form.customization },
    user: {
      given_name: user.given_name,
      family_name: user.family_name,
      email: user.email,
      phone: user.phone,
    },
    owner: { id: owner.id, email: owner.email, name: owner.name },
    workspace: { id: form.workspace.id, slug: form.workspace.slug },
    webhooks: form.webhooks,
  };
}

/** A single form with its responses, oldest first. */
export function formDetailView(form: FormRecord) {
  return { ...formView(form), responses: form.responses.map(responseView) };
}

/** A response with its answers and the references of its attachments and signatures. */
export function responseView(response: ResponseRecord) {
  return {
    id: response.id,
    form: { id: response.form.id },
    created_at: iso(response.createdAt),
    updated_at: iso(response.updatedAt),
    completed_at: isoOrNull(response.completedAt),
    answers: response.answers,
    attachments: response.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      content_type: a.contentType,
      size: a.size,
    })),
    signatures: response.signatures.map((s) => ({ id: s.id, signer: s.signer, signed_at: iso(s.signedAt) })),
  };
}

/** A form template as `/form_templates` lists it. */
export function formTemplateView(template: FormTemplateRecord) {
  return {
    id: template.id,
    slug: template.slug,
    title: template.title,
    description: template.description,
    created_at: iso(template.createdAt),
    updated_at: iso(template.updatedAt),
  };
}

/** `/form_templates/{slug}/options`: the options, and the customizations forms may use. */
export function templateOptionsView(template: FormTemplateRecord) {
  return { slug: template.slug, ...template.options, customizations: template.customizations };
}

/** `/form_templates/{slug}/steps`: steps in order (positions from 1) with their typed fields. */
export function templateStepsView(template: FormTemplateRecord) {
  return {
    slug: template.slug,
    steps: template.steps.map((step, index) => ({
      position: index + 1,
      title: step.title,
      fields: step.fields.map((field) => ({
        name: field.name,
        label: field.label,
        type: field.type,
        required: field.required,
        ...(field.choices ? { choices: field.choices } : {}),
      })),
    })),
  };
}

/** The filename of a signature's signed PDF. */
export function signatureFilename(signature: SignatureRecord): string {
  return `signature-${signature.id}.pdf`;
}

/** A signature's metadata; the signed PDF is the same resource asked for as a file. */
export function signatureView(signature: SignatureRecord) {
  return {
    id: signature.id,
    form: { id: signature.response.form.id },
    response: { id: signature.response.id },
    signer: signature.signer,
    signed_at: iso(signature.signedAt),
    file: { filename: signatureFilename(signature), content_type: 'application/pdf' },
  };
}
