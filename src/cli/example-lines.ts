/**
 * An example as a help page shows it at a given width. One that fits is `  $ command  # note`.
 * One that does not keeps working when pasted into a shell: its note goes on a line of its own
 * before it, and the command is broken at spaces outside quotes, each line but the last ending
 * in ` \` (a shell's line continuation), the lines after the first indented. Loaded on every start.
 */

const PROMPT = '  $ ';
const CONTINUED = '      ';
const CONTINUATION = ' \\';

export function exampleLines(example: string, width: number): string[] {
  const fits = (line: string) => line.length <= width;
  if (fits(`${PROMPT}${example}`)) return [`${PROMPT}${example}`];
  const { command, note } = splitNote(example);
  const lines = note === undefined ? [] : [`  ${note}`];
  let line = PROMPT;
  for (const word of units(words(command))) {
    const joined = line === PROMPT || line === CONTINUED ? `${line}${word}` : `${line} ${word}`;
    // Room for the continuation mark, unless this line holds nothing yet (a word longer than the width).
    if (fits(`${joined}${CONTINUATION}`) || line === PROMPT || line === CONTINUED) line = joined;
    else {
      lines.push(`${line}${CONTINUATION}`);
      line = `${CONTINUED}${word}`;
    }
  }
  lines.push(line);
  return lines;
}

/** `cmd args   # note`: the command and its note (a `#` after a space, outside quotes). */
function splitNote(example: string): { command: string; note?: string } {
  let quote: string | undefined;
  for (let i = 0; i < example.length; i++) {
    const char = example[i]!;
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '#' && /\s/.test(example[i - 1] ?? '')) {
      return { command: example.slice(0, i).trimEnd(), note: example.slice(i) };
    }
  }
  return { command: example };
}

/** Words to keep on one line: an option and its value (`--flow expense-claim`) go together. */
function units(all: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < all.length; i++) {
    const word = all[i]!;
    const next = all[i + 1];
    const isOption = /^--?[a-zA-Z]/.test(word) && !word.includes('=');
    if (isOption && next !== undefined && !/^(-|\||<|>|&&|;)/.test(next)) {
      kept.push(`${word} ${next}`);
      i++;
    } else kept.push(word);
  }
  return kept;
}

/** The command's words: split at spaces outside quotes, so a quoted argument is never broken. */
function words(command: string): string[] {
  const found: string[] = [];
  let word = '';
  let quote: string | undefined;
  for (const char of command) {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === ' ') {
      if (word) found.push(word);
      word = '';
      continue;
    }
    word += char;
  }
  if (word) found.push(word);
  return found;
}
