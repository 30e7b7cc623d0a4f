/**
 * Deterministic randomness for the sandbox: a small seeded PRNG and the ids and
 * tokens made from it, so a given `--seed` always yields the same data.
 */

/** A PRNG returning unsigned 32-bit integers. */
export type Rng = () => number;

/** mulberry32: tiny, fast and good enough for test data (not for secrets). */
export function createRng(seed: number): Rng {
  return createResumableRng(seed).next;
}

/** A PRNG whose position can be read and set again later. */
export interface ResumableRng {
  readonly next: Rng;
  /** Where the sequence stands: `resume(position)` continues it from here. */
  position(): number;
  resume(position: number): void;
}

/**
 * The PRNG of `createRng`, resumable: the ids a sandbox makes at run time continue, after a
 * restart on a data directory, where the last run stopped, so they never repeat.
 */
export function createResumableRng(seed: number): ResumableRng {
  let state = seed >>> 0;
  return {
    next: () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (t ^ (t >>> 14)) >>> 0;
    },
    position: () => state,
    resume(position) {
      state = position >>> 0;
    },
  };
}

/** An integer in [min, max] inclusive. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + (rng() % (max - min + 1));
}

/** One element of a non-empty list. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[rng() % items.length]!;
}

/** True with the given probability. */
export function chance(rng: Rng, probability: number): boolean {
  return rng() / 0x1_0000_0000 < probability;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex32(n: number): string {
  return HEX[n >>> 24]! + HEX[(n >>> 16) & 0xff]! + HEX[(n >>> 8) & 0xff]! + HEX[n & 0xff]!;
}

const HEX_CHARS = Buffer.from('0123456789abcdef', 'latin1');
const UUID_BUFFER = Buffer.alloc(36);

/**
 * A version 4 UUID (RFC 9562 version and variant bits) drawn from the PRNG.
 * Written into a buffer so the result is one flat string: 100,000 ids built by
 * concatenation would each be a tree of string pieces.
 */
export function randomUuid(rng: Rng): string {
  const words = [rng(), (rng() & 0xffff0fff) | 0x4000, (rng() & 0x3fffffff) | 0x80000000, rng()];
  let nibble = 0;
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      UUID_BUFFER[i] = 0x2d;
    } else {
      const word = words[nibble >> 3]!;
      UUID_BUFFER[i] = HEX_CHARS[(word >>> (28 - 4 * (nibble & 7))) & 0xf]!;
      nibble++;
    }
  }
  return UUID_BUFFER.toString('latin1');
}

/** `count` 32-bit words as lower-case hex (8 characters each). */
export function randomHex(rng: Rng, words: number): string {
  let out = '';
  for (let i = 0; i < words; i++) out += hex32(rng());
  return out;
}

/** FNV-1a: a stable 32-bit hash, used to derive per-record values without storing them. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
