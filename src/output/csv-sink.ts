/**
 * CSV: a header row, then one row per object, quoted by csv-stringify.
 *
 * Lists pass their columns: the --fields paths, else the command's default columns, so the
 * header never depends on which row comes first (a first row with `contact: null` or fewer
 * `data` keys would otherwise hide columns of later rows). Only a single object (`get`) takes
 * its columns from its own leaves, flattened to dot keys (`owner.email`), arrays JSON-encoded.
 */
import { stringify } from 'csv-stringify/sync';
import { escapeControls } from '../core/text/quote.js';
import { scalarText } from './cells.js';
import { getIn, leafPaths } from './fields.js';
import type { IO } from './io.js';
import type { RowSink } from './types.js';

/**
 * One CSV record; values are made text here so csv-stringify does not cast booleans to 1/''.
 * On a terminal control characters show in caret notation (a title must not set the window's
 * title); piped, the data is exact.
 */
function record(values: readonly unknown[], terminal: boolean, excel: boolean): string {
  return stringify(
    [values.map((value) => (terminal ? escapeControls(scalarText(value)) : scalarText(value)))],
    // A line break inside a value is quoted, whatever the record delimiter (csv-stringify quotes
    // only the delimiter's own characters).
    excel ? { record_delimiter: 'windows', quoted_match: /[\r\n]/ } : {},
  );
}

/**
 * The CSV sink; with `fields` the header is known up front and printed even when there are no
 * rows. `excel` (-o csv-excel): a UTF-8 byte-order mark first and CRLF line ends, as Excel needs
 * to read UTF-8 (without the mark it reads the ANSI code page: Chloé as ChloÃ©).
 */
export function csvSink(io: IO, fields?: readonly string[], excel = false): RowSink {
  const terminal = io.isStdoutTTY();
  let paths = fields?.map((field) => field.split('.'));
  let headerWritten = false;
  const writeHeader = async (header: string[][]) => {
    headerWritten = true;
    const text = record(
      header.map((path) => path.join('.')),
      terminal,
      excel,
    );
    await io.write(excel ? `\uFEFF${text}` : text);
  };
  return {
    async write(row) {
      paths ??= leafPaths(row);
      if (!headerWritten) await writeHeader(paths);
      await io.write(
        record(
          paths.map((path) => getIn(row, path)),
          terminal,
          excel,
        ),
      );
    },
    async end() {
      if (paths && !headerWritten) await writeHeader(paths);
    },
  };
}
