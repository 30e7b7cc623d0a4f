import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { attachmentsOf, download, jsonFile } from './files.js';
import { type Json, listAll, manualClock, UUID_RE, useTestSandbox } from './helpers.js';

const DELAY = 4000;
const clock = manualClock();
let seeded: Json[];
const t = useTestSandbox({ clock, docintelDelayMs: DELAY, attachments: 60, largeAttachmentBytes: 65536 });
beforeAll(async () => {
  seeded = await attachmentsOf(t, await listAll(t, '/v1/forms', { completed: 'true' }));
});

async function upload(filename: string, bytes: Uint8Array, type?: string, token = t.token): Promise<string> {
  const res = await t.post('/v1/attachments', jsonFile(filename, bytes, type), { token });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function createJob(body: Json) {
  return t.post('/v1/document-intelligence', body);
}

/** Creates a job, lets the delay pass and reads it. */
async function run(attachmentId: string, fields?: string[]): Promise<Json> {
  const created = await createJob({ attachment_id: attachmentId, ...(fields ? { fields } : {}) });
  expect(created.status).toBe(201);
  await clock.advance(DELAY);
  const res = await t.get(`/v1/document-intelligence/${created.body.id}`);
  expect(res.status).toBe(200);
  return res.body;
}

const INVOICE = [
  'Invoice',
  '',
  'Invoice number: INV-2026-0042',
  'Customer:   Zoë Ångström  ',
  'Total: 1234.50 EUR',
  'See https://example.com/terms for the terms.',
  'https://example.com/pay',
  'Total: 9.99 EUR',
  'Thank you for your business.',
].join('\n');
const INVOICE_FIELDS = {
  'Invoice number': 'INV-2026-0042',
  Customer: 'Zoë Ångström',
  Total: '1234.50 EUR',
};

describe('document intelligence jobs', () => {
  it('are pending, then processing, then completed, as the clock moves', async () => {
    const attachment = await upload('invoice.txt', Buffer.from(INVOICE), 'text/plain');
    const start = clock.now();
    const created = await createJob({ attachment_id: attachment });
    expect(created.status).toBe(201);
    const job = {
      id: expect.stringMatching(UUID_RE),
      status: 'pending',
      attachment_id: attachment,
      fields: null,
      created_at: new Date(start).toISOString(),
      updated_at: new Date(start).toISOString(),
      result: null,
      error: null,
    };
    expect(created.body).toEqual(job);
    const read = () => t.get(`/v1/document-intelligence/${created.body.id}`).then((res) => res.body);

    expect(await read()).toEqual(job);
    await clock.advance(DELAY / 4 - 1);
    expect((await read()).status).toBe('pending');
    await clock.advance(1);
    expect(await read()).toEqual({
      ...job,
      status: 'processing',
      updated_at: new Date(start + DELAY / 4).toISOString(),
    });
    await clock.advance((DELAY * 3) / 4 - 1);
    expect((await read()).status).toBe('processing');
    await clock.advance(1);
    expect(await read()).toEqual({
      ...job,
      status: 'completed',
      updated_at: new Date(start + DELAY).toISOString(),
      result: { document_type: 'invoice', page_count: 1, confidence: 0.87, fields: INVOICE_FIELDS },
    });
  });

  it('read the Key: value lines of a text file, the first of a key winning', async () => {
    const job = await run(await upload('invoice.txt', Buffer.from(INVOICE)));
    expect(job.result.fields).toEqual(INVOICE_FIELDS);
  });

  it('read the text of a PDF drawn with the standard fonts, with its page count', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const first = doc.addPage();
    first.drawText('Receipt\nReceipt number: R-77\nMerchant: Café Lumière', {
      x: 50,
      y: 700,
      font,
      size: 12,
    });
    // A label and its value drawn apart on one baseline read as one line.
    first.drawText('Amount:', { x: 50, y: 600, font, size: 12 });
    first.drawText('12.00 EUR', { x: 150, y: 600, font, size: 12 });
    doc.addPage().drawText('Payment method: Card', { x: 50, y: 700, font, size: 12 });
    const job = await run(await upload('receipt.pdf', await doc.save(), 'application/pdf'));
    expect(job.status).toBe('completed');
    expect(job.result).toEqual({
      document_type: 'receipt',
      page_count: 2,
      confidence: 0.91,
      fields: {
        'Receipt number': 'R-77',
        Merchant: 'Café Lumière',
        Amount: '12.00 EUR',
        'Payment method': 'Card',
      },
    });
  });

  it('read the fields of seeded text files and PDFs', async () => {
    const text = seeded.find((a) => a.content_type.startsWith('text/'));
    const lines = (await download(t, `/v1/attachments/${text.id}`)).bytes.toString('utf8').split('\n');
    const expected = Object.fromEntries(
      lines.map((line) => /^([^:]+): (.+)$/.exec(line)).flatMap((m) => (m ? [[m[1], m[2]]] : [])),
    );
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(5);
    const textJob = await run(text.id);
    expect(textJob.result.fields).toEqual(expected);
    expect(textJob.result.document_type).not.toBe('other');

    const pdf = seeded.find((a) => a.content_type === 'application/pdf');
    const pages = (
      await PDFDocument.load((await download(t, `/v1/attachments/${pdf.id}`)).bytes)
    ).getPageCount();
    const pdfJob = await run(pdf.id);
    expect(pdfJob.result.page_count).toBe(pages);
    expect(Object.keys(pdfJob.result.fields).length).toBeGreaterThanOrEqual(5);
    expect(pdfJob.result.document_type).not.toBe('other');
  });

  it('narrow the result to the fields asked for, matched without regard to case; missing ones are null', async () => {
    const attachment = await upload('invoice.txt', Buffer.from(INVOICE));
    const job = await run(attachment, ['total', 'Due date']);
    expect(job.fields).toEqual(['total', 'Due date']);
    expect(job.result.fields).toEqual({ total: '1234.50 EUR', 'Due date': null });
    expect(job.result.confidence).toBe(0.87);
  });

  it('give the same result for the same document', async () => {
    const attachment = seeded.find((a) => a.content_type === 'application/pdf').id;
    expect((await run(attachment)).result).toEqual((await run(attachment)).result);
  });

  it.each([
    ['an image', () => seeded.find((a) => a.content_type === 'image/png').id, 'image_without_text'],
    ['an empty file', () => upload('empty.txt', new Uint8Array(0), 'text/plain'), 'empty_document'],
    ['binary data', () => upload('data.bin', Buffer.from([0, 159, 146, 150])), 'unsupported_document'],
    [
      'a large seeded file',
      () => seeded.find((a) => a.content_type === 'application/octet-stream').id,
      'unsupported_document',
    ],
    ['a broken PDF', () => upload('x.pdf', Buffer.from('%PDF-1.7 nothing else')), 'unreadable_pdf'],
  ])('fail for %s, with a reason', async (_name, attachment, code) => {
    const job = await run(await attachment());
    expect(job).toMatchObject({
      status: 'failed',
      result: null,
      error: { code, message: expect.any(String) },
    });
  });
});

describe('document intelligence errors', () => {
  const UNKNOWN = '00000000-0000-4000-8000-000000000000';

  it.each([
    ['no attachment_id', {}, ['attachment_id']],
    ['a malformed attachment_id', { attachment_id: 'x' }, ['attachment_id']],
    ['fields that are not a list', { attachment_id: UNKNOWN, fields: 'Total' }, ['fields']],
    ['an empty field name', { attachment_id: UNKNOWN, fields: [' '] }, ['fields', 0]],
    ['a repeated field', { attachment_id: UNKNOWN, fields: ['Total', 'Total'] }, ['fields']],
    ['an unknown field', { attachment_id: UNKNOWN, wait: true }, ['wait']],
  ])('refuse %s with 400', async (_name, body, path) => {
    const res = await createJob(body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: Json) => e.path)).toEqual([path]);
  });

  it('refuse an unknown attachment and another workspace’s alike, with 400', async () => {
    const theirs = await upload('x.txt', Buffer.from('A: b'), 'text/plain', t.otherToken);
    for (const id of [UNKNOWN, theirs]) {
      const res = await createJob({ attachment_id: id });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { message: 'attachment not found', path: ['attachment_id'], type: 'not_found' },
      ]);
    }
  });

  it('answer a malformed job id with 400, an unknown one with 404, another workspace’s with 403', async () => {
    expect((await t.get('/v1/document-intelligence/nope')).status).toBe(400);
    expect((await t.get(`/v1/document-intelligence/${UNKNOWN}`)).body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Document intelligence job not found',
    });
    const job = (await createJob({ attachment_id: seeded[0].id })).body;
    const other = await t.get(`/v1/document-intelligence/${job.id}`, { token: t.otherToken });
    expect(other.status).toBe(403);
  });
});
