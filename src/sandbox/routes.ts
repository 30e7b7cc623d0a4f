/**
 * The handler of each /v1 operation of the API's table (src/resources/operations.ts), by its id:
 * the sandbox serves exactly the table's routes (app.ts), and refuses to start without a handler
 * for one. Uploads are routed by attachments/routes.ts, where multipart bodies are parsed.
 */
import { downloadAttachment, mergeAttachments } from './attachments/handlers.js';
import type { Handler } from './context.js';
import { createJob, getJob } from './docintel/handlers.js';
import { CASE_TEMPLATE_LISTING } from './handlers/case-templates.js';
import {
  archiveCase,
  CASE_LISTING,
  countCases,
  createCase,
  getCase,
  updateCaseData,
} from './handlers/cases.js';
import {
  FORM_TEMPLATE_LISTING,
  getFormTemplateOptions,
  getFormTemplateSteps,
} from './handlers/form-templates.js';
import { countForms, createForm, FORM_LISTING, getForm, updateForm } from './handlers/forms.js';
import { listHandler } from './handlers/listing.js';
import { getResponse } from './handlers/responses.js';
import { getSignature } from './handlers/signatures.js';
import { listWorkspaces } from './handlers/workspaces.js';

export const V1_HANDLERS: Readonly<Record<string, Handler>> = {
  listWorkspaces,
  listCases: listHandler(CASE_LISTING),
  createCase,
  countCases,
  getCase,
  archiveCase,
  updateCaseData,
  listCaseTemplates: listHandler(CASE_TEMPLATE_LISTING),
  listForms: listHandler(FORM_LISTING),
  createForm,
  countForms,
  getForm,
  updateForm,
  getResponse,
  listFormTemplates: listHandler(FORM_TEMPLATE_LISTING),
  getFormTemplateOptions,
  getFormTemplateSteps,
  mergeAttachments,
  downloadAttachment,
  createDocumentIntelligenceJob: createJob,
  getDocumentIntelligenceJob: getJob,
  getSignature,
};
