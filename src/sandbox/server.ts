/**
 * Starts and stops a sandbox: seeds a store, builds the app and listens.
 * The CLI imports this module lazily (it loads fastify).
 */
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import { createRng, randomUuid } from './random.js';
import { parseRateLimit, type RateLimitConfig } from './rate-limit.js';
import { seedStore } from './seed.js';

export { parseRateLimit, type RateLimitConfig };

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** PRNG seed of the data and tokens (default 1). */
  seed?: number;
  /** Cases in total across workspaces (default 200). */
  cases?: number;
  /** 'spec' (default) | 'off' | 'N/DURATION' such as '5/1s' or '100/1m'. */
  rateLimit?: string;
}

/** A seeded workspace and the one token bound to it. */
export interface SandboxWorkspace {
  id: string;
  slug: string;
  name: string;
  token: string;
}

export interface RunningSandbox {
  /** The host root, e.g. `http://127.0.0.1:4010` (resource endpoints are under `/v1`). */
  baseUrl: string;
  workspaces: SandboxWorkspace[];
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

const MAX_CASES = 1_000_000;

/**
 * Seeds a sandbox and starts listening.
 * @throws Error with a one-line message for invalid options, or when the port is taken
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = options.seed ?? 1;
  const cases = options.cases ?? 200;
  const port = options.port ?? 0;
  const host = options.host ?? '127.0.0.1';
  if (!Number.isSafeInteger(seed)) throw new Error(`Invalid seed ${seed}: expected an integer`);
  if (!Number.isInteger(cases) || cases < 0 || cases > MAX_CASES) {
    throw new Error(`Invalid case count ${cases}: expected an integer from 0 to ${MAX_CASES}`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`Invalid port ${port}: expected an integer from 0 to 65535`);
  }
  const rateLimit = parseRateLimit(options.rateLimit ?? 'spec');
  const store = seedStore({ seed, cases });
  const ids = createRng(seed ^ 0x1d5);
  const app = createApp({ store, clock: { now: Date.now }, rateLimit, newId: () => randomUuid(ids) });
  await app.listen({ port, host });
  const address = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://${urlHost(address.address)}:${address.port}`,
    workspaces: store.tokens().map(({ workspace, token }) => ({
      id: workspace.id,
      slug: workspace.slug,
      name: workspace.name,
      token,
    })),
    close: () => app.close(),
  };
}

// A wildcard address is reached through loopback; IPv6 needs brackets in a URL.
function urlHost(address: string): string {
  if (address === '0.0.0.0') return '127.0.0.1';
  if (address === '::') return '[::1]';
  return address.includes(':') ? `[${address}]` : address;
}
