/** zod pieces shared by verb schemas. */
import { z } from 'zod';
import { flagKey } from '../../core/list-query/params.js';
import type { ResourceDef } from '../../resources/types.js';

/** The paging flags as commander parsed them (integers already checked by intArg). */
export const PagingFlags = z.object({
  limit: z.number().int().positive().optional(),
  all: z.boolean().optional(),
  page: z.number().int().positive().optional(),
  pageSize: z.number().int().positive().optional(),
});

export const QueryFlags = z.object({
  filter: z.string().optional(),
  where: z.array(z.string()).optional(),
  sort: z.string().optional(),
});

export const DryRunFlag = z.object({ dryRun: z.boolean().optional() });

/**
 * The method-1 filter flags of a resource as commander parsed them: switches, repeatable lists,
 * or text. Their values are checked when the query is built (core/list-query/params.ts).
 */
export function filterFlagsShape(resource: ResourceDef) {
  return Object.fromEntries(
    resource.filters.map((filter) => [
      flagKey(filter.flag),
      filter.kind === 'boolean'
        ? z.boolean().optional()
        : 'arrayParam' in filter && filter.arrayParam
          ? z.array(z.string()).optional()
          : z.string().optional(),
    ]),
  ) as Record<string, z.ZodOptional<z.ZodType<string | boolean | string[]>>>;
}
