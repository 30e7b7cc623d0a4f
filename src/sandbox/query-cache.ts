/**
 * Filtered and sorted result lists, one per normalised query (filters and
 * sort, not page), valid for one store version: paging through a result of
 * 100,000 records filters and sorts once, and any write starts afresh.
 */
export class QueryCache {
  #version = -1;
  readonly #entries = new Map<string, readonly unknown[]>();

  /** @param capacity entries kept, least recently used dropped first; bounds memory. */
  constructor(private readonly capacity = 16) {}

  /** The results for `key` at store `version`, from the cache or from `compute` on a miss. */
  get<T>(key: string, version: number, compute: () => readonly T[]): readonly T[] {
    if (version !== this.#version) {
      this.#entries.clear();
      this.#version = version;
    }
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit as readonly T[];
    }
    const results = compute();
    this.#entries.set(key, results);
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
    return results;
  }
}
