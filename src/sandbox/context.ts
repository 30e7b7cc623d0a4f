/** What handlers receive and return: they are plain functions, free of fastify. */
import type { QueryParams } from './collection.js';
import type { QueryCache } from './query-cache.js';
import type { Store, TokenRecord } from './store.js';

/** Time source, injected so tests and timestamps are deterministic. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** One authenticated `/v1` request. */
export interface RequestContext {
  /** The token, and through it the workspace and user the request acts for. */
  readonly auth: TokenRecord;
  readonly params: Readonly<Record<string, string>>;
  readonly query: QueryParams;
  /** The parsed JSON body; undefined when none was sent. */
  readonly body: unknown;
}

/** Shared state and generators of one sandbox instance. */
export interface Services {
  readonly store: Store;
  readonly clock: Clock;
  readonly cache: QueryCache;
  /** Makes the id of a new record. */
  readonly newId: () => string;
}

export interface Reply {
  readonly status: number;
  readonly body: unknown;
}

/** A route's behaviour: returns the reply, or throws SandboxError for an error response. */
export type Handler = (req: RequestContext, services: Services) => Reply;

/** A 200 reply. */
export function ok(body: unknown): Reply {
  return { status: 200, body };
}
