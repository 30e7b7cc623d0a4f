/**
 * Text from the API or from the user is data, never terminal commands. These helpers show control
 * characters in caret notation, the convention of `gh` (go-gh's asciisanitizer): ESC is `^[`, BEL
 * `^G`, DEL `^?`, and a C1 control (U+0080-U+009F) the caret of its C0 twin (U+009B, a one-byte
 * CSI, is `^[` too). A terminal then prints `^[[31m` instead of turning red.
 *
 * Pure and free of output libraries: the client core (error messages that echo input) and the
 * renderers (tables, plain output, detail views, io.errorLine) both import it.
 */
import { count } from './counts.js';
import { graphemes } from './graphemes.js';

// C0 controls except tab and newline, DEL, and C1 controls. Tab and newline only lay text out;
// a carriage return is escaped because it lets text overwrite what was printed before it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// The same with tab and newline, for values that must stay on one line.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const ALL_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

// DEL and C1 controls: JSON.stringify escapes C0 controls only.
const JSON_RAW_CONTROLS = /[\u007f-\u009f]/g;

/** How long an echoed value may be before `quote` cuts it, in characters. */
const QUOTE_MAX = 60;

function caret(control: string): string {
  const code = control.charCodeAt(0);
  if (code === 0x7f) return '^?';
  return `^${String.fromCharCode((code & 0x1f) + 0x40)}`;
}

/** `text` with every control character but tab and newline in caret notation. */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, caret);
}

/** `text` with every control character, tab and newline included, in caret notation. */
export function escapeAllControls(text: string): string {
  return text.replace(ALL_CONTROLS, caret);
}

/**
 * JSON text for a terminal: DEL and C1 controls (U+009B is a one-byte CSI) as `\u` escapes, so
 * the text is the same JSON value and cannot drive the terminal. They occur only inside strings.
 */
export function escapeJsonControls(json: string): string {
  return json.replace(
    JSON_RAW_CONTROLS,
    (control) => `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The number of code points (what a person calls characters) in `text`. */
function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * A value the user typed or piped, for an error message: in double quotes, on one line, with
 * control characters escaped, and cut after `max` characters (never inside a character or an
 * emoji) with its full length said: `"abc…" (412,000 characters)`. A 400 KB line on stdin then
 * yields a short message instead of a 400 KB stderr line.
 */
export function quote(value: string, max = QUOTE_MAX): string {
  const total = characterCount(value);
  if (total <= max) return `"${escapeAllControls(value)}"`;
  let kept = '';
  let keptCount = 0;
  // Segments are read lazily, so only the start of a huge value is looked at.
  for (const segment of graphemes(value)) {
    const size = characterCount(segment);
    if (keptCount + size > max - 1) break;
    kept += segment;
    keptCount += size;
  }
  return `"${escapeAllControls(kept)}…" (${count(total)} characters)`;
}
