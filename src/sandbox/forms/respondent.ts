/**
 * What a respondent does to a form, as store writes: start a response, fill in
 * answers, attach files, sign. The seed and the trigger hook both use these, so
 * seeded and simulated responses look alike.
 */
import { type GeneratedFile, generatedAttachment } from '../attachments/generated.js';
import { pickSmallKind, randomSize } from '../attachments/kinds.js';
import { chance, pick, type Rng, randomInt } from '../random.js';
import { DAY } from '../time.js';
import type {
  Answers,
  AttachmentRecord,
  FormRecord,
  FormTemplateRecord,
  ResponseRecord,
  SignatureRecord,
  TemplateField,
} from './records.js';
import type { FormStore } from './store.js';

/** Starts an empty response to `form` at time `at`. */
export function startResponse(forms: FormStore, form: FormRecord, id: string, at: number): ResponseRecord {
  const response: ResponseRecord = {
    id,
    form,
    createdAt: at,
    updatedAt: at,
    completedAt: null,
    answers: {},
    attachments: [],
    signatures: [],
  };
  forms.insertResponse(response);
  return response;
}

/**
 * Adds `count` generated attachments (documents, images, text files; their
 * bytes are made when read) to a response, named after the template's first
 * file field (`receipts-1.pdf`), or `document-1.pdf` without one.
 */
export function attachFiles(
  forms: FormStore,
  response: ResponseRecord,
  count: number,
  rng: Rng,
  newId: () => string,
  at: number,
): AttachmentRecord[] {
  return Array.from({ length: count }, () => {
    const kind = pickSmallKind(rng);
    return attachFile(forms, response, { id: newId(), kind, size: randomSize(kind, rng) }, at);
  });
}

/** Adds a generated file under each of `filenames`, as the respondent's own files would be named. */
export function attachNamedFiles(
  forms: FormStore,
  response: ResponseRecord,
  filenames: readonly string[],
  rng: Rng,
  newId: () => string,
  at: number,
): AttachmentRecord[] {
  return filenames.map((filename) => {
    const kind = pickSmallKind(rng);
    return attachFile(forms, response, { id: newId(), kind, size: randomSize(kind, rng), filename }, at);
  });
}

/** Adds one generated attachment to a response. */
export function attachFile(
  forms: FormStore,
  response: ResponseRecord,
  file: GeneratedFile,
  at: number,
): AttachmentRecord {
  const stem = layoutOf(response.form.template).firstFile?.name ?? 'document';
  const attachment = generatedAttachment(response, file, stem, at);
  forms.insertAttachment(attachment);
  return attachment;
}

/** Points the answer of the first file field at the response's attachments, once files were added. */
export function answerFiles(forms: FormStore, response: ResponseRecord): void {
  const field = layoutOf(response.form.template).firstFile;
  if (!field) return;
  const ids = response.attachments.map((a) => a.id);
  forms.updateResponse(response, { answers: { ...response.answers, [field.name]: ids } });
}

/** Adds the form user's signature to a response. */
export function sign(forms: FormStore, response: ResponseRecord, id: string, at: number): SignatureRecord {
  const { user } = response.form;
  const name = [user.given_name, user.family_name].filter(Boolean).join(' ') || user.email;
  const signature: SignatureRecord = { id, response, signer: { name, email: user.email }, signedAt: at };
  forms.insertSignature(signature);
  return signature;
}

const ANSWER_DATES_FROM = Date.UTC(1980, 0, 1);
/** The days 1980-01-01..2026-12-31 as `YYYY-MM-DD`, made on first use (formatting each answer is slow). */
let answerDates: readonly string[] | undefined;
function answerDate(rng: Rng): string {
  answerDates ??= Array.from({ length: (Date.UTC(2027, 0, 1) - ANSWER_DATES_FROM) / DAY }, (_, i) =>
    new Date(ANSWER_DATES_FROM + i * DAY).toISOString().slice(0, 10),
  );
  return pick(rng, answerDates);
}
const SAMPLE_TEXTS = [
  'All good, thank you.',
  'Please call me back in the afternoon.',
  'See the attached documents.',
  'Delivery arrived at Straße 12, 1. OG, two days late.',
  'Nothing to add.',
];
// Text fields whose name asks for something other than prose.
const TEXT_SAMPLES: Readonly<Record<string, readonly string[]>> = {
  company: ['Initech GmbH', 'Umbrella s.r.o.', 'Société Générale de Tests', 'Nordwind AB'],
  company_name: ['Initech GmbH', 'Umbrella s.r.o.', 'Société Générale de Tests', 'Nordwind AB'],
  vat_number: ['DE811907980', 'CZ699001234', 'FR40303265045', 'US-EIN-12-3456789'],
};

/**
 * Answers for a response's fields: every field of the template when
 * `complete`, else those of the first step. File fields list the response's
 * attachment ids (all of them in the first file field); the signature field
 * holds its latest signature's id. Fields with nothing to put in are left out.
 */
export function fillAnswers(response: ResponseRecord, complete: boolean, rng: Rng): Answers {
  const layout = layoutOf(response.form.template);
  const answers: Record<string, unknown> = {};
  for (const field of complete ? layout.fields : layout.firstStepFields) {
    const value = answer(field, response, field === layout.firstFile, rng);
    if (value !== undefined) answers[field.name] = value;
  }
  return answers;
}

function answer(field: TemplateField, response: ResponseRecord, firstFile: boolean, rng: Rng): unknown {
  const { user } = response.form;
  switch (field.type) {
    case 'text':
      return field.name === 'full_name'
        ? [user.given_name, user.family_name].filter(Boolean).join(' ') || user.email
        : pick(rng, TEXT_SAMPLES[field.name] ?? SAMPLE_TEXTS);
    case 'email':
      return user.email;
    case 'phone':
      return user.phone ?? undefined;
    case 'date':
      return answerDate(rng);
    case 'number':
      return randomInt(rng, 1, 5000);
    case 'boolean':
      // A required box (accepting terms) cannot be left unticked.
      return field.required || chance(rng, 0.5);
    case 'choice':
      return pick(rng, field.choices ?? ['']);
    case 'file':
      return firstFile ? response.attachments.map((a) => a.id) : [];
    case 'signature':
      return response.signatures.at(-1)?.id;
  }
}

/** A template's fields as answering needs them; computed once per template (seeding makes many responses). */
interface Layout {
  readonly fields: readonly TemplateField[];
  readonly firstStepFields: readonly TemplateField[];
  readonly firstFile: TemplateField | undefined;
}

const layouts = new WeakMap<FormTemplateRecord, Layout>();

function layoutOf(template: FormTemplateRecord): Layout {
  let layout = layouts.get(template);
  if (!layout) {
    const fields = template.steps.flatMap((step) => step.fields);
    layout = {
      fields,
      firstStepFields: template.steps[0]?.fields ?? [],
      firstFile: fields.find((field) => field.type === 'file'),
    };
    layouts.set(template, layout);
  }
  return layout;
}
