/** The detail view of one object on a terminal: a key/value block, then titled tables (a case's steps). */
import { displayText, paintFor } from './cells.js';
import { getPath } from './fields.js';
import type { IO } from './io.js';
import { createChalk } from './style.js';
import { renderRecords, renderTable } from './table.js';
import type { Column, ItemSection } from './types.js';

/**
 * Dim field names on the left (the paths --fields accepts), values formatted as in tables with
 * times in full; long values wrap rather than being cut, since this is where one reads them whole.
 */
export function renderItemBlock(
  io: IO,
  columns: readonly Column[],
  item: Record<string, unknown>,
  sections: readonly ItemSection[],
  now: Date,
): string {
  const chalk = createChalk(io);
  const width = io.terminalWidth();
  let text = renderTable({
    rows: columns.map((column) => {
      const value = getPath(item, column.field);
      return [
        { text: column.field, paint: chalk.dim },
        { text: displayText(value, column.kind, now, true), paint: paintFor(value, column.kind, chalk) },
      ];
    }),
    shrinkable: [false, true],
    width,
    wrap: true,
  });
  for (const section of sections) {
    text += `\n${chalk.bold(section.title)}\n`;
    text +=
      section.rows.length === 0
        ? `${chalk.dim('none')}\n`
        : renderRecords(section.columns, section.rows, { chalk, now, width });
  }
  return text;
}
