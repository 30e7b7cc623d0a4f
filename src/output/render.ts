/**
 * The output of list and detail commands. Commands describe their columns and hand over rows or
 * a record (with their detail view); the format in use prints them (formats/: one file a format,
 * registered in formats/index.ts), so no command branches on TTY or format. Heavy renderers
 * (string-width, chalk, csv-stringify, jmespath) load only for the format in use.
 */
import { UsageError } from '../core/errors.js';
import type { OutputFormat } from '../global-options.js';
import type { Printer, Reader } from './formats/format.js';
import { FORMATS } from './formats/index.js';
import { quiet } from './formats/quiet.js';
import type { IO } from './io.js';
import type { DetailView, RenderOptions, RowSink } from './types.js';

export { flatten, getPath, parseFields } from './fields.js';
export { FORMATS } from './formats/index.js';
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

/**
 * The format --query or --jq prints in: the format itself when its records are JSON, json for a
 * person's format; a program's format of another kind (csv) refuses them.
 */
export function withQuery(format: OutputFormat, flag: string): OutputFormat {
  const { json, reader } = FORMATS[format];
  if (json !== undefined) return format;
  if (reader === 'records')
    throw new UsageError(`${flag} applies to JSON output: it cannot be used with -o ${format}`, {
      hint: 'use -o json or -o ndjson',
    });
  return 'json';
}

/** The format that prints once --query has had its say. */
function formatInUse(options: Pick<RenderOptions, 'format' | 'query' | 'jq'>): OutputFormat {
  return options.query === undefined
    ? options.format
    : withQuery(options.format, options.jq ? '--jq' : '--query');
}

/**
 * Who reads what the run prints, once -q, --fields and --query have had their say: a person at a
 * terminal ('screen'), a person or a line tool on a pipe ('lines'), or a program, which is also
 * what -q, --fields and --query make of a person's format (they choose what of each record to
 * print). A command with a view of its own for people (a count, a created id, a status screen)
 * prints it for the first two, and its records for 'records'.
 */
export function readerOf(options: Pick<RenderOptions, 'format' | 'quiet' | 'fields' | 'query'>): Reader {
  if (options.quiet || options.fields || options.query !== undefined) return 'records';
  return FORMATS[options.format].reader;
}

/** What prints the records: -q's ids, else the format in use, which for a program's claims stdout without colour. */
function printerFor(io: IO, options: RenderOptions): Printer {
  if (options.quiet) return quiet;
  const format = FORMATS[formatInUse(options)];
  // Machine formats never carry colour, whatever FORCE_COLOR says. --jq's output is for a
  // person at a terminal: coloured there, as gh colours it (jq.ts).
  if (format.reader === 'records' && !options.jq) io.setColorDisabled(true);
  return format;
}

/**
 * The sink a list command writes its rows to. ndjson, csv, plain and -q print each row at once;
 * json streams one array (buffering only for --query); table lays out from a bounded sample
 * of rows, then streams (see table-sink.ts).
 * Throws UsageError for an invalid --query or --jq, before any row is fetched.
 */
export async function createRowSink(io: IO, options: RenderOptions): Promise<RowSink> {
  const printer = printerFor(io, options);
  // A list may be long; one that follows events as they come is read as it grows.
  if (!options.follow) await io.startPager();
  return printer.rows(io, options);
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
  const printer = printerFor(io, options);
  await io.startPager();
  await printer.item(io, options, item, extra.view);
}
