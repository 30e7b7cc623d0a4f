/**
 * Cutting and wrapping text over a measure of its screen columns. Cutting and wrapping happen
 * between graphemes, so an accented letter, a flag or a family emoji is never split. The text is
 * sanitised before it gets here (`escapeControls`), so it holds no escape sequence to measure or
 * cut. Free of string-width, so that the error printer (loaded on every start) can wrap with a
 * cheaper measure; `text-width.ts` gives the exact one.
 */
import { graphemes } from '../core/text/graphemes.js';

/** Screen columns of a piece of text. */
export type Measure = (text: string) => number;

const ELLIPSIS = '…';
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;
/**
 * Text whose every UTF-16 unit is a grapheme one column wide: printable ASCII, Latin-1 and the
 * Latin extensions, Greek and Cyrillic (no soft hyphen, no combining marks). Most names and
 * titles are such text: measured by their length and cut anywhere, without the grapheme walk
 * that made a long table three times as slow as plain output.
 */
const SINGLE_COLUMN = /^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff\u0370-\u0482\u048a-\u052f]*$/;

/** Width, cutting and wrapping over one `Measure`; tests count its calls to prove the work per row. */
export interface TextMetrics {
  width: Measure;
  /** `text` in at most `width` columns, its last column an ellipsis when anything was cut; and the columns it takes. */
  fit(text: string, width: number): { text: string; width: number };
  /** `text` as lines of at most `width` columns, broken at spaces where possible, else between graphemes. */
  wrap(text: string, width: number): string[];
}

export function createTextMetrics(measure: Measure): TextMetrics {
  const columnsOf = (text: string): number => (SINGLE_COLUMN.test(text) ? text.length : measure(text));
  /** The longest run of whole graphemes of `text` that fits `width`, and its width. */
  const take = (text: string, width: number): { head: string; used: number } => {
    if (SINGLE_COLUMN.test(text)) {
      const head = text.slice(0, Math.max(0, width));
      return { head, used: head.length };
    }
    let head = '';
    let used = 0;
    for (const segment of graphemes(text)) {
      const size = measure(segment);
      if (used + size > width) break;
      head += segment;
      used += size;
    }
    return { head, used };
  };

  const fit = (text: string, columns: number): { text: string; width: number } => {
    const textWidth = columnsOf(text);
    if (textWidth <= columns) return { text, width: textWidth };
    if (columns < 1) return { text: '', width: 0 };
    const { head, used } = take(text, columns - 1);
    return { text: head + ELLIPSIS, width: used + 1 };
  };

  const wrap = (text: string, width: number): string[] => {
    const lines: string[] = [];
    let line = '';
    let lineWidth = 0;
    for (const word of text.split(' ')) {
      let rest = word;
      let restWidth = columnsOf(rest);
      if (line !== '' && lineWidth + 1 + restWidth <= width) {
        line += ` ${rest}`;
        lineWidth += 1 + restWidth;
        continue;
      }
      if (line !== '') lines.push(line);
      // A word longer than a line is broken between graphemes (URLs, ids, CJK without spaces).
      while (restWidth > width) {
        const { head, used } = take(rest, width);
        if (head === '') break;
        lines.push(head);
        rest = rest.slice(head.length);
        restWidth -= used;
      }
      line = rest;
      lineWidth = restWidth;
    }
    if (line !== '' || lines.length === 0) lines.push(line);
    return lines;
  };

  return { width: columnsOf, fit, wrap };
}

/**
 * A measure for text whose exact width is not worth loading string-width for (error lines): a
 * printable ASCII character takes one column, and so does any other code point. Wide characters
 * may make such a line a little longer than measured.
 */
export function countColumns(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let count = 0;
  for (const _ of text) count++;
  return count;
}
