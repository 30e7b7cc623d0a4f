/** The table sink: buffers the rows (a page or a few for a person at a terminal) and prints them at `end`. */
import type { IO } from './io.js';
import { createChalk } from './style.js';
import { renderRecords } from './table.js';
import type { Column, RowSink } from './types.js';

/** "Showing 30 of 143 cases" (or "Showing 3 cases") above the table; "No cases found" on stderr when empty, so stdout stays empty. */
export function tableSink(
  io: IO,
  columns: readonly Column[],
  options: { noun?: string; now: () => Date },
): RowSink {
  const rows: Record<string, unknown>[] = [];
  return {
    async write(row) {
      rows.push(row);
    },
    async end(info = {}) {
      if (rows.length === 0) {
        io.errorLine(`No ${options.noun ?? 'results'} found`);
        return;
      }
      const of = info.total === undefined ? '' : ` of ${info.total}`;
      const title = options.noun ? `Showing ${rows.length}${of} ${options.noun}\n\n` : '';
      const table = renderRecords(columns, rows, {
        chalk: createChalk(io),
        now: options.now(),
        width: io.terminalWidth(),
      });
      await io.write(title + table);
    },
  };
}
