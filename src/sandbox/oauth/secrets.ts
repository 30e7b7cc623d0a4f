/**
 * Values that grant access (codes, tokens, session ids, anti-CSRF values) come from
 * the system's CSPRNG, not the seeded PRNG: nobody on the host should be able to
 * predict them, and no test needs to know them in advance.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `bytes` random bytes as lower-case hex, after an optional prefix. */
export function randomSecret(bytes: number, prefix = ''): string {
  return `${prefix}${randomBytes(bytes).toString('hex')}`;
}

/** Compares two secrets in constant time (hashed first, so lengths do not leak either). */
export function sameSecret(expected: string, given: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(expected), digest(given));
}
