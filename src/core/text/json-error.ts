/**
 * `invalid JSON at line L, column C: <what Node says>` for JSON typed by a person (`--filter`,
 * `--body`). Node's message gives the position for most errors; `jsonErrorOffset` finds it for
 * the others.
 */
export function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const offset = jsonErrorOffset(text, message);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const where = text.includes('\n') ? `line ${line}, column ${column}` : `column ${column}`;
  // "Unexpected token '}', "{"a":}" is not valid JSON" and "... in JSON at position 5 (line 1 column 6)"
  // lose their quote of the input and their position, which this message gives its own way.
  const problem = message
    .replace(/ (?:in JSON )?at position \d+.*$/s, '')
    .replace(/, .* is not valid JSON$/s, '');
  return `invalid JSON at ${where}: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}`;
}

/**
 * The 0-based offset where JSON.parse failed, from its message: `at position N`,
 * or the end for "Unexpected end of JSON input". V8 gives no position for an
 * unexpected token; then the offset is the length of the longest prefix that is
 * only incomplete (parses, or fails at its very end): every shorter prefix is
 * too, every longer one contains the bad character, so a binary search finds it.
 */
function jsonErrorOffset(text: string, message: string): number {
  const reported = reportedOffset(text, message);
  if (reported !== undefined) return reported;
  const incomplete = (length: number): boolean => {
    const prefix = text.slice(0, length);
    try {
      JSON.parse(prefix);
      return true;
    } catch (err) {
      return reportedOffset(prefix, (err as Error).message) === length;
    }
  };
  let [lo, hi] = [0, text.length]; // incomplete(lo); not incomplete(hi), since the whole text fails earlier
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (incomplete(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** The offset a JSON.parse message gives: `at position N`, or the end of `text` for its end. */
function reportedOffset(text: string, message: string): number | undefined {
  const at = / at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  return message.startsWith('Unexpected end of JSON input') ? text.length : undefined;
}
