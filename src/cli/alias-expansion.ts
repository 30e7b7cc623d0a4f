/**
 * gh's aliases (`wfd alias set`): what a command line that starts with an alias becomes. An
 * expansion is words as a shell splits them (quotes and backslashes), each `$1`..`$N` replaced
 * by that argument whole (never split again), and the arguments no placeholder took appended;
 * one that starts with `!` is a shell command line instead, given the arguments as $1.. (sh -c;
 * cmd on Windows, which has no $1: the arguments are appended to the line). On the start-up
 * path: plain functions, nothing loaded.
 */
import { UsageError } from '../core/errors.js';

/** What an alias makes of a command line. */
export type Expanded =
  /** wfd's own words, the program name excluded */
  { kind: 'command'; words: string[] } | { kind: 'shell'; line: string; args: string[] };

/** Alias names: words a shell passes through unquoted. */
export const ALIAS_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Splits `text` into words as a POSIX shell would, without expanding anything; UsageError on an open quote. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  // A word has begun: '' is a word when quoted ("").
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else if (char === '\\' && /["\\$`]/.test(text[i + 1] ?? '')) word += text[++i];
      else word += char;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      inWord = true;
      if (char === "'" || char === '"') quote = char;
      else if (char === '\\' && i + 1 < text.length) word += text[++i];
      else word += char;
    }
  }
  if (quote) throw new UsageError(`unclosed ${quote} in ${JSON.stringify(text)}`);
  if (inWord) words.push(word);
  return words;
}

/** Expands the alias `name` (= `expansion`) given `args`; UsageError when a placeholder has no argument. */
export function expandAlias(name: string, expansion: string, args: readonly string[]): Expanded {
  if (expansion.startsWith('!')) return { kind: 'shell', line: expansion.slice(1), args: [...args] };
  const used = new Set<number>();
  const words = splitWords(expansion).map((word) =>
    word.replace(/\$(\d+)/g, (_placeholder, digits: string) => {
      const index = Number(digits) - 1;
      const arg = args[index];
      if (index < 0 || arg === undefined)
        throw new UsageError(
          `the alias ${name} needs ${digits} argument${digits === '1' ? '' : 's'}: it expands to \`${expansion}\``,
          { hint: 'see the aliases with `wfd alias list`' },
        );
      used.add(index);
      return arg;
    }),
  );
  return { kind: 'command', words: [...words, ...args.filter((_arg, index) => !used.has(index))] };
}

/** The words of a (non-shell) expansion that name its command (`cases list`), for `--help`. */
export function commandWordsOf(expansion: string): string[] {
  const words: string[] = [];
  for (const word of splitWords(expansion)) {
    if (word.startsWith('-') || word.includes('$')) break;
    words.push(word);
  }
  return words;
}
