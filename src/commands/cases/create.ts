import type * as z from 'zod/mini';
import { createCase } from '../../api/cases.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { parseSetPairs, readJsonBody } from '../../core/body.js';
import { isRecord } from '../../core/guards.js';
import { renderItem } from '../../output/render.js';
import { CASES } from '../../resources/cases.js';
import { CASE_TEMPLATE_LOOKUP } from '../shared/id-lookups.js';
import { mutationClient, sendOrPrint } from '../shared/mutation.js';
import { renderOptions } from '../shared/output.js';
import { assertIdForm, resolveId } from '../shared/resolve-id.js';
import { CREATE_CASE } from './flags.js';
import { CASE_DETAIL_VIEW } from './shared.js';

export const CreateCaseOptions = verbSchema(CREATE_CASE);
export type CreateCaseOptions = z.output<typeof CreateCaseOptions>;

export async function runCreateCase(options: CreateCaseOptions, ctx: Context): Promise<void> {
  assertIdForm(options.template, CASE_TEMPLATE_LOOKUP);
  const base = options.body ? await readJsonBody(options.body, () => ctx.io.readStdin()) : {};
  const data = { ...(isRecord(base.data) ? base.data : {}), ...parseSetPairs(options.set) };
  const body = {
    ...base,
    template: { ...(isRecord(base.template) ? base.template : {}), id: options.template },
    title: options.title,
    ...(Object.keys(data).length > 0 ? { data } : {}),
  };
  const render = renderOptions(ctx, { columns: [] });
  const client = await mutationClient(ctx, options.dryRun);
  body.template.id = await resolveId(client, options.template, CASE_TEMPLATE_LOOKUP);
  const created = await sendOrPrint(ctx, client, createCase(body), options.dryRun);
  if (created) await renderItem(ctx.io, render, created, { view: CASE_DETAIL_VIEW });
}

export const verb = defineVerb(CREATE_CASE, CreateCaseOptions, runCreateCase, { fields: CASES.fields });
