/**
 * JSON text laid out and coloured as gh colours its --jq output on a terminal (go-gh's
 * jsonpretty): punctuation bold, keys bold blue, strings green, true and false yellow, null
 * cyan, numbers as they are. The text is re-laid token by token, never parsed into values, so
 * numbers keep every digit jq wrote.
 */

const DELIM = '\u001b[1;38m';
const KEY = '\u001b[1;34m';
const STRING = '\u001b[32m';
const BOOL = '\u001b[33m';
const NULL = '\u001b[36m';
const RESET = '\u001b[m';

/** A string, a number, a literal, or one punctuation character, in compact JSON. */
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null|[{}[\],:]/g;

/**
 * `json` (one value, compact, as `jq -c` writes it) indented by `indent` per level (none:
 * one line, as gh's compact output) and coloured.
 */
export function colorJson(json: string, indent = '  '): string {
  const tokens = json.match(TOKEN) ?? [];
  const newline = (depth: number) => (indent ? `\n${indent.repeat(depth)}` : '');
  const paint = (color: string, text: string) => `${color}${text}${RESET}`;
  let out = '';
  let depth = 0;
  for (const [i, token] of tokens.entries()) {
    const next = tokens[i + 1];
    switch (token) {
      case '{':
      case '[': {
        depth++;
        out += paint(DELIM, token);
        // An empty object or array stays on its line: `{}`, `[]`.
        if (next !== '}' && next !== ']') out += newline(depth);
        break;
      }
      case '}':
      case ']': {
        depth--;
        const previous = tokens[i - 1];
        if (previous !== '{' && previous !== '[') out += newline(depth);
        out += paint(DELIM, token);
        break;
      }
      case ',':
        out += paint(DELIM, ',') + newline(depth);
        break;
      case ':':
        out += paint(DELIM, ':') + (indent ? ' ' : '');
        break;
      default:
        if (token.startsWith('"')) out += paint(next === ':' ? KEY : STRING, token);
        else if (token === 'true' || token === 'false') out += paint(BOOL, token);
        else if (token === 'null') out += paint(NULL, token);
        else out += token;
    }
  }
  return out;
}
