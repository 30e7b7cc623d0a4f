/** Form templates (spec: "Form template"): a template's options and steps by slug (the list: list.ts). */
import type { ApiRequest } from '../core/http/request.js';
import { once } from '../core/once.js';
import { FormTemplateOptions, FormTemplateSteps, single } from './schemas.js';

const SingleOptions = once(() => single(FormTemplateOptions()));
const SingleSteps = once(() => single(FormTemplateSteps()));

const templatePath = (slug: string) => `/form_templates/${encodeURIComponent(slug)}`;

/** GET /v1/form_templates/{slug}/options: the template's configuration options. */
export function getFormTemplateOptions(slug: string): ApiRequest<Record<string, unknown>> {
  return { method: 'GET', path: `${templatePath(slug)}/options`, schema: SingleOptions };
}

/** GET /v1/form_templates/{slug}/steps: the template's steps and their fields. */
export function getFormTemplateSteps(slug: string): ApiRequest<FormTemplateSteps> {
  return { method: 'GET', path: `${templatePath(slug)}/steps`, schema: SingleSteps };
}
