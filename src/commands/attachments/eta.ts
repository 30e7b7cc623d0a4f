/**
 * The time an export has left, from the pace it actually has. The pace is the work done over the
 * last WINDOW_MS of working time: time the rate limiter held requests back (its windows, a 429
 * pause) is left out, because the limiter itself answers for it, and a pace averaged over a hold
 * keeps an ETA of many minutes to the last second (the reads after a 45 s pause, at one read
 * done, were timed at 45 s each).
 *
 * The ETA is the later of the measured one and the limiter's answer for the requests left (the
 * plan: no faster than the limits allow, answers taken as instant). Until WARMUP_MS of work are
 * measured, the measured ETA is blended with the plan, in proportion to the time measured; with
 * no plan (no limit to wait on), the measured ETA stands alone.
 */

import type { RateLimiter } from '../../core/budget/limiter.js';

/** How much of the latest working time the pace is measured over. */
export const WINDOW_MS = 30_000;
/** Working time after which the measured pace is trusted whole. */
export const WARMUP_MS = 10_000;
/** At most one sample this often: a download of many small chunks keeps a short list. */
const SAMPLE_MS = 250;

export interface EtaWork {
  /** units of work: requests answered (a read, a download, a merge batch) */
  units: number;
  /** the bytes, when they are all known; undefined otherwise */
  bytes: number | undefined;
}

interface Sample {
  at: number;
  units: number;
  bytes: number;
}

export class MeasuredEta {
  #units = 0;
  #bytes = 0;
  readonly #started: number;
  /** the first one at or before the window's start, then those inside it */
  readonly #samples: Sample[];

  /**
   * @param planned the work to do
   * @param plan the limiter's ETA for `units` requests left; 0 when nothing holds them
   * @param workingClock milliseconds, not counting the time the limiter held requests back
   */
  constructor(
    private readonly planned: EtaWork,
    private readonly plan: (units: number) => number,
    private readonly workingClock: () => number,
  ) {
    this.#started = workingClock();
    this.#samples = [{ at: this.#started, units: 0, bytes: 0 }];
  }

  /** Units finished (whatever their outcome: a failed one is not to do either). */
  addUnits(units: number): void {
    this.#units += units;
    this.#sample();
  }

  addBytes(bytes: number): void {
    this.#bytes += bytes;
    this.#sample();
  }

  /** Milliseconds left; 0 once every unit is done; undefined while nothing tells. */
  etaMs(): number | undefined {
    const unitsLeft = Math.max(0, this.planned.units - this.#units);
    if (unitsLeft === 0) return 0;
    const now = this.workingClock();
    this.#forget(now);
    const planned = this.plan(unitsLeft);
    const measured = this.#measured(now, unitsLeft);
    if (measured === undefined) return planned > 0 ? planned : undefined;
    if (planned <= 0) return measured;
    const trust = Math.min(1, (now - this.#started) / WARMUP_MS);
    return planned + trust * Math.max(0, measured - planned);
  }

  /** The later of the units and the bytes left at their pace over the window; undefined with no pace. */
  #measured(now: number, unitsLeft: number): number | undefined {
    const base = this.#samples[0]!;
    const span = now - base.at;
    if (span <= 0) return undefined;
    const left = [unitsLeft / ((this.#units - base.units) / span)];
    const { bytes } = this.planned;
    if (bytes !== undefined && bytes > this.#bytes)
      left.push((bytes - this.#bytes) / ((this.#bytes - base.bytes) / span));
    const known = left.filter(Number.isFinite);
    return known.length > 0 ? Math.max(...known) : undefined;
  }

  #sample(): void {
    const at = this.workingClock();
    const last = this.#samples.at(-1)!;
    if (at - last.at >= SAMPLE_MS) this.#samples.push({ at, units: this.#units, bytes: this.#bytes });
    this.#forget(at);
  }

  /** Drops the samples the window has passed, keeping the last one before it as the base. */
  #forget(now: number): void {
    const start = now - WINDOW_MS;
    let stale = 0;
    while (stale + 1 < this.#samples.length && this.#samples[stale + 1]!.at <= start) stale++;
    if (stale > 0) this.#samples.splice(0, stale);
  }
}

/** The ETA of `planned` under `limiter` (none: no limits), on `clock` less the limiter's holds. */
export function limitedEta(
  planned: EtaWork,
  limiter: RateLimiter | undefined,
  clock: () => number = () => performance.now(),
): MeasuredEta {
  return new MeasuredEta(
    planned,
    (units) => limiter?.eta(units) ?? 0,
    () => clock() - (limiter?.heldMs() ?? 0),
  );
}
