/**
 * How long a connection may take over each part of an exchange, so that no slow client holds
 * one for ever: a head that never ends (slowloris), a body that trickles, an idle keep-alive
 * connection. Node enforces the first two (as a 408, answered by protocol-errors.ts) by checking
 * its connections at an interval; the interval follows the head time-out, so a short one (tests)
 * acts soon after it runs out.
 */

export interface ConnectionTimeouts {
  /** From the connection (or the previous request) to the end of the head, in ms. */
  readonly headersMs: number;
  /** From the connection (or the previous request) to the end of the body, in ms. */
  readonly requestMs: number;
  /** How long an idle keep-alive connection is kept, in ms. */
  readonly keepAliveMs: number;
}

const DEFAULT_CONNECTION_TIMEOUTS: ConnectionTimeouts = {
  headersMs: 15_000,
  // Long enough for an upload at the largest limit over a slow link.
  requestMs: 300_000,
  keepAliveMs: 5_000,
};

const MAX_TIMEOUT_MS = 3_600_000;

/**
 * The time-outs given, completed by the defaults and checked.
 * @throws Error with a one-line message for a value out of range, or a head time-out not shorter
 *   than the request time-out (Node refuses that too)
 */
export function connectionTimeouts(given: Partial<ConnectionTimeouts>): ConnectionTimeouts {
  const timeouts = { ...DEFAULT_CONNECTION_TIMEOUTS };
  for (const key of Object.keys(timeouts) as (keyof ConnectionTimeouts)[]) {
    const value = given[key];
    if (value === undefined) continue;
    if (!Number.isInteger(value) || value < 1 || value > MAX_TIMEOUT_MS) {
      throw new Error(
        `Invalid ${NAMES[key]} time-out ${value}: expected an integer from 1 to ${MAX_TIMEOUT_MS} (ms)`,
      );
    }
    timeouts[key] = value;
  }
  if (timeouts.headersMs >= timeouts.requestMs) {
    throw new Error(
      `The head time-out ${timeouts.headersMs} must be shorter than the request time-out ${timeouts.requestMs} (ms)`,
    );
  }
  return timeouts;
}

const NAMES: Readonly<Record<keyof ConnectionTimeouts, string>> = {
  headersMs: 'head',
  requestMs: 'request',
  keepAliveMs: 'keep-alive',
};

/** The options of node:http's server that enforce `timeouts` (fastify passes `http` through). */
export function httpServerTimeouts(timeouts: ConnectionTimeouts): {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
} {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(timeouts.headersMs / 4))),
  };
}
