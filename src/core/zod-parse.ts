/**
 * `z.safeParse` with zod's English messages (`Invalid input: expected string, received
 * number`). src builds its schemas with zod/mini, whose schemas carry no methods, and which
 * loads no locale: the messages are given to each parse here, rather than set for the whole
 * process, so that no order of loading modules can leave a parse without them.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { once } from './once.js';

const english = once(() => en().localeError);

export function safeParse<T extends z.core.$ZodType>(
  schema: T,
  value: unknown,
  params: { reportInput?: boolean; jitless?: boolean } = {},
) {
  return z.safeParse(schema, value, { ...params, error: english() });
}
