/** Single values as cell text: plain (for scripts) or for people (tables, detail views), and their colour. */
import type { ChalkInstance } from 'chalk';
import { isRecord } from '../core/guards.js';
import { escapeControls } from '../core/text/quote.js';
import { PARENT_STATUS_COLORS } from '../resources/cases.js';
import { formatBytes } from './bytes.js';
import { absoluteTime, parseTime, relativeTime } from './time.js';
import type { ColumnKind } from './types.js';

/** A style applied to a cell's text after truncation, so truncation never cuts an ANSI code. */
export type Paint = (text: string) => string;

const unstyled: Paint = (text) => text;

/** The value as text, unaltered: empty for null/undefined, compact JSON for objects and arrays. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * `scalarText` safe for one tab-separated line on a terminal: tabs and line breaks become spaces,
 * other control characters show in caret notation (`^[`), so API text cannot drive the terminal.
 */
export function plainText(value: unknown): string {
  return escapeControls(scalarText(value).replace(/\r\n|[\t\r\n]/g, ' '));
}

/** "Jane Doe" from `{given_name, family_name}` (or a `name`); undefined when it is nothing of the sort. */
function personName(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const parts = [value.given_name, value.family_name].filter((part) => typeof part === 'string' && part);
  if (parts.length > 0) return parts.join(' ');
  return typeof value.name === 'string' && value.name ? value.name : undefined;
}

/** Lists of words and numbers, which read as `a, b`; anything else structured stays JSON. */
export function isWordList(value: unknown): value is (string | number)[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number');
}

/**
 * Text for a table cell: `-` for null, relative times for `time` columns (in a detail view the
 * absolute time too: "2026-01-03 10:00 UTC (3d ago)"), full names for `person` columns, sizes in
 * binary units for `bytes` columns, `url` columns percent-decoded, `mark` columns `*` for true and
 * nothing for false, lists of
 * strings or numbers joined with commas, otherwise as in plain output.
 */
export function displayText(value: unknown, kind: ColumnKind | undefined, now: Date, detail = false): string {
  if (value === null || value === undefined) return '-';
  const time = kind === 'time' ? parseTime(value) : undefined;
  if (time) return detail ? `${absoluteTime(time)} (${relativeTime(time, now)})` : relativeTime(time, now);
  // 8 characters, as the lookup's shortest prefix (commands/shared/resolve-id.ts).
  if (kind === 'short-id' && !detail && typeof value === 'string') return plainText(value.slice(0, 8));
  if (kind === 'bytes' && typeof value === 'number' && Number.isFinite(value) && value >= 0)
    return formatBytes(value);
  if (kind === 'url' && typeof value === 'string') return plainText(decodedUrl(value));
  // The one row a flag picks out (the current profile), marked as gh marks it.
  if (kind === 'mark' && typeof value === 'boolean') return value ? '*' : '';
  const name = kind === 'person' ? personName(value) : undefined;
  // A list of words (a webhook's events) reads better as words than as JSON.
  if (isWordList(value)) return plainText(value.join(', '));
  return plainText(name ?? value);
}

/**
 * A URL or request target as a person reads it: each path segment, query name and value
 * percent-decoded between the `/`, `?`, `&`, `=` and `#` that structure it, so `%7B%22a%22%3A1%7D`
 * reads `{"a":1}`; those five stay encoded inside a piece, where they would pass for structure.
 * A piece that does not decode (a stray `%`) is shown as sent.
 */
function decodedUrl(url: string): string {
  const decode = (piece: string) => {
    try {
      return decodeURIComponent(piece).replace(/[/?&=#]/g, encodeURIComponent);
    } catch {
      return piece;
    }
  };
  return url.replace(/[^/?&=#]+/g, decode);
}

/** The colour of a cell: ids and nulls dim, booleans green/dim, known statuses by their meaning. */
export function paintFor(value: unknown, kind: ColumnKind | undefined, chalk: ChalkInstance): Paint {
  if (value === null || value === undefined || kind === 'id' || kind === 'short-id') return chalk.dim;
  if (typeof value === 'boolean') return value ? chalk.green : chalk.dim;
  if (kind === 'status' && typeof value === 'string' && Object.hasOwn(PARENT_STATUS_COLORS, value)) {
    return chalk[PARENT_STATUS_COLORS[value as keyof typeof PARENT_STATUS_COLORS]];
  }
  return unstyled;
}
