/** zod pieces shared by verb schemas. */
import { z } from 'zod';

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
