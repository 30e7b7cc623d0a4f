/** -o csv-excel: the CSV of -o csv as Excel opens it. */
import { csvPrinter } from './csv.js';
import type { Format } from './format.js';

export const csvExcel: Format = {
  reader: 'records',
  json: undefined,
  help: 'The same CSV as Excel opens it: a UTF-8 byte-order mark first and CRLF line ends (without the mark, Excel reads the file in the ANSI code page, and Chloé shows as ChloÃ©).',
  ...csvPrinter(true),
};
