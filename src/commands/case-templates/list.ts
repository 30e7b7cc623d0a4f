import { z } from 'zod';
import { caseTemplatePages } from '../../api/cases.js';
import type { Context } from '../../context.js';
import { buildListQuery } from '../../core/query.js';
import type { Column } from '../../output/render.js';
import { runList } from '../shared/list.js';
import { PagingFlags, QueryFlags } from '../shared/schemas.js';
import { defineVerb } from '../verb.js';

const FIELDS = [
  'id',
  'title',
  'reference',
  'archived_at',
  'is_template',
  'owner',
  'workspace',
  'created_at',
  'updated_at',
] as const;

const COLUMNS: Column[] = [
  { field: 'id', kind: 'id' },
  { field: 'title' },
  { field: 'reference' },
  { field: 'owner.email', header: 'OWNER' },
  { field: 'updated_at', header: 'UPDATED', kind: 'time' },
];

export const ListCaseTemplatesOptions = z
  .object({
    title: z.string().optional(),
    reference: z.string().optional(),
    archived: z.boolean().optional(),
    owner: z.string().optional(),
    workspace: z.string().optional(),
  })
  .extend(PagingFlags.shape)
  .extend(QueryFlags.shape);
export type ListCaseTemplatesOptions = z.infer<typeof ListCaseTemplatesOptions>;

export async function runListCaseTemplates(options: ListCaseTemplatesOptions, ctx: Context): Promise<void> {
  const { title, reference, archived, owner, workspace } = options;
  const query = buildListQuery('case_templates', {
    flags: { title, reference, archived, owner, workspace },
    filter: options.filter,
    where: options.where,
    sort: options.sort,
  });
  await runList(ctx, {
    noun: 'case templates',
    columns: COLUMNS,
    knownFields: FIELDS,
    paging: options,
    pages: (client) => caseTemplatePages(client, query),
  });
}

export const verb = defineVerb(ListCaseTemplatesOptions, runListCaseTemplates);
