/** Single values as cell text: plain (for scripts) or for people (tables, detail views), and their colour. */
import type { ChalkInstance } from 'chalk';
import { absoluteTime, parseTime, relativeTime } from './time.js';
import type { ColumnKind } from './types.js';

/** A style applied to a cell's text after truncation, so truncation never cuts an ANSI code. */
export type Paint = (text: string) => string;

const STATUS_COLORS = { draft: 'gray', pending: 'yellow', in_progress: 'cyan', closed: 'green' } as const;

const unstyled: Paint = (text) => text;

/** The value as text, unaltered: empty for null/undefined, compact JSON for objects and arrays. */
export function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `scalarText` safe for one tab-separated line: tabs and newlines become spaces. */
export function plainText(value: unknown): string {
  return scalarText(value).replace(/\r\n|[\t\r\n]/g, ' ');
}

/**
 * Text for a table cell: `-` for null, relative times for `time` columns (in a detail view the
 * absolute time too: "2026-01-03 10:00 UTC (3d ago)"), otherwise as in plain output.
 */
export function displayText(value: unknown, kind: ColumnKind | undefined, now: Date, detail = false): string {
  if (value === null || value === undefined) return '-';
  const time = kind === 'time' ? parseTime(value) : undefined;
  if (time) return detail ? `${absoluteTime(time)} (${relativeTime(time, now)})` : relativeTime(time, now);
  return plainText(value);
}

/** The colour of a cell: ids and nulls dim, booleans green/dim, known statuses by their meaning. */
export function paintFor(value: unknown, kind: ColumnKind | undefined, chalk: ChalkInstance): Paint {
  if (value === null || value === undefined || kind === 'id') return chalk.dim;
  if (typeof value === 'boolean') return value ? chalk.green : chalk.dim;
  if (kind === 'status' && typeof value === 'string' && Object.hasOwn(STATUS_COLORS, value)) {
    return chalk[STATUS_COLORS[value as keyof typeof STATUS_COLORS]];
  }
  return unstyled;
}
