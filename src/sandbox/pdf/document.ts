/**
 * Helpers for the PDFs the sandbox makes with pdf-lib (signed files, seeded
 * documents, merged attachments): the same input gives the same bytes.
 */
import { PDFDocument, type PDFFont } from 'pdf-lib';

/** A4 in points. */
export const A4: readonly [number, number] = [595.28, 841.89];

/**
 * An empty document with a title and fixed dates, and no producer or creator:
 * pdf-lib would otherwise stamp the current time and its own name.
 */
export async function createPdf(title: string, date: Date): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  return doc;
}

// The standard fonts cover WinAnsi only: other letters become their base letter (ř -> r) or a close one.
const FALLBACKS: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  ı: 'i',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
};

/** `text` with every character the font cannot draw replaced by its base letter, or `?`. */
export function printable(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  const fits = (ch: string) => supported.has(ch.codePointAt(0)!);
  return Array.from(text, (ch) => {
    if (fits(ch)) return ch;
    const base = ch.normalize('NFD')[0]!;
    if (fits(base)) return base;
    return FALLBACKS[ch] ?? '?';
  }).join('');
}
