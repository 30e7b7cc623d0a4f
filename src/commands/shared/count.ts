import type { Context } from '../../context.js';
import { readerOf, renderItem } from '../../output/render.js';
import { renderOptions } from './output.js';

/**
 * The printer of a count. A count is a bare number for people (easy in `$(...)`), and for -q; a
 * program's format gets `{"count": N}` through the item renderer, so --query and --fields work as
 * elsewhere.
 */
export function countPrinter(ctx: Context): (count: number) => Promise<void> {
  const options = renderOptions(ctx, { columns: [{ field: 'count' }], idField: 'count' });
  const bare = readerOf(options) !== 'records';
  return (count) => (bare ? ctx.io.write(`${count}\n`) : renderItem(ctx.io, options, { count }));
}
