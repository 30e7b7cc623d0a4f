/**
 * The progress of an export where no spinner is shown (stderr or stdout not a terminal: a CI log):
 * one line every PROGRESS_INTERVAL_MS, in every phase, so a job that kills silent steps (often
 * after 10 minutes) lets it run, and a script can grep it:
 *
 *   progress: phase=reading forms=120/1600 files=0/? bytes=0/? wait=3s eta=52m
 *
 * phase: listing, reading (the forms), checking (files already exported), downloading, merging;
 * forms: read (or taken from an interrupted run's manifest) / matching; files and bytes: this
 * run's downloads done / planned; wait: how long the rate limit holds the next request; eta: the
 * time left for the work known so far (while reading, the reads left). `?`: not known yet.
 */

import { UsageError } from '../../core/errors.js';
import { formatDuration, parseDuration } from '../../core/text/duration.js';
import { quote } from '../../core/text/quote.js';

export const PROGRESS_INTERVAL_MS = 30_000;

export type ExportPhase = 'listing' | 'reading' | 'checking' | 'downloading' | 'merging';

/** Done of a total; the total is undefined until it is known. */
export interface Tally {
  done: number;
  total: number | undefined;
}

export interface ProgressFacts {
  phase: ExportPhase;
  forms: Tally;
  files: Tally;
  bytes: Tally;
  /** how long the rate limit holds the next request */
  waitMs: number;
  etaMs: number | undefined;
}

export function progressLine(facts: ProgressFacts): string {
  const tally = ({ done, total }: Tally) => `${done}/${total ?? '?'}`;
  const time = (ms: number | undefined) => (ms === undefined ? '?' : ms < 1000 ? '0s' : formatDuration(ms));
  return (
    `progress: phase=${facts.phase} forms=${tally(facts.forms)} files=${tally(facts.files)} ` +
    `bytes=${tally(facts.bytes)} wait=${time(facts.waitMs)} eta=${time(facts.etaMs)}`
  );
}

/** The interval of the progress lines: WFD_PROGRESS_INTERVAL (a duration), else 30 s. */
export function progressInterval(env: NodeJS.ProcessEnv): number {
  const text = env.WFD_PROGRESS_INTERVAL;
  if (text === undefined || text === '') return PROGRESS_INTERVAL_MS;
  const ms = parseDuration(text);
  if (ms === undefined || ms < 100 || ms > 3_600_000) {
    throw new UsageError(
      `invalid WFD_PROGRESS_INTERVAL ${quote(text)}: expected a duration from 100ms to 1h, such as 30s`,
    );
  }
  return ms;
}

/** Prints `facts()` as a progress line every `intervalMs` until stopped. */
export function startProgressLines(
  intervalMs: number,
  facts: () => ProgressFacts,
  print: (line: string) => void,
): { stop(): void } {
  const timer = setInterval(() => print(progressLine(facts())), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
