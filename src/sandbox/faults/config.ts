/**
 * The `--faults` setting: which faults /v1 requests get, and how often. No fastify import, so
 * flag parsing can use it cheaply.
 *
 *   off                                   no faults (the default)
 *   429:0.1,503:0.05,reset:0.02,slow:0.02 each NAME:P gives that fault to a share P of requests
 */

/** The faults, in the order their shares are laid end to end on [0, 1). */
export const FAULT_NAMES = ['429', '500', '502', '503', '504', 'reset', 'slow'] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

/** The share of requests each fault gets; absent is 0. The shares add up to at most 1. */
export type FaultRates = Readonly<Partial<Record<FaultName, number>>>;

/** How long a `slow` answer is held back, unless told otherwise. */
export const DEFAULT_SLOW_MS = 1000;
export const MAX_SLOW_MS = 600_000;

/** An invalid `--faults`; `problem` is what is wrong, for messages that name the flag themselves. */
export class FaultsError extends Error {
  constructor(
    readonly spec: string,
    readonly problem: string,
  ) {
    super(`Invalid faults "${spec}": ${problem}`);
  }
}

const PROBABILITY_RE = /^(0|1|0?\.\d+|1\.0+)$/;

/**
 * Parses `--faults`.
 * @throws FaultsError with a one-line message: an unknown name, a name given twice, a share outside
 *   0..1, or shares adding up to more than 1
 */
export function parseFaults(spec: string): FaultRates {
  if (spec === 'off' || spec === '') return {};
  const rates: Partial<Record<FaultName, number>> = {};
  for (const pair of spec.split(',')) {
    const [name = '', share, ...rest] = pair.split(':');
    if (!isFaultName(name)) {
      throw invalidFaults(spec, `unknown fault "${name}"; expected one of ${FAULT_NAMES.join(', ')}`);
    }
    if (share === undefined || rest.length > 0 || !PROBABILITY_RE.test(share) || Number(share) > 1) {
      throw invalidFaults(spec, `"${pair}" needs a share from 0 to 1, as in ${name}:0.05`);
    }
    if (rates[name] !== undefined) throw invalidFaults(spec, `${name} is given twice`);
    rates[name] = Number(share);
  }
  // Shares are laid end to end: together they must fit in one.
  const total = Object.values(rates).reduce((sum, share) => sum + share, 0);
  if (total > 1 + 1e-9)
    throw invalidFaults(spec, `the shares add up to ${Number(total.toFixed(6))}, more than 1`);
  return rates;
}

/** `rates` as `--faults` takes them, in the canonical order; `off` when there are none. */
export function formatFaults(rates: FaultRates): string {
  const pairs = FAULT_NAMES.filter((name) => rates[name] !== undefined).map(
    (name) => `${name}:${rates[name]}`,
  );
  return pairs.length > 0 ? pairs.join(',') : 'off';
}

/**
 * Checks a `slow` delay.
 * @throws Error with a one-line message unless it is a whole number of milliseconds from 0 to MAX_SLOW_MS
 */
export function checkSlowMs(slowMs: number): number {
  if (!Number.isInteger(slowMs) || slowMs < 0 || slowMs > MAX_SLOW_MS) {
    throw new Error(`Invalid slow delay ${slowMs}: expected milliseconds from 0 to ${MAX_SLOW_MS}`);
  }
  return slowMs;
}

function isFaultName(name: string): name is FaultName {
  return (FAULT_NAMES as readonly string[]).includes(name);
}

function invalidFaults(spec: string, problem: string): FaultsError {
  return new FaultsError(spec, problem);
}
