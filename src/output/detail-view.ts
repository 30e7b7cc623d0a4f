/**
 * The detail view of one object on a terminal, the one component of every `get` command (cases
 * now; forms with their responses, responses with their answers, signatures and
 * document-intelligence results later). A command declares a `DetailView` once:
 *
 *   fields   labelled lines (`Contact`, `Created`), values formatted as in tables, times in full;
 *   tables   titled tables over arrays of the item (a case's steps, a form's responses);
 *   entries  an open-ended object listed key by key (a case's `data`, a result's fields).
 *
 * No raw JSON: a list of words or numbers reads as `a, b`; a nested object is listed key by key
 * and a list of objects as a small table, both indented under their label. Everything is
 * sanitised (control characters in caret notation) and fitted to the terminal: long values wrap
 * within the width rather than being cut, since this is where one reads them whole. `--fields`
 * or a command without a view gets a view whose labels are the paths.
 */

import { isRecord } from '../core/guards.js';
import { escapeControls } from '../core/text/quote.js';
import { displayText, isWordList, paintFor } from './cells.js';
import { columnsForFields } from './columns.js';
import { getPath } from './fields.js';
import type { IO } from './io.js';
import { labelOf } from './labels.js';
import { createChalk } from './style.js';
import { type Cell, renderRecords, renderTable } from './table.js';
import { createTextMetrics, type TextMetrics } from './text-width.js';
import type { Column, ColumnKind, DetailTable, DetailView } from './types.js';

/** A view over columns: labels are the field paths (what --fields accepts). */
export function viewOfColumns(columns: readonly Column[]): DetailView {
  return {
    fields: columns.map((column) => ({
      label: column.field,
      field: column.field,
      ...(column.kind ? { kind: column.kind } : {}),
    })),
  };
}

/**
 * JSON on one logical line with a space after each comma and colon (`{"a": 1, "b": [1, 2]}`),
 * so wrapping folds it at its elements: the last resort for values too deep or too mixed to lay
 * out. JSON escapes line breaks inside strings, so every newline that JSON.stringify lays out is
 * structure.
 */
export function foldedJson(value: unknown): string {
  return JSON.stringify(value, null, 1)
    .replace(/([[{])\n\s*/g, '$1')
    .replace(/\n\s*([\]}])/g, '$1')
    .replace(/\n\s*/g, ' ');
}

/** One labelled value of a block. */
interface Line {
  label: string;
  value: unknown;
  kind?: ColumnKind | undefined;
}

/** How deep nested objects are listed before the rest is shown as JSON. */
const MAX_DEPTH = 3;

const INDENT = '  ';

/** A list of objects: shown as a table. */
function isRecordList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.length > 0 && value.every(isRecord);
}

/** An object listed key by key (a person is shown by name instead). */
function isNested(value: unknown, kind: ColumnKind | undefined): value is Record<string, unknown> {
  return isRecord(value) && Object.keys(value).length > 0 && kind !== 'person';
}

/** Every line of `text` indented. */
function indent(text: string): string {
  return text.replace(/^(?=.)/gm, INDENT);
}

/**
 * The columns of a list of objects the command did not describe: every key in the order first
 * seen, kinds inferred from the names (`id`, `*_at`); an object with a name is a person.
 */
function columnsOfRecords(records: readonly Record<string, unknown>[]): Column[] {
  const keys = [...new Set(records.flatMap((record) => Object.keys(record)))];
  return columnsForFields(keys, []).map((column) => {
    const sample = records.map((record) => record[column.field]).find((value) => value != null);
    const named = isRecord(sample) && ('name' in sample || 'given_name' in sample);
    return { ...column, header: labelOf(column.field).toUpperCase(), ...(named ? { kind: 'person' } : {}) };
  });
}

/** Turns a map (`{url: events}`) into the records a table shows (`{url, events}`). */
function tableRecords(table: DetailTable, value: unknown): Record<string, unknown>[] {
  if (table.entriesAs) {
    const { key, value: valueField } = table.entriesAs;
    return isRecord(value) ? Object.entries(value).map(([k, v]) => ({ [key]: k, [valueField]: v })) : [];
  }
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** Renders `item` under `view` for a terminal of `io`'s width. */
export function renderDetail(io: IO, item: Record<string, unknown>, view: DetailView, now: Date): string {
  const chalk = createChalk(io);
  const metrics = createTextMetrics();
  const cellView = { chalk, now, metrics };
  const none = `${chalk.dim('none')}\n`;

  /**
   * Labelled values in `width` columns: runs of plain values aligned as two columns, a nested
   * object or a list of objects under its label, indented.
   */
  const block = (lines: readonly Line[], width: number, depth = 0): string => {
    const nested = (line: Line) =>
      depth < MAX_DEPTH && (isNested(line.value, line.kind) || isRecordList(line.value));
    // One label width for the whole block, so that runs split by a nested value still align.
    const labelWidth = Math.max(
      0,
      ...lines.filter((line) => !nested(line)).map((line) => metrics.width(escapeControls(line.label))),
    );
    let text = '';
    let run: Cell[][] = [];
    const endRun = () => {
      if (run.length > 0) text += pairs(run, width, metrics);
      run = [];
    };
    for (const line of lines) {
      const label = escapeControls(line.label);
      if (!nested(line)) {
        const padding = ' '.repeat(Math.max(0, labelWidth - metrics.width(label)));
        // The padding stays outside the colour codes, as a table's own padding does.
        const paint = (text: string) => chalk.dim(text.slice(0, text.length - padding.length)) + padding;
        run.push([{ text: label + padding, paint }, valueCell(line)]);
        continue;
      }
      endRun();
      text += `${chalk.dim(label)}\n`;
      const inner = width - INDENT.length;
      text += indent(
        isRecordList(line.value)
          ? renderRecords(columnsOfRecords(line.value), line.value, { ...cellView, width: inner })
          : block(entriesOf(line.value as Record<string, unknown>), inner, depth + 1),
      );
    }
    endRun();
    return text;
  };

  const valueCell = ({ value, kind }: Line): Cell => {
    const empty =
      (isRecord(value) && Object.keys(value).length === 0) || (Array.isArray(value) && !value.length);
    const structured = (isRecord(value) || Array.isArray(value)) && kind !== 'person' && !isWordList(value);
    const text = empty
      ? '-'
      : structured
        ? escapeControls(foldedJson(value))
        : displayText(value, kind, now, true);
    return { text, paint: empty ? chalk.dim : paintFor(value, kind, chalk) };
  };

  const width = io.terminalWidth();
  const entriesSection = (): string => {
    if (!view.entries) return '';
    const entries = getPath(item, view.entries.field);
    const lines = isRecord(entries) ? entriesOf(entries) : [];
    return `\n${chalk.bold(view.entries.title)}\n${lines.length === 0 ? none : block(lines, width)}`;
  };

  let text = block(
    view.fields.map(({ label, field, kind }) => ({ label, value: getPath(item, field), kind })),
    width,
  );
  if (view.entries?.beforeTables) text += entriesSection();
  for (const table of view.tables ?? []) {
    const records = tableRecords(table, getPath(item, table.field));
    text += `\n${chalk.bold(table.title)}\n`;
    text += records.length === 0 ? none : renderRecords(table.columns, records, { ...cellView, width });
  }
  if (!view.entries?.beforeTables) text += entriesSection();
  return text;
}

/** An object's entries as lines labelled from their keys. */
function entriesOf(object: Record<string, unknown>): Line[] {
  return Object.entries(object).map(([key, value]) => ({ label: labelOf(key), value }));
}

/** Label/value rows as two aligned columns, the values wrapped to the width. */
function pairs(rows: Cell[][], width: number, metrics: TextMetrics): string {
  const fits = [
    { shrinkable: false, readable: 0 },
    { shrinkable: true, readable: 1 },
  ];
  return renderTable({ rows, fits, width, wrap: true }, metrics);
}
