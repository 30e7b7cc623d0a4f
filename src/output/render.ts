/**
 * The output formats of list and detail commands (table, plain, json, ndjson, csv). Commands describe their
 * columns and hand over rows; this module picks the renderer, so no command branches on TTY or format.
 * Heavy renderers (string-width, chalk, csv-stringify, jmespath) load only for the format in use.
 */
import { UsageError } from '../core/errors.js';
import { isCsv } from '../global-options.js';
import { plainText } from './cells.js';
import { columnsForFields } from './columns.js';
import { flatten, getPath, pickFields } from './fields.js';
import { loadFilter } from './filter.js';
import type { IO } from './io.js';
import { jsonArraySink, jsonQuerySink, ndjsonSink, plainSink, quietSink, terminalJson } from './sinks.js';
import type { Column, DetailView, OutputFormat, RenderOptions, RowSink } from './types.js';

export { flatten, getPath, parseFields } from './fields.js';
export { FORMATS_HELP } from './formats-help.js';
export type {
  Column,
  ColumnKind,
  DetailField,
  DetailTable,
  DetailView,
  ListInfo,
  OutputFormat,
  RenderOptions,
  RowSink,
} from './types.js';

/** --query or --jq with -o csv: the filter works on JSON, which CSV is not. */
export function queryWithCsv(flag = '--query'): UsageError {
  return new UsageError(`${flag} applies to JSON output: it cannot be used with -o csv`, {
    hint: 'use -o json or -o ndjson',
  });
}

/** What is actually printed once -q and --query have had their say. */
function effectiveFormat(options: RenderOptions): OutputFormat | 'quiet' {
  if (options.quiet) return 'quiet';
  if (options.query === undefined) return options.format;
  if (isCsv(options.format)) throw queryWithCsv(options.jq ? '--jq' : '--query');
  return options.format === 'ndjson' ? 'ndjson' : 'json';
}

/** Machine formats never carry colour, whatever FORCE_COLOR says. */
function claimFormat(io: IO, format: OutputFormat | 'quiet'): void {
  if (format === 'json' || format === 'ndjson' || isCsv(format)) io.setColorDisabled(true);
}

/** The columns of plain output: --fields when given, else the command's. */
function visibleColumns(options: RenderOptions): Column[] {
  return options.fields ? columnsForFields(options.fields, options.columns) : options.columns;
}

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

function now(options: RenderOptions): () => Date {
  return options.now ?? (() => new Date());
}

/**
 * The sink a list command writes its rows to. ndjson, csv, plain and -q print each row at once;
 * json streams one array (buffering only for --query); table lays out from a bounded sample
 * of rows, then streams (see table-sink.ts).
 * Throws UsageError for an invalid --query or --jq, before any row is fetched.
 */
export async function createRowSink(io: IO, options: RenderOptions): Promise<RowSink> {
  const format = effectiveFormat(options);
  claimFormat(io, format);
  // A list may be long; one that follows events as they come is read as it grows.
  if (!options.follow) await io.startPager();
  const { fields } = options;
  const pick = (row: Record<string, unknown>) => (fields ? pickFields(row, fields) : row);
  switch (format) {
    case 'quiet':
      return quietSink(io, options.idField);
    case 'plain':
      return plainSink(io, visibleColumns(options));
    case 'ndjson': {
      const filter = await loadFilter(io, options, false);
      return filter ? ndjsonSink(io, pick, filter) : ndjsonSink(io, pick);
    }
    case 'json': {
      const filter = await loadFilter(io, options, true);
      return filter ? jsonQuerySink(io, pick, filter) : jsonArraySink(io, pick);
    }
    case 'csv':
    case 'csv-excel': {
      // A stable header: the command's columns unless --fields names others (see csv-sink.ts).
      const { csvSink } = await import('./csv-sink.js');
      const columns = options.columns.map((column) => column.field);
      return csvSink(io, fields ?? (columns.length > 0 ? columns : undefined), format === 'csv-excel');
    }
    case 'table': {
      if (options.follow) {
        const { followTableSink } = await import('./follow-table-sink.js');
        return followTableSink(io, tableColumns(options));
      }
      const { tableSink } = await import('./table-sink.js');
      return tableSink(io, tableColumns(options), {
        now: now(options),
        ...(options.noun ? { noun: options.noun } : {}),
      });
    }
  }
}

/**
 * Prints one object (`get` commands). json: the object, pretty; ndjson: one line; plain: a
 * `key<TAB>value` line per flattened leaf (or per --fields path); csv: header and one row; -q: its
 * id; table: the command's detail view (see detail-view.ts), or with --fields, or for a command
 * without a view, a block over the columns (every leaf when the command gives none either).
 */
export async function renderItem(
  io: IO,
  options: RenderOptions,
  item: Record<string, unknown>,
  extra: { view?: DetailView } = {},
): Promise<void> {
  const format = effectiveFormat(options);
  claimFormat(io, format);
  await io.startPager();
  const { fields } = options;
  const picked = fields ? pickFields(item, fields) : item;
  switch (format) {
    case 'quiet':
      {
        const id = item[options.idField ?? 'id'];
        if (id !== null && id !== undefined) await io.write(`${plainText(id)}\n`);
      }
      return;
    case 'json':
    case 'ndjson': {
      const filter = await loadFilter(io, options, format === 'json');
      if (filter) {
        await io.write(filter(picked));
        return;
      }
      const json = format === 'json' ? JSON.stringify(picked, null, 2) : JSON.stringify(picked);
      await io.write(`${terminalJson(io, json)}\n`);
      return;
    }
    case 'plain': {
      const entries = fields
        ? fields.map((field) => [field, getPath(item, field)] as const)
        : Object.entries(flatten(item));
      await io.write(entries.map(([key, value]) => `${plainText(key)}\t${plainText(value)}\n`).join(''));
      return;
    }
    case 'csv':
    case 'csv-excel': {
      const { csvSink } = await import('./csv-sink.js');
      const sink = csvSink(io, fields, format === 'csv-excel');
      await sink.write(item);
      await sink.end();
      return;
    }
    case 'table': {
      const { renderDetail, viewOfColumns } = await import('./detail-view.js');
      const columns =
        fields || options.columns.length > 0
          ? visibleColumns(options)
          : columnsForFields(Object.keys(flatten(item)), []);
      const view = !fields && extra.view ? extra.view : viewOfColumns(columns);
      await io.write(renderDetail(io, item, view, now(options)()));
      return;
    }
  }
}
