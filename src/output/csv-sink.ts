/**
 * CSV: a header row, then one row per object, quoted by csv-stringify.
 *
 * Columns are the --fields paths when given. Otherwise they are every leaf of the FIRST row,
 * flattened to dot keys (`owner.email`, `contact.given_name`), arrays JSON-encoded; a later row
 * with extra keys keeps that first header. Streaming rules out scanning all rows for the union of
 * keys, and a fixed header is what spreadsheet imports expect; --fields pins columns explicitly.
 */
import { stringify } from 'csv-stringify/sync';
import { scalarText } from './cells.js';
import { getIn, leafPaths } from './fields.js';
import type { IO } from './io.js';
import type { RowSink } from './types.js';

/** One CSV record; values are made text here so csv-stringify does not cast booleans to 1/''. */
function record(values: readonly unknown[]): string {
  return stringify([values.map(scalarText)]);
}

/** The CSV sink; with `fields` the header is known up front and printed even when there are no rows. */
export function csvSink(io: IO, fields?: readonly string[]): RowSink {
  let paths = fields?.map((field) => field.split('.'));
  let headerWritten = false;
  const writeHeader = async (header: string[][]) => {
    headerWritten = true;
    await io.write(record(header.map((path) => path.join('.'))));
  };
  return {
    async write(row) {
      paths ??= leafPaths(row);
      if (!headerWritten) await writeHeader(paths);
      await io.write(record(paths.map((path) => getIn(row, path))));
    },
    async end() {
      if (paths && !headerWritten) await writeHeader(paths);
    },
  };
}
