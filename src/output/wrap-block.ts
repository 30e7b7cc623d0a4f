/**
 * Text written for a reader (help topics, error and hint lines) re-flowed to the terminal's
 * width at word boundaries. A line that does not fit keeps its shape: its continuation lines are
 * indented to where its text starts, and in a two-column line (a term, two or more spaces, its
 * description) to where the description starts, as man pages and `--help` lay them out.
 */
import type { TextMetrics } from './text-metrics.js';

/** Where a continuation of `line` starts: its description column, else its text plus `hang`. */
function continuationIndent(line: string, hang: number): number {
  const indent = /^ */.exec(line)![0].length;
  const column = /^ *\S+(?: \S+)*? {2,}(?=\S)/.exec(line);
  return column ? column[0].length : indent + hang;
}

/**
 * `text` with every line longer than `width` broken at spaces, its continuations indented as the
 * module comment says (`hang` more columns than the line's own indent when it has no second
 * column). An indent that would leave fewer than 20 columns falls back to the line's own indent.
 */
export function wrapBlock(text: string, width: number, metrics: TextMetrics, hang = 2): string {
  return text
    .split('\n')
    .flatMap((line) => {
      if (metrics.width(line) <= width) return [line];
      const indent = /^ */.exec(line)![0].length;
      let next = continuationIndent(line, hang);
      if (width - next < 20) next = Math.min(indent, Math.max(0, width - 20));
      const text = line.slice(indent);
      // The first line is a prefix of the text (wrap keeps every character but the spaces it breaks at).
      const first = metrics.wrap(text, width - indent)[0] ?? '';
      const rest = text.slice(first.length).replace(/^ /, '');
      const tail = rest ? metrics.wrap(rest, width - next).map((part) => ' '.repeat(next) + part) : [];
      return [' '.repeat(indent) + first, ...tail];
    })
    .join('\n');
}
