/**
 * The output formats of list and detail commands (DESIGN.md "Output:"). Commands describe their
 * columns and hand over rows; this module picks the renderer, so no command branches on TTY or format.
 * Heavy renderers (cli-table3, csv-stringify, jmespath) load only for the format in use.
 */
import { UsageError } from '../core/errors.js';
import { plainText } from './cells.js';
import { columnsForFields } from './columns.js';
import { flatten, getPath, pickFields } from './fields.js';
import type { IO } from './io.js';
import type { Query } from './query.js';
import { jsonArraySink, jsonQuerySink, ndjsonSink, plainSink, quietSink } from './sinks.js';
import type { Column, ItemSection, OutputFormat, RenderOptions, RowSink } from './types.js';

export { flatten, getPath, parseFields } from './fields.js';
export { FORMATS_HELP } from './formats-help.js';
export type { Column, ColumnKind, ItemSection, OutputFormat, RenderOptions, RowSink } from './types.js';

/** What is actually printed once -q and --query have had their say. */
function effectiveFormat(options: RenderOptions): OutputFormat | 'quiet' {
  if (options.quiet) return 'quiet';
  if (options.query === undefined) return options.format;
  if (options.format === 'csv') {
    throw new UsageError(
      '--query applies to JSON output and cannot be combined with -o csv. Use -o json or -o ndjson.',
    );
  }
  return options.format === 'ndjson' ? 'ndjson' : 'json';
}

/** Machine formats never carry colour, whatever FORCE_COLOR says. */
function claimFormat(io: IO, format: OutputFormat | 'quiet'): void {
  if (format === 'json' || format === 'ndjson' || format === 'csv') io.setColorDisabled(true);
}

async function loadQuery(options: RenderOptions): Promise<Query | undefined> {
  if (options.query === undefined) return undefined;
  const { compileQuery } = await import('./query.js');
  return compileQuery(options.query);
}

/** The columns of table and plain output: --fields when given, else the command's. */
function visibleColumns(options: RenderOptions): Column[] {
  return options.fields ? columnsForFields(options.fields, options.columns) : options.columns;
}

function now(options: RenderOptions): () => Date {
  return options.now ?? (() => new Date());
}

/**
 * The sink a list command writes its rows to. ndjson, csv, plain and -q print each row at once;
 * json streams one array (buffering only for --query); table buffers and prints at `end`.
 * Throws UsageError for an invalid --query, before any row is fetched.
 */
export async function createRowSink(io: IO, options: RenderOptions): Promise<RowSink> {
  const format = effectiveFormat(options);
  claimFormat(io, format);
  const { fields } = options;
  const pick = (row: Record<string, unknown>) => (fields ? pickFields(row, fields) : row);
  switch (format) {
    case 'quiet':
      return quietSink(io);
    case 'plain':
      return plainSink(io, visibleColumns(options));
    case 'ndjson': {
      const query = await loadQuery(options);
      return ndjsonSink(io, query ? (row) => query(pick(row)) : pick);
    }
    case 'json': {
      const query = await loadQuery(options);
      return query ? jsonQuerySink(io, pick, query) : jsonArraySink(io, pick);
    }
    case 'csv': {
      // A stable header: the command's columns unless --fields names others (see csv-sink.ts).
      const { csvSink } = await import('./csv-sink.js');
      const columns = options.columns.map((column) => column.field);
      return csvSink(io, fields ?? (columns.length > 0 ? columns : undefined));
    }
    case 'table': {
      const { tableSink } = await import('./table-sink.js');
      return tableSink(io, visibleColumns(options), {
        now: now(options),
        ...(options.noun ? { noun: options.noun } : {}),
      });
    }
  }
}

/**
 * Prints one object (`get` commands). json: the object, pretty; ndjson: one line; plain: a
 * `key<TAB>value` line per flattened leaf (or per --fields path); csv: header and one row; -q: its
 * id; table: a key/value block over the command's columns (or --fields; every leaf when the
 * command gives none), then `sections` as titled tables. Sections appear in table output only:
 * a command that wants them in json too puts them in the item as well.
 */
export async function renderItem(
  io: IO,
  options: RenderOptions,
  item: Record<string, unknown>,
  extra: { sections?: ItemSection[] } = {},
): Promise<void> {
  const format = effectiveFormat(options);
  claimFormat(io, format);
  const { fields } = options;
  const picked = fields ? pickFields(item, fields) : item;
  switch (format) {
    case 'quiet':
      if (item.id !== null && item.id !== undefined) await io.write(`${plainText(item.id)}\n`);
      return;
    case 'json':
    case 'ndjson': {
      const query = await loadQuery(options);
      const document = query ? query(picked) : picked;
      await io.write(`${format === 'json' ? JSON.stringify(document, null, 2) : JSON.stringify(document)}\n`);
      return;
    }
    case 'plain': {
      const entries = fields
        ? fields.map((field) => [field, getPath(item, field)] as const)
        : Object.entries(flatten(item));
      await io.write(entries.map(([key, value]) => `${key}\t${plainText(value)}\n`).join(''));
      return;
    }
    case 'csv': {
      const { csvSink } = await import('./csv-sink.js');
      const sink = csvSink(io, fields);
      await sink.write(item);
      await sink.end();
      return;
    }
    case 'table': {
      const { renderItemBlock } = await import('./item-block.js');
      const columns =
        fields || options.columns.length > 0
          ? visibleColumns(options)
          : columnsForFields(Object.keys(flatten(item)), []);
      await io.write(renderItemBlock(io, columns, item, extra.sections ?? [], now(options)()));
      return;
    }
  }
}
