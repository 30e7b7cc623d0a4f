/**
 * The table of a followed feed (`sandbox logs -f`, `sandbox deliveries -f`, `webhooks listen`):
 * rows come one at a time for as long as the user watches, so none can wait for a sample. The
 * layout is planned from the header and the first row, printed with the header, and kept: each
 * later row is printed as it comes, within the terminal's width. A `url` column moves last, takes
 * the room the others leave and wraps onto more lines rather than being cut, as does any cell that
 * outgrows its column (a `fill` column takes that room too, where it stands); a column hidden when empty is left out when the first row has nothing in
 * it. Times are clock times (UTC, `TIME UTC`): in a live feed every relative time would read
 * "just now".
 */
import { displayText, paintFor } from './cells.js';
import { headerOf } from './columns.js';
import { getPath } from './fields.js';
import type { IO } from './io.js';
import { createChalk } from './style.js';
import { type Cell, fitOf, formatHead, formatRow, layoutColumns, type TableLayout } from './table.js';
import { createTextMetrics, type TextMetrics } from './text-width.js';
import { clockTime, parseTime } from './time.js';
import type { Column, RowSink } from './types.js';

const TIME_HEADER = 'TIME UTC';

export function followTableSink(
  io: IO,
  columns: readonly Column[],
  metrics: TextMetrics = createTextMetrics(),
): RowSink {
  const chalk = createChalk(io);
  // The URL last: its continuation lines then leave no gaps under the columns after it.
  columns = [...columns.filter((c) => c.kind !== 'url'), ...columns.filter((c) => c.kind === 'url')];
  const head = columns.map((column) => (column.kind === 'time' ? TIME_HEADER : headerOf(column)));
  let layout: TableLayout | undefined;

  const cellsOf = (row: Record<string, unknown>): Cell[] =>
    columns.map((column) => {
      const value = getPath(row, column.field);
      const time = column.kind === 'time' ? parseTime(value) : undefined;
      if (time) return { text: clockTime(time), paint: chalk.dim };
      return {
        text: displayText(value, column.kind, new Date()),
        paint: paintFor(value, column.kind, chalk),
      };
    });

  /**
   * Every column as wide as its header, its first cell and its `minWidth` (the widest value
   * expected: an event name); a `url` or `fill` column as wide as the terminal, to take what is left.
   */
  const plan = (row: Record<string, unknown>, cells: readonly Cell[]): TableLayout => {
    const width = io.terminalWidth();
    const natural = columns.map((column, i) =>
      column.kind === 'url' || column.fill
        ? width
        : Math.max(metrics.width(head[i]!), metrics.width(cells[i]!.text), column.minWidth ?? 0),
    );
    const fits = columns.map((column, i) => fitOf(column, metrics.width(head[i]!)));
    const visible = columns.map((column) => {
      const value = getPath(row, column.field);
      return !column.hideWhenEmpty || (value !== null && value !== undefined && value !== '');
    });
    return layoutColumns(natural, fits, width, visible);
  };

  return {
    async write(row) {
      const cells = cellsOf(row);
      let text = '';
      if (!layout) {
        layout = plan(row, cells);
        text += formatHead(head, layout, metrics);
      }
      await io.write(text + formatRow(cells, layout, metrics, true));
    },
    async end() {},
  };
}
