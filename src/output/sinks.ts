/**
 * The streaming row sinks: each row is written as it arrives and nothing is kept, so an export of
 * any size runs in bounded memory. Only `jsonQuerySink` buffers, because a --query sees the whole array.
 */
import { plainText } from './cells.js';
import { getPath } from './fields.js';
import type { IO } from './io.js';
import type { Query } from './query.js';
import type { Column, RowSink } from './types.js';

/** Turns a row into what is printed (--fields selection, per-row --query). */
export type Select = (row: Record<string, unknown>) => unknown;

/** -q: each row's id on its own line; rows without an id print nothing. */
export function quietSink(io: IO): RowSink {
  return {
    async write(row) {
      if (row.id !== null && row.id !== undefined) await io.write(`${plainText(row.id)}\n`);
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

/** One compact JSON value per line. */
export function ndjsonSink(io: IO, select: Select): RowSink {
  return {
    async write(row) {
      await io.write(`${JSON.stringify(select(row))}\n`);
    },
    async end() {},
  };
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
  return {
    async write(row) {
      await io.write(`${started ? ',\n' : '[\n'}${indent(JSON.stringify(select(row), null, 2))}`);
      started = true;
    },
    async end() {
      await io.write(started ? '\n]\n' : '[]\n');
    },
  };
}

/** A JSON array with --query applied to the whole of it at the end, pretty-printed. */
export function jsonQuerySink(io: IO, select: Select, query: Query): RowSink {
  const rows: unknown[] = [];
  return {
    async write(row) {
      rows.push(select(row));
    },
    async end() {
      await io.write(`${JSON.stringify(query(rows), null, 2)}\n`);
    },
  };
}
