/** Opening PDFs that come from outside (uploads): a failure is an answer, not an error. */
import { PDFDocument } from 'pdf-lib';

/**
 * The document, or undefined when pdf-lib cannot open it (malformed, encrypted)
 * or finds no page tree in it (pdf-lib parses some garbage without complaint).
 */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument | undefined> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    doc.getPageCount();
    return doc;
  } catch {
    return undefined;
  }
}
