/**
 * Borderless tables in the style of `gh`: no box characters, two spaces between columns, every
 * line within the terminal width in screen columns. Laid out here rather than by cli-table3,
 * whose layout grows faster than the rows (8,000 rows took 3.6 s, 16,000 took 11 s): widths
 * are planned once from a set of rows, then each row is formatted on its own.
 */
import type { ChalkInstance } from 'chalk';
import { displayText, type Paint, paintFor } from './cells.js';
import { headerOf } from './columns.js';
import { getPath } from './fields.js';
import type { TextMetrics } from './text-width.js';
import type { Column } from './types.js';

/** A cell's plain, sanitised text (measured, cut) and its paint (applied last, so a cut never splits an ANSI code). */
export interface Cell {
  text: string;
  paint: Paint;
}

/** How a column gives way when the table is wider than the terminal. */
export interface ColumnFit {
  /** text: narrowed first, widest first, and cut with `…`; other columns keep their width while anything else can give */
  shrinkable: boolean;
  /** a shrinkable column is not narrowed below this before optional columns are hidden */
  readable: number;
  /** set: hidden when the table does not fit otherwise, higher numbers first */
  hidePriority?: number;
  /** never narrowed: what people type back (a profile's name); the others give way, or go */
  whole?: boolean;
}

/** The columns shown, in order, and their widths. */
export interface TableLayout {
  shown: number[];
  widths: number[];
}

const GAP = '  ';
/** The narrowest a column is made before columns are dropped from the right. */
export const MIN_WIDTH = 6;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * `widths` narrowed to add up to at most `available`, widest first and none below its floor;
 * columns left equally wide give up their last column lowest index first. When the floors
 * alone exceed `available`, the floors.
 */
export function shrinkToFit(
  widths: readonly number[],
  floors: readonly number[],
  available: number,
): number[] {
  const floor = widths.map((width, i) => Math.min(width, floors[i]!));
  const at = (level: number) => widths.map((width, i) => Math.max(floor[i]!, Math.min(width, level)));
  if (sum(widths) <= available) return [...widths];
  if (sum(floor) >= available) return floor;
  // The highest level every column can be capped at, found by bisection: O(columns × log width).
  let low = 0;
  let high = Math.max(...widths);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (sum(at(mid)) <= available) low = mid;
    else high = mid - 1;
  }
  const result = at(low);
  let spare = available - sum(result);
  for (let i = result.length - 1; i >= 0 && spare > 0; i--) {
    if (result[i] === low && widths[i]! > low && low >= floor[i]!) {
      result[i]!++;
      spare--;
    }
  }
  return result;
}

/**
 * Which columns to show and how wide, so that a table of these natural widths fits `width`:
 * 1. narrow text columns, widest first, down to their readable width; 2. hide optional columns,
 * highest priority first, re-fitting after each; 3. narrow text columns to MIN_WIDTH, then every
 * column (ids and times are cut last); 4. drop columns from the right, down to the first alone,
 * cut to the width.
 */
export function layoutColumns(
  natural: readonly number[],
  fits: readonly ColumnFit[],
  width: number,
  /** columns left out from the start (all empty); every one by default */
  visible: readonly boolean[] = [],
): TableLayout {
  const capped = natural.map((value) => Math.min(value, width));
  const attempt = (
    shown: number[],
    floorOf: (i: number) => number,
    widthOf: (i: number) => number = (i) => capped[i]!,
  ): TableLayout | undefined => {
    const widths = shrinkToFit(
      shown.map(widthOf),
      shown.map(floorOf),
      width - GAP.length * (shown.length - 1),
    );
    return sum(widths) + GAP.length * (shown.length - 1) <= width ? { shown, widths } : undefined;
  };
  const readable = (i: number) => (fits[i]!.shrinkable ? fits[i]!.readable : capped[i]!);
  let shown = natural.map((_, i) => i).filter((i) => visible[i] !== false);
  const hideOrder = shown
    .filter((i) => fits[i]!.hidePriority !== undefined)
    .sort((a, b) => fits[b]!.hidePriority! - fits[a]!.hidePriority!);
  for (;;) {
    const layout = attempt(shown, readable);
    if (layout) return layout;
    const hide = hideOrder.shift();
    if (hide === undefined) break;
    shown = shown.filter((i) => i !== hide);
  }
  const narrowText = (i: number) => (fits[i]!.shrinkable ? MIN_WIDTH : capped[i]!);
  // Text held at its narrowest, so that ids and times give up only what is still missing.
  const textAtMin = (i: number) => (fits[i]!.shrinkable ? Math.min(capped[i]!, MIN_WIDTH) : capped[i]!);
  const narrowest = (i: number) => (fits[i]!.whole ? capped[i]! : MIN_WIDTH);
  for (;;) {
    const layout = attempt(shown, narrowText) ?? attempt(shown, narrowest, textAtMin);
    if (layout) return layout;
    if (shown.length === 1) return { shown, widths: [capped[shown[0]!]!] };
    shown = shown.slice(0, -1);
  }
}

/**
 * Formats one row in a layout: each cell cut to its column (or wrapped onto more lines with
 * `wrap`), padded, joined by the gap; trailing spaces trimmed; every line ends in a newline.
 */
export function formatRow(
  cells: readonly Cell[],
  layout: TableLayout,
  metrics: TextMetrics,
  wrap = false,
): string {
  const last = layout.shown.length - 1;
  if (!wrap) {
    let line = '';
    layout.shown.forEach((column, k) => {
      const cell = cells[column]!;
      const fitted = metrics.fit(cell.text, layout.widths[k]!);
      line += cell.paint(fitted.text);
      if (k < last) line += ' '.repeat(Math.max(0, layout.widths[k]! - fitted.width)) + GAP;
    });
    return `${line.trimEnd()}\n`;
  }
  const blocks = layout.shown.map((column, k) => metrics.wrap(cells[column]!.text, layout.widths[k]!));
  const height = Math.max(...blocks.map((block) => block.length));
  let text = '';
  for (let row = 0; row < height; row++) {
    let line = '';
    layout.shown.forEach((column, k) => {
      const piece = blocks[k]![row] ?? '';
      line += piece === '' ? '' : cells[column]!.paint(piece);
      if (k < last) line += ' '.repeat(Math.max(0, layout.widths[k]! - metrics.width(piece))) + GAP;
    });
    text += `${line.trimEnd()}\n`;
  }
  return text;
}

/** What `renderTable` lays out: every row is measured, so it suits tables of a known, small size. */
export interface TableSpec {
  /** upper-case headers; none for a key/value block */
  head?: string[];
  rows: Cell[][];
  fits: ColumnFit[];
  width: number;
  /** wrap narrowed cells onto more lines instead of cutting them with `…` (detail views) */
  wrap?: boolean;
}

/** The natural width of each column: its widest cell or header. */
export function naturalWidths(
  rows: readonly (readonly Cell[])[],
  head: readonly string[] | undefined,
  count: number,
  metrics: TextMetrics,
): number[] {
  const widths = Array.from({ length: count }, (_, i) => metrics.width(head?.[i] ?? ''));
  for (const row of rows) {
    for (let i = 0; i < count; i++) widths[i] = Math.max(widths[i]!, metrics.width(row[i]?.text ?? ''));
  }
  return widths;
}

/** The header line of a layout (headers are cut like cells, never wrapped). */
export function formatHead(head: readonly string[], layout: TableLayout, metrics: TextMetrics): string {
  return formatRow(
    head.map((text) => ({ text, paint: (t: string) => t })),
    layout,
    metrics,
  );
}

/** A whole small table: natural widths from every row, the layout, the header and the rows. */
export function renderTable(spec: TableSpec, metrics: TextMetrics): string {
  const natural = naturalWidths(spec.rows, spec.head, spec.fits.length, metrics);
  const layout = layoutColumns(natural, spec.fits, spec.width);
  let text = spec.head ? formatHead(spec.head, layout, metrics) : '';
  for (const row of spec.rows) text += formatRow(row, layout, metrics, spec.wrap);
  return text;
}

/** How a command's column gives way (see `Column`); its header is cut only once columns are hidden. */
export function fitOf(column: Column, headerWidth = 0): ColumnFit {
  const kind = column.kind ?? 'text';
  return {
    shrinkable: !column.whole && (kind === 'text' || kind === 'person' || kind === 'url'),
    ...(column.whole ? { whole: true } : {}),
    readable: Math.max(column.minWidth ?? MIN_WIDTH, headerWidth),
    ...(column.hidePriority === undefined ? {} : { hidePriority: column.hidePriority }),
  };
}

/** What records need to become cells: the colours, the clock. */
export interface CellView {
  chalk: ChalkInstance;
  now: Date;
}

/** A record as cells over `columns`: values formatted and coloured by kind. */
export function recordCells(
  columns: readonly Column[],
  record: Record<string, unknown>,
  view: CellView,
): Cell[] {
  return columns.map((column) => {
    const value = getPath(record, column.field);
    const by = column.paintBy === undefined || value == null ? undefined : getPath(record, column.paintBy);
    return {
      text: displayText(value, column.kind, view.now),
      paint: by === undefined ? paintFor(value, column.kind, view.chalk) : paintFor(by, 'status', view.chalk),
    };
  });
}

/** Records as a table over `columns`, upper-case headers, fitted to `width`. */
export function renderRecords(
  columns: readonly Column[],
  records: readonly Record<string, unknown>[],
  view: CellView & { width: number; metrics: TextMetrics },
): string {
  const head = columns.map(headerOf);
  return renderTable(
    {
      head,
      rows: records.map((record) => recordCells(columns, record, view)),
      fits: columns.map((column, i) => fitOf(column, view.metrics.width(head[i]!))),
      width: view.width,
    },
    view.metrics,
  );
}
