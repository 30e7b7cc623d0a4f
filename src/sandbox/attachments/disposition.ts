/** The Content-Disposition of a download (RFC 6266), for any filename. */

// RFC 5987 attr-char: what may stand unencoded in `filename*`.
const ATTR_CHAR_RE = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/**
 * `attachment; filename="..."`, plus `filename*=UTF-8''...` when the name is
 * not plain printable ASCII. The quoted fallback replaces every character
 * outside printable ASCII, and `"` and `\`, with `_`; `filename*` carries the
 * name exactly, percent-encoded (control characters and NUL included: the
 * client decides what is safe on its disk).
 */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/gu, '_');
  if (fallback === filename) return `attachment; filename="${filename}"`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}

function encodeRfc5987(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += byte < 0x80 && ATTR_CHAR_RE.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
