import type * as z from 'zod/mini';
import { verbSchema } from '../../cli/flag-schema.js';
import { quote } from '../../core/text/quote.js';
import { explainNotFound } from '../shared/not-found.js';
import { SLUG_ARGUMENT } from './flags.js';

/** The `<slug>` argument of `options` and `steps`. */
export const SlugArgument = verbSchema(SLUG_ARGUMENT);
export type SlugArgument = z.output<typeof SlugArgument>;

/** A 404 re-worded for the slug asked for, with a hint on how to find slugs. */
export function explainUnknownSlug<T>(promise: Promise<T>, slug: string): Promise<T> {
  return explainNotFound(
    promise,
    `form template ${quote(slug)}`,
    'run `wfd form-templates list` to see the slugs',
  );
}
