/** Form templates (spec: "Form template"): the list, and a template's options and steps by slug. */
import type { ApiRequest, QueryParams } from '../core/http.js';
import { type PageRequest, withPage } from './paging.js';
import { envelope, FormTemplate, FormTemplateOptions, FormTemplateSteps, single } from './schemas.js';

const FormTemplatePage = envelope(FormTemplate);
const SingleOptions = single(FormTemplateOptions);
const SingleSteps = single(FormTemplateSteps);

const templatePath = (slug: string) => `/form_templates/${encodeURIComponent(slug)}`;

/** GET /v1/form_templates with the given sort, one page at a time. */
export function listFormTemplates(query: QueryParams): PageRequest<FormTemplate> {
  return (page, size) => ({
    method: 'GET',
    path: '/form_templates',
    query: withPage(query, page, size),
    schema: FormTemplatePage,
  });
}

/** GET /v1/form_templates/{slug}/options: the template's configuration options. */
export function getFormTemplateOptions(slug: string): ApiRequest<Record<string, unknown>> {
  return { method: 'GET', path: `${templatePath(slug)}/options`, schema: SingleOptions };
}

/** GET /v1/form_templates/{slug}/steps: the template's steps and their fields. */
export function getFormTemplateSteps(slug: string): ApiRequest<FormTemplateSteps> {
  return { method: 'GET', path: `${templatePath(slug)}/steps`, schema: SingleSteps };
}
