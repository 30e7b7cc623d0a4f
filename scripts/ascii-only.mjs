// Makes a bundle file ASCII, for scripts/bundle.mjs. V8 keeps a source that has one character past
// U+00FF as two bytes a character: dist/wfd.cjs took 2 MB instead of 1, and decoded twice as slowly
// at every start. esbuild escapes every non-ASCII character (its `charset` is ASCII) but those in
// regular expression literals, the raw text of tagged templates, and the legal comments it keeps at
// the end. In a regular expression a UTF-16 escape means the same (astral characters as their two
// halves, under `u` and `v` too), in a comment nothing; in a tagged template it would not
// (`String.raw` sees the six characters), so anything else is refused, with where it is.
// TypeScript's parser (a dev dependency already) tells them apart.
import ts from 'typescript';

/** `code` with each non-ASCII character of its regular expressions and comments as a `\uXXXX` escape. */
export function asciiOnly(code, file) {
  if (!/[\u0080-\uffff]/.test(code)) return code;
  const regexes = escapableRanges(code, file);
  let next = 0;
  return code.replace(/(\\*)([\u0080-\uffff])/g, (_match, backslashes, char, at) => {
    const where = at + backslashes.length;
    while (next < regexes.length && regexes[next][1] <= where) next++;
    const range = regexes[next];
    if (!range || where < range[0]) {
      const line = code.slice(0, where).split('\n').length;
      throw new Error(
        `bundle: ${file}:${line}: a non-ASCII character outside a regular expression or comment`,
      );
    }
    const escaped = `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
    // An odd run of backslashes escapes the character itself (an identity escape, `\é`, which
    // means `é`): the escape takes the last backslash's place.
    return backslashes.length % 2 === 1 ? `${backslashes.slice(1)}${escaped}` : `${backslashes}${escaped}`;
  });
}

/** The [start, end) of every regular expression literal of `code`, then of its closing comments. */
function escapableRanges(code, file) {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const ranges = [];
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) ranges.push([node.getStart(source), node.end]);
    else ts.forEachChild(node, visit);
  };
  visit(source);
  for (const { pos, end } of ts.getLeadingCommentRanges(code, source.endOfFileToken.pos) ?? [])
    ranges.push([pos, end]);
  return ranges;
}
