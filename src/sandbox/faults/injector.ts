/**
 * Which fault each /v1 request gets: one draw of a PRNG derived from the seed per request, in
 * arrival order, so the same seed and the same sequence of requests give the same faults.
 */
import { createRng, type Rng } from '../random.js';
import { FAULT_NAMES, type FaultName, type FaultRates } from './config.js';

/** The faults in force: their shares, and how long a `slow` answer is held back. */
export interface FaultSettings {
  readonly rates: FaultRates;
  readonly slowMs: number;
}

// Keeps the fault draws apart from the other sequences derived from the same seed.
const FAULT_SALT = 0xfa17;

export class FaultInjector {
  #settings: FaultSettings;
  #rng: Rng;

  constructor(
    private readonly seed: number,
    settings: FaultSettings,
  ) {
    this.#settings = settings;
    this.#rng = createRng(seed ^ FAULT_SALT);
  }

  get settings(): FaultSettings {
    return this.#settings;
  }

  /**
   * Puts new settings in force and restarts the sequence of draws, so what follows depends only
   * on the seed, the settings and the requests from now on.
   */
  configure(settings: FaultSettings): void {
    this.#settings = settings;
    this.#rng = createRng(this.seed ^ FAULT_SALT);
  }

  /** The fault of the next request, or null: the shares are laid end to end on [0, 1) in FAULT_NAMES order. */
  draw(): FaultName | null {
    const { rates } = this.#settings;
    if (Object.keys(rates).length === 0) return null;
    const point = this.#rng() / 0x1_0000_0000;
    let edge = 0;
    for (const name of FAULT_NAMES) {
      edge += rates[name] ?? 0;
      if (point < edge) return name;
    }
    return null;
  }
}
