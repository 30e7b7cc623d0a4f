/** -o plain: tab-separated lines without a header, the columns a contract for scripts. */
import { plainText } from '../cells.js';
import { visibleColumns } from '../columns.js';
import { flatten, getPath } from '../fields.js';
import { plainSink } from '../sinks.js';
import type { Format } from './format.js';

export const plain: Format = {
  reader: 'lines',
  json: undefined,
  help: 'The default when stdout is not a terminal. One line per row, values separated by tabs, no header, no colour. Its columns are a contract for scripts, the full id first, the same for every run and terminal (not the table\'s), or those named by --fields. Times stay as the API sends them (ISO-8601, UTC), empty values are empty strings, tabs and newlines inside values become spaces, and objects or arrays are written as compact JSON. A single object (get) prints a "field<TAB>value" line per field.',
  async rows(io, options) {
    return plainSink(io, visibleColumns(options));
  },
  /** a `key<TAB>value` line per flattened leaf, or per --fields path */
  async item(io, options, item) {
    const { fields } = options;
    const entries = fields
      ? fields.map((field) => [field, getPath(item, field)] as const)
      : Object.entries(flatten(item));
    await io.write(entries.map(([key, value]) => `${plainText(key)}\t${plainText(value)}\n`).join(''));
  },
};
