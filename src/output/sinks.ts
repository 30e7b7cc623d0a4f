/**
 * The streaming row sinks: each row is written as it arrives and nothing is kept, so an export of
 * any size runs in bounded memory. Only `jsonQuerySink` buffers, because a --query or --jq sees the whole array.
 */
import { onInterrupt } from '../core/process/interrupt.js';
import { escapeJsonControls } from '../core/text/quote.js';
import { plainText } from './cells.js';
import { getPath } from './fields.js';
import type { IO } from './io.js';
import type { Column, RowSink } from './types.js';

/** Turns a row into what is printed (--fields selection). */
export type Select = (row: Record<string, unknown>) => unknown;

/** -q: each row's id on its own line; rows without an id print nothing. */
export function quietSink(io: IO, idField = 'id'): RowSink {
  return {
    async write(row) {
      const id = row[idField];
      if (id !== null && id !== undefined) await io.write(`${plainText(id)}\n`);
    },
    async end() {},
  };
}

/** Tab-separated values in column order, no header, values as the API sent them. */
export function plainSink(io: IO, columns: readonly Column[]): RowSink {
  return {
    async write(row) {
      await io.write(`${columns.map((column) => plainText(getPath(row, column.field))).join('\t')}\n`);
    },
    async end() {},
  };
}

/** One compact JSON value per line (or what `text` makes of each value, with its newline). */
export function ndjsonSink(
  io: IO,
  select: Select,
  text: (value: unknown) => string = (value) => `${terminalJson(io, JSON.stringify(value))}\n`,
): RowSink {
  return {
    async write(row) {
      await io.write(text(select(row)));
    },
    async end() {},
  };
}

/** JSON text as written to stdout: on a terminal with DEL and C1 controls escaped, piped as it is. */
export function terminalJson(io: IO, json: string): string {
  return io.isStdoutTTY() ? escapeJsonControls(json) : json;
}

/** Indents a pretty-printed JSON value one level; every newline in it is layout, since JSON strings escape theirs. */
function indent(json: string): string {
  return json.replaceAll(/^/gm, '  ');
}

/**
 * One JSON array, streamed: `[`, then rows separated by `,\n`, then `]`. The bytes equal
 * `JSON.stringify(rows, null, 2)` plus a newline; nothing but `[]` when there are no rows.
 */
export function jsonArraySink(io: IO, select: Select): RowSink {
  let started = false;
  // Once closed (by `end` or by Ctrl-C, whichever comes first), the array is never closed again.
  let closed = false;
  // Ctrl-C in the middle of the array still leaves a whole JSON document.
  let release: (() => void) | undefined;
  return {
    async write(row) {
      if (closed) return;
      if (!started)
        release = onInterrupt(() => {
          if (!closed) io.writeLast('\n]\n');
          closed = true;
        });
      await io.write(
        `${started ? ',\n' : '[\n'}${indent(terminalJson(io, JSON.stringify(select(row), null, 2)))}`,
      );
      started = true;
    },
    async end() {
      release?.();
      if (closed) return;
      closed = true;
      await io.write(started ? '\n]\n' : '[]\n');
    },
  };
}

/** A JSON array with --query or --jq applied to the whole of it at the end: `text` is what is printed. */
export function jsonQuerySink(io: IO, select: Select, text: (value: unknown) => string): RowSink {
  const rows: unknown[] = [];
  return {
    async write(row) {
      rows.push(select(row));
    },
    async end() {
      await io.write(text(rows));
    },
  };
}
