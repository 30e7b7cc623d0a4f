/**
 * Request bodies from the command line: `--set key=value` pairs and `--body FILE|-`.
 */
import { readFile } from 'node:fs/promises';
import { UsageError } from './errors.js';

/**
 * `key=value` pairs to an object. A value that parses as a JSON number, boolean, null, object
 * or array keeps that type (`amount=12.5`, `done=true`, `tags=["a"]`); anything else is a string.
 * Quote it as JSON to force a string: `zip='"01234"'`.
 */
export function parseSetPairs(pairs: readonly string[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`invalid --set "${pair}": expected key=value`);
    out[pair.slice(0, eq).trim()] = typedValue(pair.slice(eq + 1));
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

/** Reads a JSON body from a file or from stdin (`-`); it must be a JSON object. */
export async function readJsonBody(
  source: string,
  readStdin: () => Promise<string>,
): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = source === '-' ? await readStdin() : await readFile(source, 'utf8');
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(`cannot read --body ${source}: ${reason}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `--body ${source === '-' ? '(stdin)' : source} is not valid JSON: ${(error as Error).message}`,
    );
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`--body ${source === '-' ? '(stdin)' : source} must hold a JSON object`);
  }
  return value as Record<string, unknown>;
}
