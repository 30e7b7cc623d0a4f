/**
 * Filenames from the API made safe to create on any common file system: a server (or whoever
 * uploaded the file) chooses them, so `../../etc/passwd`, `/etc/shadow`, `C:\x`, `CON.txt`, a
 * NUL or an escape sequence must land as one plain file inside the target folder, under a name
 * Linux, macOS and Windows all accept.
 */

import { graphemes } from '../text/graphemes.js';

// C0 and C1 controls, NUL and DEL: never part of a name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
// Bidirectional overrides and isolates: they make `exe.pdf` display as `fdp.exe`.
const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// Half of a UTF-16 pair alone (JSON can carry one): no file system can store it.
const LONE_SURROGATE = /\p{Cs}/gu;
// Path separators of every platform, and the other characters Windows refuses in a name.
const FORBIDDEN = /[/\\<>:"|?*]/g;
// Windows reserves these device names, with any extension, in any folder.
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
// An extension worth keeping when a name is cut: short, no spaces.
const EXTENSION = /\.[^.\s]{1,16}$/;

/**
 * At most this many UTF-8 bytes: file systems allow 255, and a temporary name (`.<name>.<hex>.part`)
 * and a collision suffix (` (12)`) must still fit.
 */
export const MAX_FILENAME_BYTES = 200;

/**
 * `raw` as one safe path segment: NFC, control and bidi characters, lone surrogates, separators and characters
 * Windows refuses replaced by `_`, leading dots and spaces and trailing dots and spaces removed
 * (no hidden file, no `.` or `..`), Windows device names prefixed with `_`, cut to
 * MAX_FILENAME_BYTES with its extension kept. `fallback` (such as the attachment id) when
 * nothing is left.
 */
export function safeFilename(raw: string, fallback: string): string {
  let name = raw
    .normalize('NFC')
    .replace(BIDI, '')
    .replace(CONTROLS, '_')
    .replace(LONE_SURROGATE, '_')
    .replace(FORBIDDEN, '_')
    .replace(/^[.\s]+/u, '')
    .replace(/[.\s]+$/u, '');
  if (name === '') name = fallback;
  if (RESERVED.test(name)) name = `_${name}`;
  return cutToBytes(name, MAX_FILENAME_BYTES);
}

/** `name` cut to at most `max` UTF-8 bytes between characters (emoji whole), its extension kept. */
function cutToBytes(name: string, max: number): string {
  return cutName(name, max, (text) => Buffer.byteLength(text));
}

/**
 * `name` cut to at most `max` UTF-16 units, the length Windows measures a path in, between
 * characters, its extension kept (unless the extension alone is longer).
 */
export function cutToLength(name: string, max: number): string {
  return cutName(name, max, (text) => text.length);
}

function cutName(name: string, max: number, size: (text: string) => number): string {
  if (size(name) <= max) return name;
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  const budget = max - size(extension);
  let stem = '';
  let used = 0;
  for (const segment of graphemes(name.slice(0, name.length - extension.length))) {
    if (used + size(segment) > budget) break;
    stem += segment;
    used += size(segment);
  }
  return `${stem.replace(/[.\s]+$/u, '')}${extension}`;
}

/**
 * The names given out in one folder: a second `scan.pdf` becomes `scan (1).pdf`, then
 * `scan (2).pdf`. Names are compared without regard to case, as macOS and Windows do, so
 * `Scan.pdf` and `scan.pdf` never overwrite each other there.
 */
export class FolderNames {
  readonly #taken = new Set<string>();

  /** Takes `name` as it is (a file already known to be there); false when it was taken. */
  reserve(name: string): boolean {
    const key = name.toLowerCase();
    if (this.#taken.has(key)) return false;
    this.#taken.add(key);
    return true;
  }

  /** `name`, or the first free `name (n)`, now taken; at most `maxLength` UTF-16 units (cut so). */
  claim(name: string, maxLength = Number.POSITIVE_INFINITY): string {
    const fitted = cutToLength(name, maxLength);
    let candidate = fitted;
    const extension = EXTENSION.exec(fitted)?.[0] ?? '';
    const stem = fitted.slice(0, fitted.length - extension.length);
    for (let n = 1; this.#taken.has(candidate.toLowerCase()); n++) {
      const suffix = ` (${n})${extension}`;
      candidate = `${cutToLength(stem, maxLength - suffix.length)}${suffix}`;
    }
    this.#taken.add(candidate.toLowerCase());
    return candidate;
  }
}
