/**
 * The detail view of one object on a terminal, the one component of every `get` command (cases
 * now; forms with their responses, responses with their answers, signatures and
 * document-intelligence results later). A command declares a `DetailView` once:
 *
 *   fields   labelled lines (`Contact`, `Created`), values formatted as in tables, times in full;
 *   tables   titled tables over arrays of the item (a case's steps, a form's responses);
 *   entries  an open-ended object listed key by key (a case's `data`, a result's fields).
 *
 * Everything is sanitised (control characters in caret notation) and fitted to the terminal:
 * long values and JSON wrap within the width rather than being cut, since this is where one
 * reads them whole. `--fields` or a command without a view gets a view whose labels are the paths.
 */

import { isRecord } from '../core/guards.js';
import { escapeControls } from '../core/quote.js';
import { displayText, paintFor } from './cells.js';
import { getPath } from './fields.js';
import type { IO } from './io.js';
import { createChalk } from './style.js';
import { type Cell, renderRecords, renderTable } from './table.js';
import { createTextMetrics } from './text-width.js';
import type { Column, ColumnKind, DetailView } from './types.js';

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

/** `employee_name` -> `Employee name`: a label a person reads from an API key. */
export function labelOf(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * JSON on one logical line with a space after each comma and colon (`{"a": 1, "b": [1, 2]}`),
 * so wrapping folds it at its elements. JSON escapes line breaks inside strings, so every
 * newline that JSON.stringify lays out is structure.
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

/** Renders `item` under `view` for a terminal of `io`'s width. */
export function renderDetail(io: IO, item: Record<string, unknown>, view: DetailView, now: Date): string {
  const chalk = createChalk(io);
  const width = io.terminalWidth();
  const metrics = createTextMetrics();
  const block = (lines: readonly Line[]): string => {
    const rows = lines.map(({ label, value, kind }): Cell[] => {
      const structured = (isRecord(value) || Array.isArray(value)) && kind !== 'person';
      const text = structured ? escapeControls(foldedJson(value)) : displayText(value, kind, now, true);
      return [
        { text: escapeControls(label), paint: chalk.dim },
        { text, paint: paintFor(value, kind, chalk) },
      ];
    });
    const fits = [
      { shrinkable: false, readable: 0 },
      { shrinkable: true, readable: 1 },
    ];
    return renderTable({ rows, fits, width, wrap: true }, metrics);
  };
  const none = `${chalk.dim('none')}\n`;

  let text = block(
    view.fields.map(({ label, field, kind }) => ({ label, value: getPath(item, field), kind })),
  );
  for (const table of view.tables ?? []) {
    const rows = getPath(item, table.field);
    const records = Array.isArray(rows) ? rows.filter(isRecord) : [];
    text += `\n${chalk.bold(table.title)}\n`;
    text +=
      records.length === 0 ? none : renderRecords(table.columns, records, { chalk, now, width, metrics });
  }
  if (view.entries) {
    const entries = getPath(item, view.entries.field);
    const lines = isRecord(entries)
      ? Object.entries(entries).map(([key, value]) => ({ label: labelOf(key), value }))
      : [];
    text += `\n${chalk.bold(view.entries.title)}\n`;
    text += lines.length === 0 ? none : block(lines);
  }
  return text;
}
