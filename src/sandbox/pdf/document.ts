/**
 * Helpers for the PDFs the sandbox makes with pdf-lib (signed files, seeded
 * documents, merged attachments): the same input gives the same bytes.
 */
import { PDFDocument, type PDFFont } from 'pdf-lib';

/** A4 in points. */
export const A4: readonly [number, number] = [595.28, 841.89];

/** The page margin, in points, of the pages the sandbox draws. */
export const MARGIN = 56;

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

// Each font's character set, built once: printable() runs once per drawn line.
const characterSets = new WeakMap<PDFFont, ReadonlySet<number>>();

function characterSet(font: PDFFont): ReadonlySet<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

/** `text` with every character the font cannot draw replaced by its base letter, or `?`. */
export function printable(text: string, font: PDFFont): string {
  const supported = characterSet(font);
  const fits = (ch: string) => supported.has(ch.codePointAt(0)!);
  return Array.from(text, (ch) => {
    if (fits(ch)) return ch;
    const base = ch.normalize('NFD')[0]!;
    if (fits(base)) return base;
    return FALLBACKS[ch] ?? '?';
  }).join('');
}
