/**
 * `wfd forms count`: the filters of `forms list`, one number; with `--group-by a,b` one row per
 * combination of the fields' values with its count (`group_by=a,b`: the spec does not show the
 * grouping parameter, this is wfd's reading). Group rows nest dotted fields as forms do
 * (`--group-by flow.slug` -> `{"flow": {"slug": "nda"}, "count": 3}`), so `--fields`, plain and
 * CSV columns name them as for `forms list`.
 */
import { z } from 'zod';
import { countFormGroups, countForms } from '../../api/forms.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../core/errors.js';
import { putOwn } from '../../core/guards.js';
import { buildListQuery } from '../../core/list-query/build.js';
import { quote } from '../../core/quote.js';
import { createRowSink } from '../../output/render.js';
import { FORMS } from '../../resources/forms.js';
import { countPrinter } from '../shared/count.js';
import { countOptionsSchema } from '../shared/list.js';
import { renderOptions } from '../shared/output.js';
import { defineVerb } from '../verb.js';

export const CountFormsOptions = countOptionsSchema(FORMS).extend({ groupBy: z.string().optional() });
export type CountFormsOptions = z.infer<typeof CountFormsOptions>;

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

export async function runCountForms(options: CountFormsOptions, ctx: Context): Promise<void> {
  // Built (and so validated) before credentials are read: bad input exits 2 with no request.
  const query = buildListQuery(FORMS, { flags: options, ...options, now: ctx.now() });
  const fields = options.groupBy === undefined ? undefined : parseGroupBy(options.groupBy);
  const client = await ctx.api();
  if (!fields) {
    const print = countPrinter(ctx);
    await print(await client.request(countForms(query)));
    return;
  }
  const { total, groups } = await client.request(countFormGroups(query, fields));
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

export const verb = defineVerb(CountFormsOptions, runCountForms, { fields: ['count', ...FORMS.fields] });
