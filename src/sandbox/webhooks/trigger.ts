/**
 * The trigger hook's behaviour: simulates what happens outside the API (a
 * respondent creating, updating, completing or deleting a response; the form
 * deleted in the web application) and emits the event, so webhook receivers
 * and `wfd sandbox trigger` can be tried. Any workspace's form; no token.
 */
import * as z from 'zod';
import { Uuid } from '../../resources/shared.js';
import type { Reply, Services } from '../context.js';
import { invalid, standardError, type ValidationIssue } from '../errors.js';
import type { FormRecord, ResponseRecord } from '../forms/records.js';
import { attachFiles, attachNamedFiles, fillAnswers, sign, startResponse } from '../forms/respondent.js';
import { formView, responseView } from '../forms/views.js';
import { createRng, hashString } from '../random.js';
import { zodOf } from '../shapes.js';
import { parseBody } from '../validation.js';

const uuidString = zodOf(Uuid) as z.ZodType<string>;

import type { Delivery } from './deliveries.js';
import { withOverrides } from './overrides.js';

/** The events a trigger can simulate; the other forms:* events come from POST and PATCH /v1/forms. */
export const TRIGGERABLE = [
  'responses:created',
  'responses:updated',
  'responses:completed',
  'responses:deleted',
  'forms:deleted',
] as const;

const TriggerBody = z.strictObject({
  event: z.enum(TRIGGERABLE),
  form_id: uuidString,
  response_id: uuidString.optional(),
  attachments: z.number().int().min(0).max(10).optional(),
  /** Files added under exactly these names, as a respondent's own files would be named. */
  filenames: z.array(z.string().min(1).max(1000)).min(1).max(20).optional(),
  signature: z.boolean().optional(),
  /** Fields of the delivered `data` replaced, by dot path (overrides.ts); the records keep theirs. */
  set: z.record(z.string(), z.unknown()).optional(),
});
type TriggerInput = z.infer<typeof TriggerBody>;

/**
 * POST /_sandbox/trigger: performs the action (with `set`, the payload's data overridden) and answers 202
 * `{event, form_id, response_id, delivery_ids}`; the deliveries start once the answer is sent.
 * @throws SandboxError 400 for an invalid body, 404 for an unknown form or
 *   response, 409 for completing a completed response
 */
export function trigger(body: unknown, services: Services): Reply {
  const input = parseBody(TriggerBody, body);
  checkCombination(input);
  const form = services.forms.findForm(input.form_id);
  if (!form) throw standardError(404, 'Form not found');
  if (input.event === 'forms:deleted') {
    const deliveries = services.webhooks.emit(
      form,
      'forms:deleted',
      withOverrides(formView(form), input.set),
    );
    services.forms.deleteForm(form);
    return accepted(input, null, deliveries);
  }
  // An event about a response the form lacks first creates one, as a respondent would: the
  // event then always has something to act on, and a subscriber to responses:created hears of it.
  const created =
    input.event !== 'responses:created' && input.response_id === undefined && !latest(input.event, form)
      ? act({ event: 'responses:created', form_id: input.form_id }, form, services).deliveries
      : [];
  const { response, deliveries } = act(input, form, services);
  return accepted(input, response.id, [...created, ...deliveries]);
}

/** The respondent's action and its event: the response acted on and the deliveries emitted. */
function act(
  input: TriggerInput,
  form: FormRecord,
  services: Services,
): { response: ResponseRecord; deliveries: Delivery[] } {
  const response = respond(input, form, services);
  const data = withOverrides(responseView(response), input.set);
  const deliveries = services.webhooks.emit(form, input.event, data);
  if (input.event === 'responses:deleted') services.forms.deleteResponse(response);
  return { response, deliveries };
}

function checkCombination(input: TriggerInput): void {
  const issues: ValidationIssue[] = [];
  if (input.response_id !== undefined && input.event === 'responses:created') {
    issues.push({
      message: 'a new response has no id yet',
      path: ['response_id'],
      type: 'unrecognized_keys',
    });
  }
  const acting = input.event !== 'responses:deleted' && input.event !== 'forms:deleted';
  for (const key of ['attachments', 'filenames', 'signature'] as const) {
    if (input[key] !== undefined && !acting) {
      issues.push({ message: `not used by ${input.event}`, path: [key], type: 'unrecognized_keys' });
    }
  }
  if (input.response_id !== undefined && input.event === 'forms:deleted') {
    issues.push({ message: 'not used by forms:deleted', path: ['response_id'], type: 'unrecognized_keys' });
  }
  if (issues.length > 0) throw invalid('Invalid request body', issues);
}

/** The response the event is about, after the respondent's action (a deletion happens after the event is emitted). */
function respond(input: TriggerInput, form: FormRecord, services: Services): ResponseRecord {
  const { forms, clock, newId } = services;
  const now = clock.now();
  const response =
    input.event === 'responses:created' ? startResponse(forms, form, newId(), now) : target(input, form);
  if (input.event === 'responses:deleted') return response;
  if (input.event === 'responses:completed' && response.completedAt !== null) {
    throw standardError(409, 'Response is already completed');
  }
  const rng = createRng(hashString(`${response.id}/${now}`));
  attachFiles(forms, response, input.attachments ?? 0, rng, newId, now);
  attachNamedFiles(forms, response, input.filenames ?? [], rng, newId, now);
  if (input.signature) sign(forms, response, newId(), now);
  const complete = input.event === 'responses:completed' || response.completedAt !== null;
  forms.updateResponse(response, {
    answers: fillAnswers(response, complete, rng),
    updatedAt: now,
    completedAt: complete ? (response.completedAt ?? now) : null,
  });
  if (input.event === 'responses:created' && form.status === 'sent') {
    forms.updateForm(form, { status: 'opened', updatedAt: now });
  }
  if (input.event === 'responses:completed') {
    forms.updateForm(form, { status: 'completed', completed: true, active: false, updatedAt: now });
  }
  return response;
}

/**
 * The response named by `response_id` (it must belong to the form), or else the
 * form's latest one: the latest open one for `responses:completed`.
 */
function target(input: TriggerInput, form: FormRecord): ResponseRecord {
  if (input.response_id !== undefined) {
    const id = input.response_id.toLowerCase();
    const response = form.responses.find((r) => r.id === id);
    if (!response) throw standardError(404, 'Response not found on this form');
    return response;
  }
  const found = latest(input.event, form);
  // `trigger` creates a response first when there is none (above): this is never reached.
  if (!found) throw standardError(409, 'The form has no response to act on');
  return found;
}

/** The form's latest response, the latest open one for `responses:completed`. */
function latest(event: TriggerInput['event'], form: FormRecord): ResponseRecord | undefined {
  const candidates =
    event === 'responses:completed' ? form.responses.filter((r) => r.completedAt === null) : form.responses;
  return candidates.at(-1);
}

function accepted(input: TriggerInput, responseId: string | null, deliveries: readonly Delivery[]): Reply {
  return {
    status: 202,
    body: {
      event: input.event,
      form_id: input.form_id.toLowerCase(),
      response_id: responseId,
      delivery_ids: deliveries.map((d) => d.id),
    },
    deliveries,
  };
}
