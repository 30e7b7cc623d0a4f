/**
 * The sandbox's "AI": a deterministic reading of a document, so results can
 * be checked. Fields are the `Key: value` lines of a text file or of a PDF's
 * text (pdf/read-text.ts); the document type is guessed from words in the
 * text; images, empty files and other binary data fail with a reason.
 */
import type { AttachmentFiles } from '../attachments/files.js';
import { sniff } from '../attachments/sniff.js';
import { textPages } from '../attachments/text-pages.js';
import type { AttachmentRecord } from '../forms/records.js';
import { loadPdf } from '../pdf/load.js';
import { readPdfText } from '../pdf/read-text.js';

export interface Extraction {
  readonly document_type: DocumentType;
  readonly page_count: number;
  /** 0.5 with no field found, else 0.75 plus 0.04 a field, at most 0.98. */
  readonly confidence: number;
  /** Key to value: every field found, or the ones asked for (null when not found). */
  readonly fields: Readonly<Record<string, string | null>>;
}

export type Outcome =
  | { readonly status: 'completed'; readonly result: Extraction }
  | { readonly status: 'failed'; readonly error: { readonly code: FailureCode; readonly message: string } };

export type FailureCode = 'empty_document' | 'image_without_text' | 'unsupported_document' | 'unreadable_pdf';

// The first type whose words score highest; the title (first line) counts three times.
const DOCUMENT_TYPES = [
  ['invoice', /\binvoice\b/i],
  ['receipt', /\breceipt\b/i],
  ['contract', /\b(agreement|contract|non-disclosure)\b/i],
  ['bank_statement', /\b(bank statement|iban)\b/i],
  ['payslip', /\b(payslip|pay slip|gross pay|net pay)\b/i],
  ['identity_document', /\b(passport|identity card|id card)\b/i],
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number][0] | 'other';

// A key starts with a letter and runs up to 64 characters; a value is what follows the colon, trimmed.
// `https://...` is not a field.
const FIELD_RE = /^\s*(\p{L}[\p{L}\p{N} _\-./()#&']{0,63}?)\s*:\s*(?!\/\/)(\S.*?)\s*$/u;

/**
 * Reads an attachment.
 * @param wanted keys to report (matched without regard to case); null for every field found
 */
export async function extract(
  record: AttachmentRecord,
  files: AttachmentFiles,
  wanted: readonly string[] | null,
): Promise<Outcome> {
  if (!files.canReadWhole(record))
    return failed('unsupported_document', 'The document is neither a PDF nor text');
  const bytes = await files.read(record);
  let lines: readonly string[];
  let pageCount: number;
  const sniffed = sniff(bytes);
  switch (sniffed.kind) {
    case 'empty':
      return failed('empty_document', 'The document is empty');
    case 'png':
    case 'jpeg':
      return failed('image_without_text', 'The document is an image; text in images is not read');
    case 'binary':
      return failed('unsupported_document', 'The document is neither a PDF nor text');
    case 'pdf': {
      const doc = await loadPdf(bytes);
      if (!doc) return failed('unreadable_pdf', 'The PDF could not be read (malformed or encrypted)');
      ({ lines, pageCount } = readPdfText(doc));
      break;
    }
    case 'text': {
      const { text } = sniffed;
      lines = text.split(/\r\n|\r|\n/);
      pageCount = textPages(text).length;
      break;
    }
  }
  const found = fieldsOf(lines);
  const count = Object.keys(found).length;
  return {
    status: 'completed',
    result: {
      document_type: documentType(lines),
      page_count: pageCount,
      confidence: count === 0 ? 0.5 : Math.min(0.98, Math.round((0.75 + 0.04 * count) * 100) / 100),
      fields: wanted ? narrow(found, wanted) : found,
    },
  };
}

/** The `Key: value` lines; the first line with a key wins. */
function fieldsOf(lines: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of lines) {
    const match = FIELD_RE.exec(line);
    if (match && !Object.hasOwn(fields, match[1]!)) fields[match[1]!] = match[2]!;
  }
  return fields;
}

function narrow(
  found: Readonly<Record<string, string>>,
  wanted: readonly string[],
): Record<string, string | null> {
  const byKey = new Map(Object.entries(found).map(([key, value]) => [key.toLowerCase(), value]));
  return Object.fromEntries(wanted.map((key) => [key, byKey.get(key.trim().toLowerCase()) ?? null]));
}

function documentType(lines: readonly string[]): DocumentType {
  const title = lines.find((line) => line.trim() !== '') ?? '';
  let best: DocumentType = 'other';
  let bestScore = 0;
  for (const [type, words] of DOCUMENT_TYPES) {
    const score = lines.filter((line) => words.test(line)).length + (words.test(title) ? 2 : 0);
    if (score > bestScore) {
      best = type;
      bestScore = score;
    }
  }
  return best;
}

function failed(code: FailureCode, message: string): Outcome {
  return { status: 'failed', error: { code, message } };
}
