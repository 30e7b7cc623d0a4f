/**
 * Filtered and sorted result lists, one per normalised query (filters and
 * sort, not page), each valid for the store version it was computed at:
 * paging through a result of 100,000 records filters and sorts once, and any
 * write starts afresh. Entries of different stores (cases, forms) carry their
 * own store's version, so a write to one does not drop the other's.
 */
export class QueryCache {
  readonly #entries = new Map<string, { version: number; results: readonly unknown[] }>();

  /** @param capacity entries kept, least recently used dropped first; bounds memory. */
  constructor(private readonly capacity = 16) {}

  /** The results for `key` at store `version`, from the cache or from `compute` on a miss. */
  get<T>(key: string, version: number, compute: () => readonly T[]): readonly T[] {
    const hit = this.#entries.get(key);
    this.#entries.delete(key);
    if (hit?.version === version) {
      this.#entries.set(key, hit);
      return hit.results as readonly T[];
    }
    const results = compute();
    this.#entries.set(key, { version, results });
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
    return results;
  }
}
