import { casePages } from '../../api/cases.js';
import type { Context } from '../../context.js';
import { buildListQuery } from '../../core/query.js';
import { runList } from '../shared/list.js';
import { PagingFlags, QueryFlags } from '../shared/schemas.js';
import { defineVerb } from '../verb.js';
import { CASE_COLUMNS, CASE_FIELDS, CaseFilterFlags } from './shared.js';

export const ListCasesOptions = CaseFilterFlags.extend(PagingFlags.shape).extend(QueryFlags.shape);
export type ListCasesOptions = typeof ListCasesOptions._output;

export async function runListCases(options: ListCasesOptions, ctx: Context): Promise<void> {
  // Built (and so validated) before credentials are read: bad input exits 2 with no request.
  const query = buildListQuery('cases', {
    // The filter flags are read by name; the other options are ignored.
    flags: options,
    filter: options.filter,
    where: options.where,
    sort: options.sort,
  });
  await runList(ctx, {
    noun: 'cases',
    columns: CASE_COLUMNS,
    knownFields: CASE_FIELDS,
    paging: options,
    pages: (client) => casePages(client, query),
  });
}

export const verb = defineVerb(ListCasesOptions, runListCases);
