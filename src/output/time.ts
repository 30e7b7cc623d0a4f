/** Times for humans: relative ("3h ago") in tables, absolute plus relative in detail views. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** An ISO-8601 date or date-time string as a Date; anything else (including text Date.parse would guess at) is undefined. */
export function parseTime(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time);
}

/**
 * "just now" within a minute either way, else "5min ago", "3h ago", "2d ago", "3mo ago", "2y ago",
 * or "in 5min" for the future. Minutes are "min", never "m", so they cannot be read as months.
 */
export function relativeTime(date: Date, now: Date): string {
  const delta = now.getTime() - date.getTime();
  const span = Math.abs(delta);
  if (span < MINUTE) return 'just now';
  let amount: string;
  if (span < HOUR) amount = `${Math.floor(span / MINUTE)}min`;
  else if (span < DAY) amount = `${Math.floor(span / HOUR)}h`;
  else if (span < MONTH) amount = `${Math.floor(span / DAY)}d`;
  // 360 to 364 days would otherwise read "12mo"; a year starts at 365 days.
  else if (span < YEAR) amount = `${Math.min(11, Math.floor(span / MONTH))}mo`;
  else amount = `${Math.floor(span / YEAR)}y`;
  return delta >= 0 ? `${amount} ago` : `in ${amount}`;
}

/** "2026-01-03 10:00 UTC": minutes are enough for a person, UTC avoids guessing the zone. */
export function absoluteTime(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "10:00:03": the time of day in UTC, for lines that arrive as things happen (a followed log). */
export function clockTime(date: Date): string {
  return date.toISOString().slice(11, 19);
}
