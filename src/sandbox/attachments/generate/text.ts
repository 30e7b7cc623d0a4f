/** A generated document as UTF-8 text of exactly the size its record announces. */
import { FILLER, type GeneratedDocument } from './document.js';

/**
 * The title, the `Key: value` lines, the prose, then filler lines cut to fill `size` bytes.
 * @throws Error when the document does not fit in `size` (a generator bug)
 */
export function generatedText(document: GeneratedDocument, size: number): Buffer {
  const lines = [document.title, '', ...document.fields.map(([key, value]) => `${key}: ${value}`), ''];
  const head = Buffer.from(`${[...lines, ...document.prose].join('\n')}\n\n`, 'utf8');
  if (head.length > size) throw new Error(`A ${document.title} text does not fit in ${size} bytes`);
  const out = Buffer.alloc(size);
  head.copy(out);
  // The filler is ASCII, so cutting it anywhere leaves valid UTF-8; the file ends with a newline.
  const filler = Buffer.from(FILLER, 'latin1');
  for (let at = head.length; at < size; at += filler.length)
    filler.copy(out, at, 0, Math.min(filler.length, size - at));
  if (size > head.length) out[size - 1] = 0x0a;
  return out;
}
