/** The colour palette of one run, following `io.colorEnabled()`. There is no global chalk. */
import { Chalk, type ChalkInstance } from 'chalk';
import type { IO } from './io.js';

/**
 * A chalk instance that colours only when the IO allows it (level 0 emits no ANSI at all).
 * Level 1 because only the 16 basic colours are used: output is then identical on every terminal.
 */
export function createChalk(io: IO): ChalkInstance {
  return new Chalk({ level: io.colorEnabled() ? 1 : 0 });
}
