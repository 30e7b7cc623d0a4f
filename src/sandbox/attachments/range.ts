/** The `Range` request header (RFC 9110 14.2), for one range of bytes. */

/** What to send: the whole file, bytes `start` to `end` inclusive, or a 416. */
export type RangeAnswer =
  | { readonly kind: 'full' }
  | { readonly kind: 'partial'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

const SPEC_RE = /^(\d*)-(\d*)$/;

/**
 * Reads a Range header against a file of `size` bytes. What a server may
 * ignore is ignored (a whole-file answer): no header, another unit, a
 * malformed header, and several ranges (served whole rather than as
 * multipart/byteranges).
 */
export function parseRange(header: string | string[] | undefined, size: number): RangeAnswer {
  if (typeof header !== 'string') return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  const specs = match ? match[1]!.split(',').map((spec) => spec.trim()) : [];
  if (specs.length !== 1) return { kind: 'full' };
  const parts = SPEC_RE.exec(specs[0]!);
  if (!parts || (parts[1] === '' && parts[2] === '')) return { kind: 'full' };
  const [, first, last] = parts as unknown as [string, string, string];
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
