/**
 * Several attachments as one PDF, in the order asked: a PDF's pages copied
 * page by page, an image (PNG, JPEG) on a page of its own, a text file as
 * pages of text (text-pages.ts). What cannot become pages (an empty file, other
 * binary data, a file too large to read, a PDF pdf-lib cannot open) gets one
 * page that names it and says why. The same attachments give the same bytes.
 */
import { type PDFDocument, type PDFFont, type PDFImage, StandardFonts } from 'pdf-lib';
import type { AttachmentRecord } from '../forms/records.js';
import { A4, createPdf, MARGIN, printable } from '../pdf/document.js';
import { loadPdf } from '../pdf/load.js';
import type { AttachmentFiles } from './files.js';
import { sniff } from './sniff.js';
import { textPages } from './text-pages.js';

const TEXT_SIZE = 9;
const TEXT_LEADING = 11;

/** The merged PDF. Its title is `Merged attachments`; its dates, the latest attachment's creation. */
export async function mergePdf(
  records: readonly AttachmentRecord[],
  files: AttachmentFiles,
): Promise<Uint8Array> {
  const out = await createPdf('Merged attachments', new Date(Math.max(...records.map((r) => r.createdAt))));
  const fonts = {
    regular: await out.embedFont(StandardFonts.Helvetica),
    bold: await out.embedFont(StandardFonts.HelveticaBold),
    mono: await out.embedFont(StandardFonts.Courier),
  };
  for (const record of records) {
    const reason = await appendPages(out, record, files, fonts.mono);
    if (reason) placeholderPage(out, record, reason, fonts);
  }
  return out.save();
}

/** Adds the pages of one attachment; returns why it could not, instead. */
async function appendPages(
  out: PDFDocument,
  record: AttachmentRecord,
  files: AttachmentFiles,
  mono: PDFFont,
): Promise<string | undefined> {
  if (!files.canReadWhole(record)) return 'It is too large to show as pages.';
  const bytes = await files.read(record);
  const sniffed = sniff(bytes);
  switch (sniffed.kind) {
    case 'empty':
      return 'The file is empty.';
    case 'binary':
      return 'It is neither a PDF, an image nor text.';
    case 'text':
      for (const lines of textPages(sniffed.text)) textPage(out, lines, mono);
      return undefined;
    case 'pdf': {
      const source = await loadPdf(bytes);
      const pages = source && (await out.copyPages(source, source.getPageIndices()).catch(() => undefined));
      if (!pages) return 'It could not be read as a PDF.';
      for (const page of pages) out.addPage(page);
      return undefined;
    }
    case 'png':
    case 'jpeg': {
      const image = await out
        .embedPng(bytes)
        .catch(() => out.embedJpg(bytes))
        .catch(() => undefined);
      if (!image) return 'The image could not be read.';
      imagePage(out, image);
      return undefined;
    }
  }
}

function textPage(out: PDFDocument, lines: readonly string[], font: PDFFont): void {
  const page = out.addPage([...A4]);
  lines.forEach((line, i) => {
    const y = A4[1] - MARGIN - TEXT_SIZE - i * TEXT_LEADING;
    page.drawText(printable(line, font), { x: MARGIN, y, size: TEXT_SIZE, font });
  });
}

/** The image centred on an A4 page, scaled down to fit within the margins (never up). */
function imagePage(out: PDFDocument, image: PDFImage): void {
  const page = out.addPage([...A4]);
  const scale = Math.min(1, (A4[0] - 2 * MARGIN) / image.width, (A4[1] - 2 * MARGIN) / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  page.drawImage(image, { x: (A4[0] - width) / 2, y: (A4[1] - height) / 2, width, height });
}

function placeholderPage(
  out: PDFDocument,
  record: AttachmentRecord,
  reason: string,
  fonts: { regular: PDFFont; bold: PDFFont },
): void {
  const page = out.addPage([...A4]);
  const line = (text: string, y: number, font: PDFFont, size: number) =>
    page.drawText(printable(text, font).slice(0, 100), { x: MARGIN, y, size, font });
  line(record.filename, A4[1] - MARGIN - 16, fonts.bold, 14);
  line(`${record.contentType}, ${record.size} bytes`, A4[1] - MARGIN - 40, fonts.regular, 11);
  line(reason, A4[1] - MARGIN - 60, fonts.regular, 11);
}
