/**
 * The progress of an export for a person at a terminal: files, bytes, the transfer rate, and an
 * ETA. Under the spec's limits a long export is bound by requests, not bytes (1,000 an hour is
 * about 17 a minute), so the ETA is never earlier than the rate limiter's own answer for the
 * requests left; past that, it is the pace measured (eta.ts).
 */

import type { RateLimiter } from '../../core/budget/limiter.js';
import { count } from '../../core/text/counts.js';
import { formatDuration } from '../../core/text/duration.js';
import { formatBytes } from '../../output/bytes.js';
import type { IO, Spinner } from '../../output/io.js';
import { limitedEta, type MeasuredEta } from './eta.js';

/** `; about 1h2m at the rate limit` when the limiter makes `requests` take noticeably long; else nothing. */
export function rateLimitedTime(limiter: RateLimiter | undefined, requests: number): string {
  const ms = limiter?.eta(requests) ?? 0;
  return ms >= 5000 ? `; about ${formatDuration(ms)} at the rate limit` : '';
}

/** What an export has left to do, when it starts its downloads. */
export interface Totals {
  files: number;
  /** the bytes the API lists for them; undefined when some sizes are not listed */
  bytes: number | undefined;
  requests: number;
}

export class TransferProgress {
  #files = 0;
  #bytes = 0;
  readonly #started: number;
  readonly #eta: MeasuredEta;

  constructor(
    private readonly planned: Totals,
    limiter: RateLimiter | undefined,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.#started = clock();
    this.#eta = limitedEta({ units: planned.requests, bytes: planned.bytes }, limiter, clock);
  }

  /** Bytes received (as they arrive). */
  addBytes(bytes: number): void {
    this.#bytes += bytes;
    this.#eta.addBytes(bytes);
  }

  /** A file or merge finished, written or failed, which the plan counted as `requests` requests. */
  settled(requests: number): void {
    this.#eta.addUnits(requests);
  }

  /** A file written whole. */
  addFile(): void {
    this.#files++;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get files(): number {
    return this.#files;
  }

  get totals(): Totals {
    return this.planned;
  }

  /** Seconds since the downloads started. */
  elapsedMs(): number {
    return this.clock() - this.#started;
  }

  /** `12 of 134 files · 340.2 MiB of 1.2 GiB · 12.3 MiB/s · about 3m left` */
  line(): string {
    const { files, bytes } = this.planned;
    const parts = [
      `${count(this.#files)} of ${count(files)} files`,
      bytes === undefined ? formatBytes(this.#bytes) : `${formatBytes(this.#bytes)} of ${formatBytes(bytes)}`,
      `${formatBytes(Math.round(this.rate()))}/s`,
    ];
    const eta = this.etaMs();
    if (eta !== undefined) parts.push(eta < 1000 ? 'almost done' : `about ${formatDuration(eta)} left`);
    return parts.join(' · ');
  }

  /** Bytes a second since the downloads started. */
  rate(): number {
    const elapsed = this.elapsedMs() / 1000;
    return elapsed > 0 ? this.#bytes / elapsed : 0;
  }

  /** From the pace measured lately and the rate limiter's answer for the requests left (eta.ts). */
  etaMs(): number | undefined {
    return this.#eta.etaMs();
  }
}

/**
 * A status line on a terminal (a spinner on stderr, only when both streams are terminals), with
 * lines said on stderr between its updates: the status is taken down before each line, so the
 * line is not painted over, and comes back with the next update.
 */
export class StatusLine {
  #spinner: Spinner | undefined;
  #starting: Promise<void> | undefined;
  #text = '';
  #shown = false;

  constructor(private readonly io: IO) {}

  show(text: string): void {
    this.#text = text;
    this.#shown = true;
    if (this.#spinner) {
      this.#spinner.text = text;
      return;
    }
    this.#starting ??= this.io.startSpinner(text).then((spinner) => {
      this.#starting = undefined;
      if (!this.#shown) return spinner.stop();
      spinner.text = this.#text;
      this.#spinner = spinner;
    });
  }

  say(line: string): void {
    this.stop();
    this.io.errorLine(line);
  }

  stop(): void {
    this.#shown = false;
    this.#spinner?.stop();
    this.#spinner = undefined;
  }
}
