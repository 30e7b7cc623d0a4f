import type { Context } from '../../context.js';
import { renderItem } from '../../output/render.js';
import { renderOptions } from './output.js';

/**
 * The printer of a count. A count is a bare number in table and plain (easy in `$(...)`); the
 * machine formats get `{"count": N}` through the item renderer, so --query and --fields work as
 * elsewhere.
 */
export function countPrinter(ctx: Context): (count: number) => Promise<void> {
  const options = renderOptions(ctx, { columns: [{ field: 'count' }] });
  const bare =
    (options.format === 'table' || options.format === 'plain') && !options.query && !options.fields;
  return (count) => (bare ? ctx.io.write(`${count}\n`) : renderItem(ctx.io, options, { count }));
}
