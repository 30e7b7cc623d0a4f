/**
 * `$like`/`$ilike` patterns (`%` is any run of characters, everything else literal), matched in
 * linear time. A backtracking regular expression would let `%%%%%%%%%z` pin the CPU for minutes;
 * here repeated `%` collapse, and the pieces between them are found left to right, each as early
 * as possible, which is enough for a pattern whose only wildcard is `%`.
 */

/** A test of whole values against `pattern`; `ignoreCase` for `$ilike`. */
export function likeMatcher(pattern: string, ignoreCase: boolean): (text: string) => boolean {
  const fold = ignoreCase ? (text: string) => text.toLowerCase() : (text: string) => text;
  const parts = fold(pattern).split('%');
  if (parts.length === 1) return (text) => fold(text) === parts[0];
  const first = parts[0]!;
  const last = parts.at(-1)!;
  const middle = parts.slice(1, -1).filter((part) => part !== '');
  return (value) => {
    const text = fold(value);
    if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last))
      return false;
    const end = text.length - last.length;
    let at = first.length;
    for (const part of middle) {
      const found = text.indexOf(part, at);
      if (found < 0 || found + part.length > end) return false;
      at = found + part.length;
    }
    return true;
  };
}
