/**
 * --jq: jq's own language and semantics (jq 1.8 compiled to WebAssembly by jq-wasm), loaded only
 * when the flag is used. Output is `jq -r`'s: strings bare, other values as JSON, pretty or with
 * `compact` one a line (`jq -rc`).
 */
import type { Jq } from 'jq-wasm';
import { UsageError, WfdError } from '../core/errors.js';
import { escapeControls } from '../core/text/quote.js';
import { colorJson } from './json-color.js';

/**
 * A compiled --jq program: the text jq prints for one input document; `color`: strings bare and
 * other values coloured, as gh prints --jq's output on a terminal.
 */
export type JqFilter = (
  document: unknown,
  options: { compact: boolean; terminal: boolean; color?: boolean },
) => string;

/**
 * jq-wasm trims its captured stdout, which would eat a first output's leading blanks and an empty
 * string's line; the program runs between two marker lines, so what lies between them is exact.
 */
const START = '\u0001wfd-jq-start';
const END = '\u0001wfd-jq-end';

let loaded: Promise<Jq> | undefined;

function loadJq(): Promise<Jq> {
  // The inline entry carries the WebAssembly as bytes: nothing to find on disk, in a bundle or not.
  loaded ??= import('jq-wasm/inline').then(({ loadJq }) => loadJq());
  return loaded;
}

/** `jq: error: syntax error ... at <top-level>, line 1, column 6:` and its pointer lines, without jq's frame. */
function jqMessage(stderr: string): string {
  return stderr
    .split('\n')
    .filter((line) => !/^jq: \d+ compile errors?$/.test(line))
    .join('\n')
    .replace(/^jq: error(?: \(at [^)]*\))?: /gm, '')
    .trimEnd();
}

/**
 * Compiles `program` now (jq reads no input, so nothing runs), so a bad program stops the command
 * before any request: UsageError with jq's message. The filter it returns throws WfdError (exit 1)
 * for an error jq raises on the data, after writing nothing.
 */
export async function compileJq(program: string): Promise<JqFilter> {
  const jq = await loadJq();
  const check = jq.raw('', program);
  if (check.exitCode !== 0) throw new UsageError(`invalid --jq program: ${jqMessage(check.stderr)}`);
  // A newline ends a trailing `# comment` before the closing marker.
  const wrapped = `${JSON.stringify(START)}, (${program}\n), ${JSON.stringify(END)}`;
  return (document, { compact, terminal, color = false }) => {
    // Coloured: each value a line of JSON (strings too, so they can be told apart), laid out here.
    const flags = color ? ['-c'] : compact ? ['-r', '-c'] : ['-r'];
    const { stdout, stderr, exitCode } = jq.raw(JSON.stringify(document) ?? 'null', wrapped, flags);
    // Without -r the markers are printed as JSON strings.
    const [start, end] = color ? [JSON.stringify(START), JSON.stringify(END)] : [START, END];
    const body = stdout.startsWith(start) ? stdout.slice(start.length + 1) : '';
    let text: string;
    if (body.endsWith(end)) text = body.slice(0, -end.length);
    // `halt` ends the program early and well; jq-wasm trimmed the last newline.
    else if (exitCode === 0 && !stderr) text = body ? `${body}\n` : '';
    else throw new WfdError(`--jq: ${jqMessage(stderr) || `jq exited with status ${exitCode}`}`);
    const safe = (shown: string) => (terminal ? escapeControls(shown) : shown);
    return color ? colored(text, compact, safe) : safe(text);
  };
}

/**
 * `jq -c`'s lines as gh shows them: strings bare (as `-r`), other values coloured JSON; `safe`
 * escapes control characters before the colours are added.
 */
function colored(lines: string, compact: boolean, safe: (text: string) => string): string {
  let out = '';
  for (const line of lines.split('\n').slice(0, -1)) {
    out += line.startsWith('"')
      ? `${safe(JSON.parse(line) as string)}\n`
      : `${colorJson(safe(line), compact ? '' : '  ')}\n`;
  }
  return out;
}
