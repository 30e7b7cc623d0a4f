/**
 * Dates as people type them in filters: `today`, `yesterday`, an age (`24h`, `-7d`: that long
 * ago), or an ISO date. A date or time written without a zone is the local one, as
 * `date -d yesterday +%F` means it; the API receives each as an instant in UTC.
 */
import { isIsoDate } from './values.js';

const HOUR_MS = 3_600_000;
const AGE_UNIT_MS: Record<string, number> = {
  s: 1_000,
  m: 60_000,
  h: HOUR_MS,
  d: 24 * HOUR_MS,
  w: 168 * HOUR_MS,
};
const AGE_RE = /^-?(\d{1,9})([smhdw])$/;
const ZONE_RE = /(?:Z|[+-]\d{2}:\d{2})$/;
const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?$/;

/** True for what `resolveDate` reads: today, yesterday, an age or an ISO date. */
export function isDateText(text: string): boolean {
  return text === 'today' || text === 'yesterday' || AGE_RE.test(text) || isIsoDate(text);
}

/**
 * The instant `text` means at `now`, as ISO 8601 in UTC; an ISO date with a zone as written.
 * `today` and `yesterday` are the start of those local days. Undefined for anything else.
 */
export function resolveDate(text: string, now: Date): string | undefined {
  if (text === 'today' || text === 'yesterday') {
    const day = new Date(now);
    day.setHours(0, 0, 0, 0);
    // setDate, not 24 h less: a day that changes the clock (DST) is 23 or 25 hours long.
    if (text === 'yesterday') day.setDate(day.getDate() - 1);
    return day.toISOString();
  }
  const age = AGE_RE.exec(text);
  if (age) return new Date(now.getTime() - Number(age[1]) * AGE_UNIT_MS[age[2]!]!).toISOString();
  if (!isIsoDate(text)) return undefined;
  if (ZONE_RE.test(text)) return text;
  const [year, month, day, hour, minute, second, fraction] = LOCAL_RE.exec(text)!.slice(1);
  const local = new Date(0);
  // setFullYear, not the Date constructor: the latter reads years 0-99 as 1900-1999.
  local.setFullYear(Number(year), Number(month) - 1, Number(day));
  local.setHours(
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
    Math.round(Number(fraction ?? 0) * 1000),
  );
  return local.toISOString();
}
