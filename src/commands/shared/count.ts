import type { Context } from '../../context.js';

/** A count is a bare number on stdout (easy in `$(...)`), or `{"count": N}` as JSON. */
export async function printCount(ctx: Context, count: number): Promise<void> {
  const format = ctx.outputFormat();
  if (format === 'json' || format === 'ndjson') {
    await ctx.io.write(`${JSON.stringify({ count }, null, format === 'json' ? 2 : undefined)}\n`);
  } else if (format === 'csv') {
    await ctx.io.write(`count\n${count}\n`);
  } else {
    await ctx.io.write(`${count}\n`);
  }
}
