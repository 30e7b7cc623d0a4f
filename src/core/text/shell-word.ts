/** A word the shell takes as it is, for commands printed in hints: single-quoted unless plainly safe. */
export function shellWord(word: string): string {
  return /^[\w.:@%+=,/-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
