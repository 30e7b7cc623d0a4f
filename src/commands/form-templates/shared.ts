import { z } from 'zod';
import { quote } from '../../core/quote.js';
import { explainNotFound } from '../shared/not-found.js';

/** The `<slug>` argument of `options` and `steps`. */
export const SlugArgument = z.object({ slug: z.string().trim().min(1, 'must not be empty') });
export type SlugArgument = z.infer<typeof SlugArgument>;

/** A 404 re-worded for the slug asked for, with a hint on how to find slugs. */
export function explainUnknownSlug<T>(promise: Promise<T>, slug: string): Promise<T> {
  return explainNotFound(
    promise,
    `form template ${quote(slug)}`,
    'run `wfd form-templates list` to see the slugs',
  );
}
