/** Checks of single values that list queries (and ids on the command line) are made of. */
import { UsageError } from '../errors.js';
import { quote } from '../text/quote.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// HTML's e-mail rule, plus a dot in the domain: what the API will accept in practice.
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const SLUG_RE = /^[a-z0-9][a-z0-9-_]*$/;
// ISO 8601 as the spec's examples write it: a date, or a date and a time to the minute with
// optional seconds and fraction, then optionally Z or ±HH:MM.
const ISO_DATE_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))?)?$/;

/** True for a UUID string (any version, either case). */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

/** Returns `value` when it is a UUID, else UsageError `invalid <what> "<value>": expected a UUID`. */
export function assertUuid(value: string, what: string): string {
  if (!isUuid(value)) throw new UsageError(`invalid ${what} ${quote(value)}: expected a UUID`);
  return value;
}

/** True for a plausible e-mail address (local@domain.tld). */
export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value);
}

/** True for a slug: lower-case letters, digits, `-` and `_`, not starting with `-` or `_`. */
export function isSlug(value: string): boolean {
  return SLUG_RE.test(value);
}

/**
 * True for an ISO 8601 date (`2026-01-31`) or date-time (`2026-01-31T09:30:00.5+01:00`) with a
 * real calendar date, a real time of day and a zone offset of at most ±23:59.
 */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE_RE.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = m
    .slice(1, 9)
    .map((part) => Number(part ?? 0)) as [number, number, number, number, number, number, number, number];
  // setUTCFullYear, not Date.UTC: the latter reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    offsetHours < 24 &&
    offsetMinutes < 60
  );
}
