/**
 * A generated document as a PDF of exactly the size its record announces:
 * the text is drawn with a standard font (so it reads back), then an unused
 * stream of zeros pads the file up to the size.
 */
import { rgb, StandardFonts } from 'pdf-lib';
import { A4, createPdf, MARGIN, printable } from '../../pdf/document.js';
import type { GeneratedDocument } from './document.js';

// Bytes a file may end with after %%EOF (readers look for it in the last 1024).
const MAX_TAIL = 64;

/**
 * The PDF bytes of `document`, exactly `size` long.
 * @throws Error when the document does not fit in `size` (a generator bug)
 */
export async function generatedPdf(
  document: GeneratedDocument,
  size: number,
  date: Date,
): Promise<Uint8Array> {
  let padding = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    const bytes = await layout(document, date, padding);
    const gap = size - bytes.length;
    if (gap >= 0 && gap <= MAX_TAIL) return withTail(bytes, gap);
    if (gap < 0 && padding === 0) break;
    // The first padding stream brings its own dictionary and xref entry: aim short, then adjust exactly.
    padding = Math.max(0, padding + gap - (padding === 0 ? MAX_TAIL : 0));
  }
  throw new Error(`A ${document.title} PDF does not fit in ${size} bytes`);
}

async function layout(document: GeneratedDocument, date: Date, padding: number): Promise<Uint8Array> {
  const pdf = await createPdf(document.title, date);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let number = 1; number <= document.pages; number++) {
    const page = pdf.addPage([...A4]);
    let y = A4[1] - MARGIN - 18;
    const line = (text: string, size: number, font = regular) => {
      page.drawText(printable(text, font), { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.6;
    };
    if (number === 1) {
      line(document.title, 18, bold);
      y -= 10;
      for (const [key, value] of document.fields) line(`${key}: ${value}`, 11);
      y -= 10;
    }
    for (const text of document.prose) line(text, 10);
    page.drawText(`Page ${number} of ${document.pages}`, { x: MARGIN, y: MARGIN, size: 8, font: regular });
  }
  if (padding > 0) pdf.context.register(pdf.context.stream(new Uint8Array(padding)));
  // A classic xref table: its entries have a fixed width, so padding moves the size predictably.
  return pdf.save({ useObjectStreams: false });
}

function withTail(bytes: Uint8Array, newlines: number): Uint8Array {
  if (newlines === 0) return bytes;
  const out = new Uint8Array(bytes.length + newlines);
  out.set(bytes);
  out.fill(0x0a, bytes.length);
  return out;
}
