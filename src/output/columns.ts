/** Column defaults: headers, and columns built from --fields. */
import type { Column, ColumnKind, RenderOptions } from './types.js';

/**
 * The column's header, or its whole field path upper-cased with `_` as a space
 * (`owner.given_name` -> `OWNER.GIVEN NAME`): `--fields owner.email,data.email` must not show two `EMAIL`s.
 */
export function headerOf(column: Column): string {
  return column.header ?? column.field.replaceAll('_', ' ').toUpperCase();
}

/** A kind for a field the command did not describe: `*_at` are times, `id` is an id. */
function inferKind(field: string): ColumnKind {
  const last = field.split('.').at(-1)!;
  if (last === 'id') return 'id';
  if (last.endsWith('_at')) return 'time';
  return 'text';
}

/** The columns for --fields: the command's own column where it has one for that field, else an inferred one. */
export function columnsForFields(fields: readonly string[], defaults: readonly Column[]): Column[] {
  return fields.map(
    (field) => defaults.find((column) => column.field === field) ?? { field, kind: inferKind(field) },
  );
}

/** The columns of plain output and of a record's block: --fields when given, else the command's. */
export function visibleColumns(options: RenderOptions): Column[] {
  return options.fields ? columnsForFields(options.fields, options.columns) : options.columns;
}
