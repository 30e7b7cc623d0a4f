/** -o csv: a header row, then a row per record (csv-sink.ts, which loads csv-stringify). */
import type { Format, Printer } from './format.js';

/** The CSV printer; `excel`: as Excel opens it (a byte-order mark, CRLF; see csv-sink.ts). */
export function csvPrinter(excel: boolean): Printer {
  return {
    async rows(io, options) {
      // A stable header: the command's columns unless --fields names others (see csv-sink.ts).
      const { csvSink } = await import('../csv-sink.js');
      const columns = options.columns.map((column) => column.field);
      return csvSink(io, options.fields ?? (columns.length > 0 ? columns : undefined), excel);
    },
    async item(io, options, item) {
      const { csvSink } = await import('../csv-sink.js');
      const sink = csvSink(io, options.fields, excel);
      await sink.write(item);
      await sink.end();
    },
  };
}

export const csv: Format = {
  reader: 'records',
  json: undefined,
  help: 'A header row, then one row per object, quoted where needed (RFC 4180). Lists have the columns of plain (the same for every run), or those named by --fields, where nested fields are dot paths (--fields id,owner.email,data.amount); objects and arrays are JSON-encoded. A single object (get) has a column for each of its fields.',
  ...csvPrinter(false),
};
