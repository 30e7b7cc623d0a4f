/**
 * What an output format (-o) is: who reads it, what its records are as JSON, its paragraph of
 * `wfd help formats`, and how it prints a list's rows and one record. Each format is a file of
 * this folder, registered under its name in index.ts.
 */
import type { IO } from '../io.js';
import type { DetailView, RenderOptions, RowSink } from '../types.js';

/** How records are printed: a list's rows one at a time, or one record (`get`). */
export interface Printer {
  /** the sink of a list's rows (see RowSink) */
  rows(io: IO, options: RenderOptions): Promise<RowSink>;
  /** prints one record; `view` is the command's detail view, for a person at a terminal */
  item(
    io: IO,
    options: RenderOptions,
    item: Record<string, unknown>,
    view: DetailView | undefined,
  ): Promise<void>;
}

/**
 * Who reads a format: a person at a terminal ('screen': laid out to its width, in colour), a
 * person or a line tool on a pipe ('lines'), or a program ('records': never in colour). A command
 * with a view of its own for people (a count, a created id, a status screen) shows it to the
 * first two, and hands its records to a program (`readerOf` in render.ts).
 */
export type Reader = 'screen' | 'lines' | 'records';

export interface Format extends Printer {
  readonly reader: Reader;
  /**
   * What its records are as JSON: one document printed whole ('document': it does not stream,
   * and --query sees all of it), one value a line ('lines': --query sees each), or none (its own
   * text: --query turns a person's format into json, and is refused with a program's).
   */
  readonly json: 'document' | 'lines' | undefined;
  /** its paragraph of `wfd help formats`, after its name */
  readonly help: string;
}
