/**
 * The rate budget shared by the wfd processes of one machine, as plain data and pure functions
 * (src/core/budget/shared-budget.ts keeps it in a file under a lock).
 *
 * It is the sliding log of src/core/budget/limiter.ts across processes: the answer times of every
 * request, each tagged with a hash of its token, and the requests in flight as reservations.
 * The first rule (per minute) counts the entries of one token; the others (per hour) count every
 * entry of the file, which is kept per client. A reservation names its process and expires once
 * its request's deadline has passed, so a process that crashed with requests in flight holds
 * nobody up for long; answers age out of the longest window.
 *
 * Times read from the file are bounded, so no file can hold a process for long: answers and
 * pauses from the future (the clock stepped back, by NTP or by hand, since they were written)
 * are dropped, a pause is cut to the longest wait a server may ask for (WFD_MAX_WAIT), and a
 * reservation may end no further ahead than a request may last.
 */
import type { RateRule } from './rules.js';

export interface BudgetEntry {
  /** when the request was answered (epoch ms) */
  t: number;
  /** the token's tag (a hash prefix) */
  k: string;
}

export interface BudgetReservation {
  id: string;
  pid: number;
  k: string;
  /** after this (epoch ms) the request cannot still be in flight */
  until: number;
}

export interface BudgetLog {
  answered: BudgetEntry[];
  reserved: BudgetReservation[];
  /** a 429 seen by any process holds every process until then */
  pausedUntil: number;
  /** when that 429 was seen (absent in files of earlier versions) */
  pausedAt?: number;
}

export const emptyLog = (): BudgetLog => ({ answered: [], reserved: [], pausedUntil: 0 });

/**
 * A time written this far ahead of `now` is from a clock that has since stepped back. Not zero:
 * a process reads the clock before it waits for the file's lock (up to two seconds), so another
 * one's answer may be written a little after that `now`.
 */
const FUTURE_SLACK_MS = 5_000;

/** A log read from disk, or an empty one when the text is not one (a torn or foreign file). */
export function parseLog(text: string): BudgetLog {
  try {
    const value = JSON.parse(text) as Partial<BudgetLog>;
    if (!Array.isArray(value.answered) || !Array.isArray(value.reserved)) return emptyLog();
    return {
      answered: value.answered.filter((e) => typeof e?.t === 'number' && typeof e.k === 'string'),
      reserved: value.reserved.filter(
        (r) => typeof r?.id === 'string' && typeof r.until === 'number' && typeof r.pid === 'number',
      ),
      pausedUntil: typeof value.pausedUntil === 'number' ? value.pausedUntil : 0,
      ...(typeof value.pausedAt === 'number' ? { pausedAt: value.pausedAt } : {}),
    };
  } catch {
    return emptyLog();
  }
}

/** How far ahead times read from the file may reach. */
export interface LogBounds {
  /** the longest wait a server may ask for (WFD_MAX_WAIT): a pause is cut to it */
  maxWaitMs: number;
  /** the longest a request may be in flight: a reservation ending later is not one of ours */
  reservationMs: number;
}

/**
 * Drops answers older than the longest window or from the future, reservations expired, of dead
 * processes or ending further ahead than a request may last, and a pause that is over or was seen
 * in the future; cuts a pause to the longest wait.
 */
export function pruneLog(
  log: BudgetLog,
  rules: readonly RateRule[],
  now: number,
  isAlive: (pid: number) => boolean,
  bounds: LogBounds,
): BudgetLog {
  const longest = Math.max(0, ...rules.map((rule) => rule.windowMs));
  const future = now + FUTURE_SLACK_MS;
  const paused = log.pausedUntil > now && (log.pausedAt ?? now) <= future;
  const reservedUntil = future + bounds.reservationMs;
  return {
    answered: log.answered
      .filter((entry) => entry.t > now - longest && entry.t <= future)
      .sort((a, b) => a.t - b.t),
    reserved: log.reserved.filter((r) => r.until > now && r.until <= reservedUntil && isAlive(r.pid)),
    pausedUntil: paused ? Math.min(log.pausedUntil, now + bounds.maxWaitMs) : 0,
    ...(paused && log.pausedAt !== undefined ? { pausedAt: log.pausedAt } : {}),
  };
}

/**
 * When a request of token `tag` may start, at or after `now`, and what holds it until then: the
 * index of a rule whose window is full, or `pause` (a 429). Without `at`, requests in flight alone
 * fill rule `by` (a release will make room). The log must be pruned.
 */
export interface Start {
  at?: number;
  by?: number | 'pause';
}

export function earliestStart(log: BudgetLog, rules: readonly RateRule[], tag: string, now: number): Start {
  let at = Math.max(now, log.pausedUntil);
  let by: Start['by'] = log.pausedUntil > now ? 'pause' : undefined;
  for (const [index, { limit, windowMs }] of rules.entries()) {
    const counted = countedBy(log, index, tag);
    const room = limit - counted.reserved.length;
    if (room <= 0) return { by: index };
    // The room-th most recent answer must have left the window (t - windowMs, t].
    const oldest = counted.answered.length - room;
    const free = oldest >= 0 ? counted.answered[oldest]!.t + windowMs : at;
    if (free > at) {
      at = free;
      by = index;
    }
  }
  return by === undefined ? { at } : { at, by };
}

/** What rule `index` counts for token `tag`: the first rule is per token, the others count the whole client. */
export function countedBy(
  log: BudgetLog,
  index: number,
  tag: string,
): { answered: BudgetEntry[]; reserved: BudgetReservation[] } {
  const mine = (entry: { k: string }) => index > 0 || entry.k === tag;
  return { answered: log.answered.filter(mine), reserved: log.reserved.filter(mine) };
}

/** The log with the reservation `id` (of token `tag`) turned into an answer at `now`. */
export function releaseIn(log: BudgetLog, id: string, tag: string, now: number): BudgetLog {
  return {
    ...log,
    reserved: log.reserved.filter((r) => r.id !== id),
    // Also when the reservation expired meanwhile: the server counted the request all the same.
    answered: [...log.answered, { t: now, k: tag }],
  };
}
