/** Borderless tables in the style of `gh`: no box characters, two spaces between columns, fitted to the terminal. */
import type { ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import { displayText, type Paint, paintFor } from './cells.js';
import { headerOf } from './columns.js';
import { getPath } from './fields.js';
import type { Column } from './types.js';

/** A cell's plain text (measured, truncated) and its paint (applied last). */
export interface Cell {
  text: string;
  paint: Paint;
}

/** What `renderTable` lays out. */
export interface TableSpec {
  /** upper-case headers; none for a key/value block */
  head?: string[];
  rows: Cell[][];
  /** per column: may it be narrowed to fit `width`? */
  shrinkable: boolean[];
  width: number;
  /** wrap narrowed cells onto more lines instead of cutting them with `…` (detail views) */
  wrap?: boolean;
}

const GAP = '  ';
const MIN_WIDTH = 6;

const BORDERLESS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: GAP,
};

/** Length in code points, so `…` and accented letters count once. */
function length(text: string): number {
  return Array.from(text).length;
}

/** `text` cut to `width` code points, the last one replaced by `…` when anything was cut. */
export function truncate(text: string, width: number): string {
  const chars = Array.from(text);
  if (chars.length <= width) return text;
  return width < 1 ? '' : `${chars.slice(0, width - 1).join('')}…`;
}

/** `text` folded into lines of at most `width` code points, at spaces where possible, breaking longer words. */
export function wrapText(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    let rest = Array.from(word);
    while (rest.length > width) {
      if (line) lines.push(line);
      lines.push(rest.slice(0, width).join(''));
      rest = rest.slice(width);
      line = '';
    }
    const piece = rest.join('');
    if (line === '') line = piece;
    else if (length(line) + 1 + rest.length <= width) line += ` ${piece}`;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines.join('\n');
}

/**
 * Column widths that fit `available` characters (gaps excluded): the widest shrinkable column
 * loses a character at a time, none below MIN_WIDTH. When that is not enough the table overflows
 * rather than cut ids or times.
 */
export function fitWidths(
  natural: readonly number[],
  shrinkable: readonly boolean[],
  available: number,
): number[] {
  const widths = [...natural];
  let excess = widths.reduce((sum, width) => sum + width, 0) - available;
  while (excess > 0) {
    let widest = -1;
    widths.forEach((width, i) => {
      if (shrinkable[i] && width > MIN_WIDTH && (widest < 0 || width > widths[widest]!)) widest = i;
    });
    if (widest < 0) break;
    widths[widest]!--;
    excess--;
  }
  return widths;
}

/** The laid-out table, one line per row, trailing spaces trimmed, ending in a newline. */
export function renderTable(spec: TableSpec): string {
  const head = spec.head ?? [];
  const count = spec.shrinkable.length;
  const natural = Array.from({ length: count }, (_, i) =>
    Math.max(length(head[i] ?? ''), ...spec.rows.map((row) => length(row[i]?.text ?? ''))),
  );
  const widths = fitWidths(natural, spec.shrinkable, spec.width - GAP.length * (count - 1));
  const table = new Table({
    head: head.map((text, i) => truncate(text, widths[i]!)),
    chars: BORDERLESS,
    // No head/border styles: cli-table3 would otherwise colour headers red by its own TTY detection.
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [] },
  });
  for (const row of spec.rows) {
    // Wrapped here, not by cli-table3, whose word wrap cuts words longer than the column (URLs, ids).
    const fitCell = spec.wrap ? wrapText : truncate;
    table.push(row.map((cell, i) => cell.paint(fitCell(cell.text, widths[i]!))));
  }
  const lines = table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd());
  return `${lines.join('\n')}\n`;
}

/** Records as a table over `columns`: values formatted and coloured by kind, text columns narrowed first. */
export function renderRecords(
  columns: readonly Column[],
  records: readonly Record<string, unknown>[],
  view: { chalk: ChalkInstance; now: Date; width: number },
): string {
  return renderTable({
    head: columns.map(headerOf),
    rows: records.map((record) =>
      columns.map((column) => {
        const value = getPath(record, column.field);
        return {
          text: displayText(value, column.kind, view.now),
          paint: paintFor(value, column.kind, view.chalk),
        };
      }),
    ),
    shrinkable: columns.map((column) => (column.kind ?? 'text') === 'text'),
    width: view.width,
  });
}
