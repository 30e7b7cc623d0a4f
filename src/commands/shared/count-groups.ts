/**
 * `<noun> count --group-by a,b`: one row per combination of the fields' values with its count.
 * Group rows nest dotted fields as records do (`--group-by flow.slug` -> `{"flow": {"slug":
 * "nda"}, "count": 3}`), so `--fields`, plain and CSV columns name them as the list does.
 */
import type { GroupedCount } from '../../api/count-groups.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { putOwn } from '../../core/guards.js';
import { quote } from '../../core/text/quote.js';
import { createRowSink } from '../../output/render.js';
import { countPrinter } from './count.js';
import { renderOptions } from './output.js';

const FIELD_RE = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*$/;

/** `status,flow.slug` -> the field names: field paths, at least one, none twice. */
export function parseGroupBy(text: string): string[] {
  const fields = text.split(',').map((field) => field.trim());
  for (const field of fields) {
    if (!FIELD_RE.test(field)) {
      throw new UsageError(
        `invalid --group-by field ${quote(field)}: expected a field such as status or flow.slug`,
      );
    }
  }
  const twice = fields.find((field, i) => fields.indexOf(field) !== i);
  if (twice) throw new UsageError(`--group-by names ${quote(twice)} twice`);
  const nested = fields.find((field) => fields.some((other) => field.startsWith(`${other}.`)));
  if (nested) throw new UsageError(`--group-by names ${quote(nested)} inside another of its fields`);
  return fields;
}

/** Prints the groups, or the total with a warning when the API did not group. */
export async function printGroups(
  ctx: Context,
  fields: readonly string[],
  answer: GroupedCount,
): Promise<void> {
  const { total, groups } = answer;
  if (!groups) {
    ctx.io.errorLine(
      'warning: the API answered a count without groups (is group_by supported?); printing the total',
    );
    await countPrinter(ctx)(total);
    return;
  }
  const columns = [...fields.map((field) => ({ field })), { field: 'count' }];
  const sink = await createRowSink(ctx.io, renderOptions(ctx, { columns, noun: 'groups' }));
  for (const group of groups) await sink.write(groupRow(fields, group.values, group.count));
  await sink.end();
}

/** `['flow.slug']`, `['nda']`, 3 -> `{flow: {slug: 'nda'}, count: 3}`. */
function groupRow(
  fields: readonly string[],
  values: readonly unknown[],
  count: number,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  fields.forEach((field, i) => {
    const path = field.split('.');
    let target = row;
    for (const segment of path.slice(0, -1)) {
      const next = target[segment];
      if (typeof next === 'object' && next !== null) target = next as Record<string, unknown>;
      else {
        const created: Record<string, unknown> = {};
        putOwn(target, segment, created);
        target = created;
      }
    }
    putOwn(target, path.at(-1)!, values[i] ?? null);
  });
  row.count = count;
  return row;
}
