/** The shapes a list query is built from and into. */

/** A query parameter; repeated names are allowed (`flow[slug][]`). */
export type QueryParam = [string, string];

/** An operator object: `{$ge: '2026-01-01', $lt: '2026-02-01'}`. */
export type Operators = Record<string, unknown>;

/** The spec's method-2 JSON filter. */
export interface JsonFilter {
  attributes?: Record<string, Operators>;
  relationships?: Record<string, { attributes?: Record<string, Operators>; id?: Operators }>;
}
