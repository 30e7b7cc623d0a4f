/** The shapes shared by the renderers and the commands that call them. */

/** `-o` values. */
export type OutputFormat = 'table' | 'plain' | 'json' | 'ndjson' | 'csv';

/** How a column's values are shown in a table: ids are never truncated, times are relative, statuses coloured. */
export type ColumnKind = 'text' | 'id' | 'time' | 'status' | 'bool';

/** One column of a list or detail view. */
export interface Column {
  /** dot path into the row, e.g. `owner.email` */
  field: string;
  /** default: the last segment of `field`, upper-cased, `_` as a space */
  header?: string;
  /** default: 'text' */
  kind?: ColumnKind;
}

/** What the global output options asked for, plus the command's defaults. */
export interface RenderOptions {
  format: OutputFormat;
  /** the command's default columns (table and plain) */
  columns: Column[];
  /** --fields, already checked by `parseFields`: replaces the columns for table/plain/csv, selects keys for json/ndjson */
  fields?: string[];
  /** -q: only each row's `id`, one per line, whatever the format */
  quiet?: boolean;
  /** --query JMESPath over the JSON document: the whole array for json, each row for ndjson; turns table/plain into json */
  query?: string;
  /** clock for relative times; tests inject a fixed one */
  now?: () => Date;
  /** plural noun for the table's title line, e.g. 'cases' */
  noun?: string;
}

/** Where a list command sends its rows, one at a time; `end` once after the last. */
export interface RowSink {
  write(row: Record<string, unknown>): Promise<void>;
  /** `total`: the API's count of all matching rows, for the table's "Showing 30 of 143" title */
  end(info?: { total?: number }): Promise<void>;
}

/** A titled table under a detail view (for example a case's steps). */
export interface ItemSection {
  title: string;
  columns: Column[];
  rows: Record<string, unknown>[];
}
