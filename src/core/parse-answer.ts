import type * as z from 'zod/mini';
import { safeParse } from './zod-parse.js';

const parsedBefore = new WeakSet<z.core.$ZodType>();

/**
 * `safeParse(schema, answer)` (zod-parse.ts), without zod's compiled parser for a schema's first
 * answer. zod v4 compiles a parser (`new Function`) for each object schema on its first parse:
 * that pays back over the pages of a long list, but costs a one-shot command's single answer
 * about 3 ms more than zod's generic parser. Both check the same; later answers of the schema use the compiled one.
 */
export function parseAnswer<T>(schema: z.core.$ZodType<T>, answer: unknown) {
  const first = !parsedBefore.has(schema);
  parsedBefore.add(schema);
  return safeParse(schema, answer, { jitless: first });
}
