/** Builds the renderer options of a command from the checked output flags and its own columns. */
import type { Context } from '../../context.js';
import type { Column, RenderOptions } from '../../output/render.js';

export interface OutputSpec {
  /** default columns of plain and CSV output (and of tables without `tableColumns`) */
  columns: readonly Column[];
  /** default columns of table output, chosen for people */
  tableColumns?: readonly Column[] | undefined;
  /** plural noun for the TTY title line ("Showing 30 of 143 cases") */
  noun?: string;
  /** the field -q prints (default `id`) */
  idField?: string;
}

export function renderOptions(ctx: Context, spec: OutputSpec): RenderOptions {
  const { format, fields, quiet, query, jq, raw } = ctx.output;
  return {
    format,
    columns: [...spec.columns],
    ...(spec.tableColumns ? { tableColumns: [...spec.tableColumns] } : {}),
    ...(fields ? { fields } : {}),
    ...(quiet ? { quiet: true } : {}),
    ...(query !== undefined ? { query } : {}),
    ...(jq ? { jq: true } : {}),
    ...(raw ? { raw: true } : {}),
    ...(spec.noun ? { noun: spec.noun } : {}),
    ...(spec.idField ? { idField: spec.idField } : {}),
    now: () => ctx.now(),
  };
}
