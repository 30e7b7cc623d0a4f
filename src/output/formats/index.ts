/**
 * The output formats by name: the one place a format is registered. Its name goes in
 * OUTPUT_FORMATS (src/global-options.ts: the -o flag's choices, the config's `output`), and this
 * table's type then requires its entry here, which does not compile without one.
 */
import type { OutputFormat } from '../../global-options.js';
import { csv } from './csv.js';
import { csvExcel } from './csv-excel.js';
import type { Format } from './format.js';
import { json } from './json.js';
import { ndjson } from './ndjson.js';
import { plain } from './plain.js';
import { table } from './table.js';

export const FORMATS: { readonly [name in OutputFormat]: Format } = {
  table,
  plain,
  json,
  ndjson,
  csv,
  'csv-excel': csvExcel,
};
