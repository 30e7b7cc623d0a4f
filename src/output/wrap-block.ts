/**
 * Text written for a reader (help topics, error and hint lines) re-flowed to the terminal's
 * width at word boundaries. A line that does not fit keeps its shape: its continuation lines are
 * indented to where its text starts, and in a two-column line (a term, two or more spaces, its
 * description) to where the description starts, as man pages and `--help` lay them out.
 *
 * Only prose wraps. Text meant to be copied is never broken: a word of ASCII characters (a URL,
 * a path, a fingerprint, an id, a flag) and a `backquoted command` stand whole on a line, longer
 * than the width if need be (the terminal soft-wraps it, and copies it back whole). A word of
 * other characters longer than a line (CJK without spaces) still breaks between graphemes.
 */
import type { TextMetrics } from './text-metrics.js';

const PRINTABLE_ASCII = /^[\u0021-\u007e]*$/;
const BACKQUOTES = /`/g;

/** Where a continuation of `line` starts: its description column, else its text plus `hang`. */
function continuationIndent(line: string, hang: number): number {
  const indent = /^ */.exec(line)![0].length;
  const column = /^ *\S+(?: \S+)*? {2,}(?=\S)/.exec(line);
  return column ? column[0].length : indent + hang;
}

/**
 * The words of `text` (split at single spaces, so runs of spaces survive as empty words), a
 * backquoted span with its spaces counted as one word.
 */
function words(text: string): string[] {
  const out: string[] = [];
  let open = false;
  for (const word of text.split(' ')) {
    if (open) out[out.length - 1] += ` ${word}`;
    else out.push(word);
    if ((word.match(BACKQUOTES)?.length ?? 0) % 2 === 1) open = !open;
  }
  return out;
}

/** Whether a word may be broken between graphemes when it is longer than a line. */
function breakable(word: string): boolean {
  return !PRINTABLE_ASCII.test(word) && !word.includes('`') && !word.includes('/') && !word.includes('\\');
}

/** `text` as lines: the first at most `first` columns, the others at most `rest`, copyable words whole. */
function breakLines(text: string, first: number, rest: number, metrics: TextMetrics): string[] {
  const lines: string[] = [];
  let line: string | undefined;
  let used = 0;
  const room = () => (lines.length === 0 ? first : rest);
  for (const word of words(text)) {
    const size = metrics.width(word);
    if (line !== undefined && used + 1 + size <= room()) {
      line += ` ${word}`;
      used += 1 + size;
      continue;
    }
    if (line !== undefined) lines.push(line);
    if (size > room() && breakable(word)) {
      const parts = metrics.wrap(word, room());
      lines.push(...parts.slice(0, -1));
      line = parts.at(-1) ?? '';
    } else line = word;
    used = metrics.width(line);
  }
  lines.push(line ?? '');
  return lines;
}

/**
 * Lines joined where a newline falls inside a sentence of a line that has to be re-wrapped: the
 * next line has the same indent and goes on in lower case, so keeping the author's break would
 * leave a short line in the middle of the sentence.
 */
function joinBrokenSentences(lines: readonly string[], width: number, metrics: TextMetrics): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    const indent = /^ */.exec(line)![0].length;
    if (
      previous !== undefined &&
      metrics.width(previous) > width &&
      /^ *[a-z]/.test(line) &&
      /^ */.exec(previous)![0].length === indent &&
      !/ {2,}\S/.test(previous.trimStart())
    )
      out[out.length - 1] = `${previous} ${line.slice(indent)}`;
    else out.push(line);
  }
  return out;
}

/**
 * `text` with every line longer than `width` broken at spaces, its continuations indented as the
 * module comment says (`hang` more columns than the line's own indent when it has no second
 * column). An indent that would leave fewer than 20 columns falls back to the line's own indent.
 */
export function wrapBlock(text: string, width: number, metrics: TextMetrics, hang = 2): string {
  return joinBrokenSentences(text.split('\n'), width, metrics)
    .flatMap((line) => {
      if (metrics.width(line) <= width) return [line];
      const indent = /^ */.exec(line)![0].length;
      let next = continuationIndent(line, hang);
      if (width - next < 20) next = Math.min(indent, Math.max(0, width - 20));
      const [head = '', ...tail] = breakLines(line.slice(indent), width - indent, width - next, metrics);
      return [' '.repeat(indent) + head, ...tail.map((part) => ' '.repeat(next) + part)];
    })
    .join('\n');
}
