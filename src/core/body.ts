/**
 * Request bodies from the command line: `--set key=value` pairs and `--body FILE|-`.
 */
import { createReadStream } from 'node:fs';
import { UsageError } from './errors.js';
import { readUtf8 } from './files/utf8-text.js';
import { putOwn } from './guards.js';
import { describeJsonError } from './text/json-error.js';
import { quote } from './text/quote.js';

/**
 * `key=value` pairs to an object. A value that parses as a JSON number, boolean, null, object
 * or array keeps that type (`amount=12.5`, `done=true`, `tags=["a"]`); anything else is a string.
 * Quote it as JSON to force a string: `zip='"01234"'`.
 */
export function parseSetPairs(pairs: readonly string[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs ?? []) {
    const eq = pair.indexOf('=');
    const key = pair.slice(0, Math.max(0, eq)).trim();
    if (eq <= 0 || key === '') throw new UsageError(`invalid --set ${quote(pair)}: expected key=value`);
    putOwn(out, key, checkDepth(typedValue(pair.slice(eq + 1)), `--set ${key}`));
  }
  return out;
}

function typedValue(raw: string): unknown {
  const text = raw.trim();
  if (/^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)$/.test(text) || /^[[{"]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return raw;
    }
  }
  return raw;
}

/** How deep a value given on the command line may nest: far beyond any real payload. */
export const MAX_DEPTH = 64;

/** `value` when it nests no deeper than MAX_DEPTH, else a UsageError naming `what`. */
export function checkDepth<T>(value: T, what: string): T {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_DEPTH) throw new UsageError(`${what} nests deeper than ${MAX_DEPTH} levels`);
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return value;
}

/** The text of file `source`, or of stdin for `-`; one that cannot be read is a UsageError naming `label`. */
export async function readTextSource(
  source: string,
  label: string,
  readStdin: () => Promise<string>,
): Promise<string> {
  try {
    return source === '-' ? await readStdin() : await readUtf8(createReadStream(source));
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(`cannot read ${label}: ${reason}`);
  }
}

/** Reads JSON from a file or from stdin (`-`) for option `flag` (`--body`, `--input`), depth-checked. */
export async function readJson(
  source: string,
  flag: string,
  readStdin: () => Promise<string>,
): Promise<unknown> {
  const label = source === '-' ? `${flag} - (stdin)` : `${flag} ${quote(source)}`;
  const text = await readTextSource(source, label, readStdin);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${label}: ${describeJsonError(text, error)}`);
  }
  return checkDepth(value, label);
}

/** Reads a `--body` from a file or from stdin (`-`); it must be a JSON object. */
export async function readJsonBody(
  source: string,
  readStdin: () => Promise<string>,
): Promise<Record<string, unknown>> {
  const value = await readJson(source, '--body', readStdin);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    const label = source === '-' ? '--body - (stdin)' : `--body ${quote(source)}`;
    throw new UsageError(`${label} must hold a JSON object`);
  }
  return value as Record<string, unknown>;
}
