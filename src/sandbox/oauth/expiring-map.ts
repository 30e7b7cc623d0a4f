/**
 * A map whose entries lapse a fixed time after they were set, by the injected
 * clock. Bounded: lapsed entries are dropped as new ones arrive, and past
 * `capacity` the oldest goes, so a flood of requests cannot grow it without end.
 */
import type { Clock } from '../time.js';

export class ExpiringMap<V> {
  // Insertion order is expiry order, since every entry lives equally long.
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly capacity = 10_000,
  ) {}

  set(key: string, value: V): void {
    const now = this.clock.now();
    for (const [oldKey, entry] of this.#entries) {
      if (entry.expiresAt > now && this.#entries.size < this.capacity) break;
      this.#entries.delete(oldKey);
    }
    this.#entries.set(key, { value, expiresAt: now + this.ttlMs });
  }

  /** The value while it has not lapsed; undefined otherwise. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    return entry && this.clock.now() < entry.expiresAt ? entry.value : undefined;
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}
