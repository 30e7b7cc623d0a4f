/** Durations as users type them: `90s`, `10m`, `1h`, `500ms`, or a bare number of seconds. */

export const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const DURATION_RE = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/;

/** Milliseconds of a duration, or undefined when the text is not one (or is zero). */
export function parseDuration(text: string): number | undefined {
  const m = DURATION_RE.exec(text.trim());
  if (!m) return undefined;
  const ms = Math.round(Number(m[1]) * UNIT_MS[m[2] ?? 's']!);
  return ms > 0 && Number.isSafeInteger(ms) ? ms : undefined;
}

/** A duration for messages: `30s`, `2m`, `1h30m`, `250ms`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes}m${seconds % 60}s` : `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours}h${minutes % 60}m` : `${hours}h`;
}
