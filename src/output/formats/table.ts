/**
 * -o table, the default on a terminal: columns laid out to its width, a title, relative times and
 * colour (table-sink.ts); one record as the command's detail view (detail-view.ts). Both load
 * string-width and chalk, so they are imported when a table is printed.
 */
import { columnsForFields, visibleColumns } from '../columns.js';
import { flatten } from '../fields.js';
import type { Column, RenderOptions } from '../types.js';
import type { Format } from './format.js';

export const table: Format = {
  reader: 'screen',
  json: undefined,
  help: 'The default when stdout is a terminal. Columns chosen for people (the reference before the full id), upper-case headers, a "Showing 30 of 143 cases" title, relative times ("3h ago") and colour. To fit the terminal width, long text is cut with "…", then less useful columns are hidden; ids and times are cut only on very narrow terminals, last of all. Not meant for scripts.',
  /** A table lays out from a bounded sample of rows, then streams; followed, it prints each row as it comes. */
  async rows(io, options) {
    if (options.follow) {
      const { followTableSink } = await import('../follow-table-sink.js');
      return followTableSink(io, tableColumns(options));
    }
    const { tableSink } = await import('../table-sink.js');
    return tableSink(io, tableColumns(options), {
      now: options.now ?? (() => new Date()),
      ...(options.noun ? { noun: options.noun } : {}),
    });
  },
  /**
   * The command's detail view; with --fields, or for a command without a view, a block over the
   * columns (every leaf when the command gives none either).
   */
  async item(io, options, item, view) {
    const { renderDetail, viewOfColumns } = await import('../detail-view.js');
    const { fields } = options;
    const columns =
      fields || options.columns.length > 0
        ? visibleColumns(options)
        : columnsForFields(Object.keys(flatten(item)), []);
    const shown = !fields && view ? view : viewOfColumns(columns);
    await io.write(renderDetail(io, item, shown, (options.now ?? (() => new Date()))()));
  },
};

/**
 * The columns of a table: the table's own, or --fields described as the command describes
 * them, none hidden on a narrow terminal since the user named each.
 */
function tableColumns(options: RenderOptions): Column[] {
  const own = options.tableColumns ?? options.columns;
  if (!options.fields) return own;
  return columnsForFields(options.fields, [...own, ...options.columns]).map(
    ({ hidePriority, ...column }) => column,
  );
}
