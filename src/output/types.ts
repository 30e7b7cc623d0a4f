/** The shapes shared by the renderers and the commands that call them. */

import type { OutputFormat } from '../global-options.js';
import type { ColumnDef as Column, ColumnKind } from '../resources/types.js';

// Columns are declared with the resources (src/resources) and formats with the global options.
export type { Column, ColumnKind, OutputFormat };

/** What the global output options asked for, plus the command's defaults. */
export interface RenderOptions {
  format: OutputFormat;
  /** the command's default columns of plain and CSV output (a contract for scripts), and of tables without `tableColumns` */
  columns: Column[];
  /** the default columns of table output, chosen for people: readable references and names first */
  tableColumns?: Column[];
  /** --fields, already checked by `parseFields`: replaces the columns for table/plain/csv, selects keys for json/ndjson */
  fields?: string[];
  /** -q: only each row's `id`, one per line, whatever the format */
  quiet?: boolean;
  /** the field -q prints, when the records' identity is not `id` (a profile's name) */
  idField?: string;
  /** --query JMESPath (or with `jq` --jq's program) over the JSON document: the whole array for json, each row for ndjson; turns table/plain into json */
  query?: string;
  /** `query` is a jq program (--jq) */
  jq?: boolean;
  /** with `query`: strings printed bare, lists of strings a line each (as `jq -r`) */
  raw?: boolean;
  /** clock for relative times; tests inject a fixed one */
  now?: () => Date;
  /** plural noun for the table's title line, e.g. 'cases' */
  noun?: string;
  /** rows come one by one for as long as the user watches (`--follow`): a table prints each as it comes */
  follow?: boolean;
}

/** What a list knows once its first page arrived. */
export interface ListInfo {
  /** the API's count of all matching rows */
  total: number;
  /** how many rows the list will print (the limit, the rows of a raw page, or all) */
  expected: number;
}

/** Where a list command sends its rows, one at a time; `end` once after the last. */
export interface RowSink {
  /** called once the first page arrived, before any row: a long table prints its title from it */
  begin?(info: ListInfo): void;
  write(row: Record<string, unknown>): Promise<void>;
  /** `total`: the API's count of all matching rows, for the table's "Showing 30 of 143" title */
  end(info?: { total?: number }): Promise<void>;
}

/** One labelled line of a detail view. */
export interface DetailField {
  /** what a person reads: `Contact`, not `contact.given_name` */
  label: string;
  /** dot path of the value in the item */
  field: string;
  /** how the value is shown, as in tables; times show in full with the relative time beside */
  kind?: ColumnKind;
}

/** A titled table in a detail view, over an array of the item (a case's steps, a form's responses). */
export interface DetailTable {
  title: string;
  /** dot path of the array in the item (or of the map, with `entriesAs`); absent or empty shows `none` */
  field: string;
  columns: Column[];
  /** the field is a map (a form's webhooks, URL -> events): a row per entry, its key and value under these names */
  entriesAs?: { key: string; value: string };
}

/**
 * What `get` commands show on a terminal, declared once per resource: labelled fields, then
 * titled tables, then every entry of an open-ended object (a case's `data`, a response's answers,
 * a document-intelligence result's fields) under labels made from its keys, long JSON values
 * folded to the width. Plain, CSV and JSON output ignore it and carry the whole item.
 */
export interface DetailView {
  fields: DetailField[];
  tables?: DetailTable[];
  /** an object of the item listed entry by entry after the tables (before them with `beforeTables`), under `title` */
  entries?: { title: string; field: string; beforeTables?: boolean };
}
