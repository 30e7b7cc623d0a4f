/**
 * The table sink. Column widths come from a bounded sample, the first SAMPLE_ROWS rows: a list
 * that fits in it (every `--limit` up to that size) is laid out from all its rows and printed at
 * `end`; a longer one is printed as soon as the sample is in, then streamed in chunks of
 * CHUNK_ROWS rows, later cells cut to the sampled widths. The work per row is then the same at
 * 50 rows or 100,000, memory stays bounded, and a closed pipe (`| head`) stops the fetching.
 */
import { headerOf } from './columns.js';
import { getPath } from './fields.js';
import type { IO } from './io.js';
import { createChalk } from './style.js';
import {
  type Cell,
  fitOf,
  formatHead,
  formatRow,
  layoutColumns,
  naturalWidths,
  recordCells,
  type TableLayout,
} from './table.js';
import { createTextMetrics, type TextMetrics } from './text-width.js';
import type { Column, ListInfo, RowSink } from './types.js';

export const SAMPLE_ROWS = 300;
const CHUNK_ROWS = 100;

export interface TableSinkOptions {
  /** plural noun of the title line ("Showing 30 of 143 cases"); no title without it */
  noun?: string;
  now: () => Date;
  /** the text measure; tests pass a counting one to prove the work per row */
  metrics?: TextMetrics;
}

/** `cases` for several, `case` for one: nouns here are regular English plurals. */
function nounFor(count: number, plural: string): string {
  return count === 1 ? plural.replace(/s$/, '') : plural;
}

/**
 * "Showing 30 of 143 cases" (or "Showing 3 cases") above the table; "No cases found" on stderr
 * when empty, so stdout stays empty.
 */
export function tableSink(io: IO, columns: readonly Column[], options: TableSinkOptions): RowSink {
  const metrics = options.metrics ?? createTextMetrics();
  const view = { chalk: createChalk(io), now: options.now() };
  const head = columns.map(headerOf);
  let info: ListInfo | undefined;
  let sample: Cell[][] = [];
  let layout: TableLayout | undefined;
  let chunk = '';
  let chunkRows = 0;
  // `end` may come twice (Ctrl-C, then the run's own end): the table is printed once.
  let ended = false;
  // Per column: has a sampled row a value in it? (Only `hideWhenEmpty` columns ask.)
  const filled = columns.map((column) => !column.hideWhenEmpty);

  const title = (count: number | undefined, total: number | undefined): string => {
    if (!options.noun || count === undefined) return '';
    const of = total === undefined ? '' : ` of ${total}`;
    return `Showing ${count}${of} ${nounFor(total ?? count, options.noun)}\n\n`;
  };

  /** Lays the table out from the sample and prints the title, the header and the sample's rows. */
  const start = async (count: number | undefined, total: number | undefined) => {
    const natural = naturalWidths(sample, head, columns.length, metrics);
    const fits = columns.map((column, i) => fitOf(column, metrics.width(head[i]!)));
    const planned = layoutColumns(natural, fits, io.terminalWidth(), filled);
    layout = planned;
    let text = title(count, total) + formatHead(head, planned, metrics);
    for (const cells of sample) text += formatRow(cells, planned, metrics);
    sample = [];
    await io.write(text);
  };

  return {
    begin(listInfo) {
      info = listInfo;
    },
    async write(row) {
      const cells = recordCells(columns, row, view);
      if (layout === undefined) {
        sample.push(cells);
        columns.forEach((column, i) => {
          if (!filled[i]) filled[i] = hasValue(getPath(row, column.field));
        });
        if (sample.length >= SAMPLE_ROWS) await start(info?.expected, info?.total);
        return;
      }
      chunk += formatRow(cells, layout, metrics);
      if (++chunkRows >= CHUNK_ROWS) {
        const text = chunk;
        chunk = '';
        chunkRows = 0;
        await io.write(text);
      }
    },
    async end(endInfo = {}) {
      if (ended) return;
      ended = true;
      if (layout === undefined) {
        if (sample.length === 0) {
          io.errorLine(`No ${options.noun ?? 'results'} found`);
          return;
        }
        await start(sample.length, endInfo.total ?? info?.total);
      }
      if (chunk) await io.write(chunk);
      chunk = '';
    },
  };
}

function hasValue(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}
