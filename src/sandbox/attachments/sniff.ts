/** What a file holds, judged by its bytes rather than its announced content type. */

export type ContentKind = 'empty' | 'pdf' | 'png' | 'jpeg' | 'text' | 'binary';

/** A sniffed kind; text carries the text it was judged by, so callers need not decode again. */
export type Sniffed = { kind: Exclude<ContentKind, 'text'> } | { kind: 'text'; text: string };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
// Control characters other than tab, line feed, vertical tab, form feed and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const BINARY_CONTROL_RE = /[\x00-\x08\x0e-\x1f\x7f]/;

/**
 * `pdf` when `%PDF-` starts within the first KiB (as readers accept), `png` and
 * `jpeg` by their signatures, `text` for UTF-8 without binary control
 * characters (with its text, a BOM dropped), else `binary`.
 */
export function sniff(bytes: Uint8Array): Sniffed {
  if (bytes.length === 0) return { kind: 'empty' };
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024));
  if (head.includes('%PDF-')) return { kind: 'pdf' };
  if (PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return { kind: 'png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { kind: 'jpeg' };
  const text = decodeText(bytes);
  return text === undefined ? { kind: 'binary' } : { kind: 'text', text };
}

/** The text of UTF-8 bytes (a BOM dropped), or undefined when they are not text. */
function decodeText(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return BINARY_CONTROL_RE.test(text) ? undefined : text;
  } catch {
    return undefined;
  }
}
