import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '../../src/sandbox/pdf/read-text.js';
import { attachmentsOf, download, json, jsonFile, TINY_JPEG } from './files.js';
import { type Json, listAll, useTestSandbox } from './helpers.js';

let seeded: Json[];
const t = useTestSandbox({ attachments: 60, largeAttachmentBytes: 1024 * 1024 });
beforeAll(async () => {
  seeded = await attachmentsOf(t, await listAll(t, '/v1/forms', { completed: 'true' }));
});

async function upload(filename: string, bytes: Uint8Array, type?: string): Promise<string> {
  const res = await t.post('/v1/attachments', jsonFile(filename, bytes, type));
  expect(res.status).toBe(201);
  return res.body.id;
}

async function merge(ids: readonly string[]) {
  return download(t, `/v1/attachments?ids=${ids.join(',')}`);
}

async function pageCount(id: string): Promise<number> {
  return (await PDFDocument.load((await download(t, `/v1/attachments/${id}`)).bytes)).getPageCount();
}

const lines = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word} ${i + 1}`).join('\n');

describe('GET /v1/attachments?ids=...', () => {
  it('merges PDFs page by page and images and text as pages: the page count is the sum of the parts', async () => {
    const pdfs = seeded.filter((a) => a.content_type === 'application/pdf').slice(0, 3);
    const png = seeded.find((a) => a.content_type === 'image/png');
    const jpeg = await upload('photo.jpg', TINY_JPEG, 'image/jpeg');
    // 150 lines are three pages of 64; a line of 200 characters wraps onto three lines.
    const text = await upload('notes.txt', Buffer.from(`${lines(150, 'line')}\n`), 'text/plain');
    const wrapped = await upload('long.txt', Buffer.from('x'.repeat(200)), 'text/plain');
    const ids = [...pdfs.map((a) => a.id), png.id, jpeg, text, wrapped];

    const res = await merge(ids);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(res.bytes.length));
    expect(res.headers['content-disposition']).toBe('attachment; filename="attachments.pdf"');
    const merged = await PDFDocument.load(res.bytes);
    let expected = 1 + 1 + 3 + 1;
    for (const pdf of pdfs) expected += await pageCount(pdf.id);
    expect(merged.getPageCount()).toBe(expected);
    expect(merged.getTitle()).toBe('Merged attachments');
  });

  it('keeps the order of the ids, and gives the same bytes every time', async () => {
    const first = await upload('first.txt', Buffer.from('First file'));
    const second = await upload('second.txt', Buffer.from('Second file'));
    const forward = await merge([first, second]);
    const again = await merge([first, second]);
    expect(again.bytes).toEqual(forward.bytes);
    expect(readPdfText(await PDFDocument.load(forward.bytes)).lines).toEqual(['First file', 'Second file']);
    const backward = await merge([second, first]);
    expect(readPdfText(await PDFDocument.load(backward.bytes)).lines).toEqual(['Second file', 'First file']);
  });

  it('copies the pages of an uploaded PDF, and merges the same id twice if asked', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const n of [1, 2]) doc.addPage().drawText(`Uploaded page ${n}`, { x: 50, y: 700, font, size: 12 });
    const id = await upload('two-pages.pdf', await doc.save(), 'application/pdf');
    const merged = await PDFDocument.load((await merge([id, id])).bytes);
    expect(merged.getPageCount()).toBe(4);
    expect(readPdfText(merged).lines).toEqual([
      'Uploaded page 1',
      'Uploaded page 2',
      'Uploaded page 1',
      'Uploaded page 2',
    ]);
  });

  it('gives a file that cannot become pages one page that names it', async () => {
    const empty = await upload('empty.pdf', new Uint8Array(0), 'application/pdf');
    const brokenBytes = Buffer.from('%PDF-1.7\nnot really a PDF');
    const broken = await upload('broken.pdf', brokenBytes, 'application/pdf');
    const binary = await upload('data.bin', Buffer.from([0, 1, 2, 3, 255]));
    const large = seeded.find((a) => a.content_type === 'application/octet-stream');
    const merged = await PDFDocument.load((await merge([empty, broken, binary, large.id])).bytes);
    expect(merged.getPageCount()).toBe(4);
    expect(readPdfText(merged).lines).toEqual([
      'empty.pdf',
      'application/pdf, 0 bytes',
      'The file is empty.',
      'broken.pdf',
      `application/pdf, ${brokenBytes.length} bytes`,
      'It could not be read as a PDF.',
      'data.bin',
      'application/octet-stream, 5 bytes',
      'It is neither a PDF, an image nor text.',
      large.filename,
      `application/octet-stream, ${large.size} bytes`,
      'It is too large to show as pages.',
    ]);
  });
});

describe('GET /v1/attachments?ids=... errors', () => {
  const UNKNOWN = '00000000-0000-4000-8000-000000000000';

  it.each([
    ['without ids', '', { message: 'required: attachment ids separated by commas', path: ['ids'] }],
    ['with empty ids', '?ids=', { message: 'must not be empty', path: ['ids'] }],
    [
      'with ids given twice',
      `?ids=${UNKNOWN}&ids=${UNKNOWN}`,
      { message: 'must be given once', path: ['ids'] },
    ],
    ['with a malformed id', `?ids=${UNKNOWN},nope`, { message: 'must be a UUID', path: ['ids', 1] }],
    ['with an empty element', `?ids=${UNKNOWN},`, { message: 'must be a UUID', path: ['ids', 1] }],
    [
      'with another parameter',
      `?ids=${UNKNOWN}&format=pdf`,
      { message: 'unknown query parameter format', path: ['format'] },
    ],
  ])('answers a request %s with 400', async (_name, query, issue) => {
    const res = await t.get(`/v1/attachments${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.errors).toEqual([{ ...issue, type: expect.any(String) }]);
  });

  it('answers more than 100 ids with 400', async () => {
    const res = await t.get(`/v1/attachments?ids=${Array(101).fill(UNKNOWN).join(',')}`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ message: 'at most 100 ids', path: ['ids'], type: 'too_big' }]);
  });

  it('answers an unknown id with 404 and another workspace’s with 403, unknown first', async () => {
    const mine = seeded[0].id;
    const unknown = await t.get(`/v1/attachments?ids=${mine},${UNKNOWN}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: `Attachment ${UNKNOWN} not found`,
    });
    const theirs = (
      await t.post('/v1/attachments', jsonFile('x.txt', Buffer.from('x')), { token: t.otherToken })
    ).body.id;
    const forbidden = await t.get(`/v1/attachments?ids=${mine},${theirs}`);
    expect(forbidden.status).toBe(403);
    expect(json(await download(t, `/v1/attachments?ids=${theirs},${UNKNOWN}`)).statusCode).toBe(404);
  });
});
