/** Quoting of generated words for the scripts: the text must reach the shell unchanged. */
import type { ValueKey } from './tree.js';

/** A single-quoted word for bash and zsh: `it's` -> `'it'\''s'`. */
export function shQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A single-quoted word for fish, where `\` and `'` are escaped inside the quotes. */
export function fishQuote(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** A bash or zsh `case` label of a value key: `'cases list|--sort'`, or `*'|--output'` for any command. */
export function shCaseLabel({ path, key }: ValueKey): string {
  return path === undefined ? `*${shQuote(`|${key}`)}` : shQuote(`${path}|${key}`);
}
