/**
 * The signed file of a signature: a one-page PDF naming the form, the signer
 * and the date, with the signature drawn over a line. Made on request with
 * pdf-lib and deterministic: the same signature gives the same bytes on every
 * run (no producer, fixed dates, a stroke derived from the signature id).
 */
import { type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { A4, createPdf, MARGIN, printable } from '../pdf/document.js';
import { createRng, hashString, randomInt } from '../random.js';
import type { SignatureRecord } from './records.js';

/** The PDF bytes of a signature's signed file. */
export async function signaturePdf(signature: SignatureRecord): Promise<Uint8Array> {
  const { response, signer } = signature;
  const signedAt = new Date(signature.signedAt);
  const doc = await createPdf(`Signature ${signature.id}`, signedAt);
  const page = doc.addPage([...A4]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const text = (line: string, y: number, font: PDFFont, size: number) =>
    page.drawText(printable(line, font), { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) });

  text('Signature certificate', A4[1] - MARGIN - 20, bold, 20);
  const rows: [string, string][] = [
    ['Form template', `${response.form.template.title} (${response.form.template.slug})`],
    ['Form', response.form.id],
    ['Response', response.id],
    ['Signature', signature.id],
    ['Signer', `${signer.name} <${signer.email}>`],
    ['Signed at', signedAt.toISOString()],
  ];
  rows.forEach(([label, value], i) => {
    const y = A4[1] - MARGIN - 70 - i * 22;
    text(`${label}:`, y, bold, 11);
    page.drawText(printable(value, regular), { x: MARGIN + 110, y, size: 11, font: regular });
  });

  const lineY = 300;
  page.drawSvgPath(strokePath(signature.id), { x: MARGIN + 10, y: lineY + 50, borderWidth: 1.5 });
  page.drawLine({ start: { x: MARGIN, y: lineY }, end: { x: MARGIN + 260, y: lineY }, thickness: 0.8 });
  text(`Signed by ${signer.name}`, lineY - 16, regular, 10);
  text('Made by the wfd sandbox for testing; not a legally binding document.', MARGIN, regular, 8);
  return doc.save();
}

/** A handwriting-like stroke (SVG path, y down), the same for the same id. */
function strokePath(id: string): string {
  const rng = createRng(hashString(id));
  let path = 'M 0 40';
  for (let x = 20; x <= 240; x += 20) {
    const y = randomInt(rng, 5, 45);
    path += ` Q ${x - 10} ${randomInt(rng, 0, 50)} ${x} ${y}`;
  }
  return path;
}
