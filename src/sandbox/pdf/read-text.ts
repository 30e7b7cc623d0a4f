/**
 * The text of a PDF, read from its pages' content streams without a text
 * extraction library: the strings shown in simple (one byte per character,
 * WinAnsi) fonts, grouped into lines by their baseline. That covers PDFs drawn
 * with the standard fonts, as pdf-lib draws them (the sandbox's own documents
 * and most test files). Text in composite fonts (Type0, such as embedded
 * TrueType) and inside form XObjects is not read.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFRawStream,
  type PDFRef,
} from 'pdf-lib';
import { decodeWinAnsi } from './win-ansi.js';

export interface PdfText {
  readonly pageCount: number;
  /** Lines of every page, top to bottom, page after page; blank lines dropped. */
  readonly lines: readonly string[];
}

/** The text of a loaded PDF, and its page count. */
export function readPdfText(doc: PDFDocument): PdfText {
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const composite = compositeFonts(page.node.Resources());
    const runs = showTextRuns(tokens(contentOf(doc, page.node.Contents())), composite);
    lines.push(...linesOf(runs));
  }
  return { pageCount: doc.getPageCount(), lines };
}

/** The page's content streams, decoded and joined. */
function contentOf(doc: PDFDocument, contents: PDFArray | PDFRawStream | undefined | unknown): string {
  const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
  return streams
    .map((item) => doc.context.lookup(item as PDFRef))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
}

/** Resource names of the page's fonts that use two-byte codes, whose text this reader skips. */
function compositeFonts(resources: PDFDict | undefined): Set<string> {
  const names = new Set<string>();
  const fonts = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
  for (const [name, ref] of fonts?.entries() ?? []) {
    const font = fonts!.context.lookupMaybe(ref, PDFDict);
    if (font?.get(PDFName.of('Subtype')) === PDFName.of('Type0')) names.add(name.decodeText());
  }
  return names;
}

type Operand = number | string | Bytes | Operand[];
/** A string operand's bytes. */
class Bytes {
  constructor(readonly codes: number[]) {}
}
interface Operator {
  readonly op: string;
  readonly operands: Operand[];
}

const WHITESPACE = new Set(['\0', '\t', '\n', '\f', '\r', ' ']);
const DELIMITERS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);
const isRegular = (ch: string | undefined) => ch !== undefined && !WHITESPACE.has(ch) && !DELIMITERS.has(ch);
const ESCAPES: Readonly<Record<string, number>> = { n: 10, r: 13, t: 9, b: 8, f: 12 };

/** The operators of a content stream with their operands (dictionaries are skipped, inline images too). */
function* tokens(s: string): Generator<Operator> {
  const stack: Operand[][] = [[]];
  let dictDepth = 0;
  const push = (operand: Operand) => {
    if (dictDepth === 0) stack.at(-1)!.push(operand);
  };
  let i = 0;
  while (i < s.length) {
    const ch = s[i]!;
    if (WHITESPACE.has(ch)) {
      i++;
    } else if (ch === '%') {
      while (i < s.length && s[i] !== '\n' && s[i] !== '\r') i++;
    } else if (ch === '(') {
      const [codes, next] = literalString(s, i + 1);
      push(new Bytes(codes));
      i = next;
    } else if (ch === '<' && s[i + 1] === '<') {
      dictDepth++;
      i += 2;
    } else if (ch === '>' && s[i + 1] === '>') {
      dictDepth = Math.max(0, dictDepth - 1);
      i += 2;
    } else if (ch === '<') {
      const end = s.indexOf('>', i);
      const close = end === -1 ? s.length : end;
      push(new Bytes(hexCodes(s.slice(i + 1, close))));
      i = close + 1;
    } else if (ch === '[') {
      stack.push([]);
      i++;
    } else if (ch === ']') {
      const array = stack.length > 1 ? stack.pop()! : [];
      push(array);
      i++;
    } else if (ch === '/') {
      let end = i + 1;
      while (isRegular(s[end])) end++;
      push(s.slice(i + 1, end));
      i = end;
    } else if (isRegular(ch)) {
      let end = i;
      while (isRegular(s[end])) end++;
      const word = s.slice(i, end);
      i = end;
      const number = Number(word);
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) && Number.isFinite(number)) {
        push(number);
      } else if (word === 'BI') {
        // An inline image: its data is binary, up to the EI that ends it.
        const data = s.indexOf('ID', i);
        const end = data === -1 ? -1 : s.indexOf('EI', data + 2);
        i = end === -1 ? s.length : end + 2;
        stack.splice(0, stack.length, []);
      } else {
        const operands = stack[0]!;
        stack.splice(0, stack.length, []);
        yield { op: word, operands };
      }
    } else {
      i++; // a stray delimiter such as ')' or '}'
    }
  }
}

/** The bytes of a literal string whose `(` is just before `start`, and the index after its `)`. */
function literalString(s: string, start: number): [number[], number] {
  const codes: number[] = [];
  let depth = 1;
  let i = start;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === '\\') {
      const next = s[i + 1] ?? '';
      if (/[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(s.slice(i + 1, i + 4))![0];
        codes.push(Number.parseInt(octal, 8) & 0xff);
        i += 1 + octal.length;
        continue;
      }
      if (next === '\r' || next === '\n') {
        // A line continuation.
        i += next === '\r' && s[i + 2] === '\n' ? 3 : 2;
        continue;
      }
      codes.push(ESCAPES[next] ?? next.charCodeAt(0));
      i += 2;
      continue;
    }
    if (ch === '(') depth++;
    if (ch === ')' && --depth === 0) return [codes, i + 1];
    codes.push(ch.charCodeAt(0));
    i++;
  }
  return [codes, i];
}

function hexCodes(hex: string): number[] {
  const digits = hex.replace(/[^0-9a-fA-F]/g, '');
  const even = digits.length % 2 === 0 ? digits : `${digits}0`;
  const codes: number[] = [];
  for (let i = 0; i < even.length; i += 2) codes.push(Number.parseInt(even.slice(i, i + 2), 16));
  return codes;
}

interface Run {
  readonly x: number;
  readonly y: number;
  text: string;
}

// In a TJ array, a displacement this far left (thousandths of an em) is a word space.
const WORD_GAP = -200;

/** Text shown by the operators, as runs placed where each positioning operator put them. */
function showTextRuns(operators: Iterable<Operator>, composite: Set<string>): Run[] {
  const runs: Run[] = [];
  let lineX = 0;
  let lineY = 0;
  let leading = 0;
  let skipFont = false;
  let current: Run | undefined;
  const moveTo = (x: number, y: number) => {
    lineX = x;
    lineY = y;
    current = undefined;
  };
  const nextLine = () => moveTo(lineX, lineY - leading);
  const show = (text: string) => {
    if (skipFont) return;
    if (!current) {
      current = { x: lineX, y: lineY, text: '' };
      runs.push(current);
    }
    current.text += text;
  };
  const decode = (operand: Operand | undefined) =>
    operand instanceof Bytes ? decodeWinAnsi(operand.codes) : '';
  const num = (operand: Operand | undefined) => (typeof operand === 'number' ? operand : 0);

  for (const { op, operands } of operators) {
    const [a, b] = operands;
    switch (op) {
      case 'BT':
        moveTo(0, 0);
        break;
      case 'Tf':
        skipFont = typeof a === 'string' && composite.has(a);
        break;
      case 'TL':
        leading = num(a);
        break;
      case 'Tm':
        moveTo(num(operands[4]), num(operands[5]));
        break;
      case 'Td':
        moveTo(lineX + num(a), lineY + num(b));
        break;
      case 'TD':
        leading = -num(b);
        moveTo(lineX + num(a), lineY + num(b));
        break;
      case 'T*':
        nextLine();
        break;
      case 'Tj':
        show(decode(a));
        break;
      case "'":
        nextLine();
        show(decode(a));
        break;
      case '"':
        nextLine();
        show(decode(operands[2]));
        break;
      case 'TJ':
        for (const part of Array.isArray(a) ? a : []) {
          if (typeof part === 'number') {
            if (part < WORD_GAP) show(' ');
          } else {
            show(decode(part));
          }
        }
        break;
    }
  }
  return runs;
}

/** Runs on the same baseline joined left to right, lines top to bottom. */
function linesOf(runs: readonly Run[]): string[] {
  const byBaseline = new Map<number, Run[]>();
  for (const run of runs) {
    const y = Math.round(run.y);
    const line = byBaseline.get(y);
    if (line) line.push(run);
    else byBaseline.set(y, [run]);
  }
  return [...byBaseline.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, line]) =>
      line
        .sort((a, b) => a.x - b.x)
        .map((run) => run.text)
        .join(' ')
        .trim(),
    )
    .filter((line) => line !== '');
}
