import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_FILES } from '../../src/sandbox/attachments/seed.js';
import { attachmentsOf, download, fileStats, json, jsonFile, sha256 } from './files.js';
import { type Json, listAll, startTestSandbox, useTestSandbox } from './helpers.js';

const LARGE = 3 * 1024 * 1024;
let seeded: Json[];
const t = useTestSandbox({ attachments: 40, largeAttachmentBytes: LARGE });
beforeAll(async () => {
  seeded = await attachmentsOf(t, await listAll(t, '/v1/forms', { completed: 'true' }));
});

const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: 'No access to this resource' };
const kind = (type: string) => seeded.find((a) => a.content_type === type)!;

describe('seeded attachments', () => {
  it('are listed on responses, 80% of them in the first workspace, and download with their listed sizes', async () => {
    expect(seeded).toHaveLength(32);
    const types = new Set(seeded.map((a) => a.content_type));
    expect([...types].sort()).toEqual([
      'application/octet-stream',
      'application/pdf',
      'image/png',
      'text/plain; charset=utf-8',
    ]);
    for (const a of seeded) {
      const res = await download(t, `/v1/attachments/${a.id}`);
      expect(res.status).toBe(200);
      expect(res.bytes.length).toBe(a.size);
      expect(res.headers['content-length']).toBe(String(a.size));
      expect(res.headers['content-type']).toBe(a.content_type);
      if (a.content_type === 'application/pdf') await PDFDocument.load(res.bytes);
      if (a.content_type === 'image/png') expect(res.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      if (a.content_type.startsWith('text/')) {
        expect(new TextDecoder('utf-8', { fatal: true }).decode(res.bytes)).toMatch(/^\S.*\n\n(.+: .+\n)+\n/);
      }
    }
    const large = seeded.filter((a) => a.content_type === 'application/octet-stream');
    // One in ten of the files that are not among the hostile ones.
    expect(large.length).toBe(Math.floor((32 - HOSTILE_FILES.length) / 10));
    for (const a of large) expect(a.size).toBe(LARGE);
  });

  it('include hostile filenames, all on one response, each carried exactly by filename*', async () => {
    const names = HOSTILE_FILES.map(([name]) => name);
    const hostile = seeded.filter((a) => names.includes(a.filename));
    expect(hostile.map((a) => a.filename).sort()).toEqual([...names].sort());
    expect(new Set(hostile.map((a) => a.response_id)).size).toBe(1);
    for (const a of hostile) {
      const header = String((await download(t, `/v1/attachments/${a.id}`)).headers['content-disposition']);
      const [fallback, encoded] = /^attachment; filename="([ -~]*)"(?:; filename\*=UTF-8''(.*))?$/
        .exec(header)!
        .slice(1);
      expect(fallback).not.toMatch(/["\\]/);
      expect(encoded === undefined ? fallback : decodeURIComponent(encoded)).toBe(a.filename);
    }
  });

  it('are made only when read: a sandbox with thousands of them has made no bytes until a download', async () => {
    const big = await startTestSandbox({ attachments: 5000, largeAttachmentBytes: 2 ** 30 });
    try {
      expect((await fileStats(big)).generated).toEqual({ files: 0, bytes: 0 });
      const [form] = await listAll(big, '/v1/forms', { 'flow[slug]': 'expense-claim', completed: 'true' });
      const files = await attachmentsOf(big, [form]);
      expect((await fileStats(big)).generated).toEqual({ files: 0, bytes: 0 });

      const small = files.find((a) => a.content_type !== 'application/octet-stream')!;
      expect((await download(big, `/v1/attachments/${small.id}`)).bytes.length).toBe(small.size);
      expect((await fileStats(big)).generated).toEqual({ files: 1, bytes: small.size });

      // The last 100 bytes of a 1 GiB file: counter mode makes just those.
      const large = (await attachmentsOf(big, await listAll(big, '/v1/forms', { completed: 'true' }))).find(
        (a) => a.size === 2 ** 30,
      )!;
      const tail = await download(big, `/v1/attachments/${large.id}`, { range: 'bytes=-100' });
      expect(tail.status).toBe(206);
      expect(tail.bytes.length).toBe(100);
      expect((await fileStats(big)).generated).toEqual({ files: 2, bytes: small.size + 100 });
    } finally {
      await big.close();
    }
  });

  it('have the same bytes in another sandbox with the same seed', async () => {
    const twin = await startTestSandbox({ attachments: 40, largeAttachmentBytes: LARGE });
    try {
      for (const a of [kind('application/pdf'), kind('image/png'), kind('text/plain; charset=utf-8')]) {
        const mine = await download(t, `/v1/attachments/${a.id}`);
        const theirs = await download(twin, `/v1/attachments/${a.id}`, {}, { token: twin.token });
        expect(sha256(theirs.bytes)).toBe(sha256(mine.bytes));
      }
      const large = kind('application/octet-stream');
      const range = { range: 'bytes=1000000-1000999' };
      const mine = await download(t, `/v1/attachments/${large.id}`, range);
      expect(
        (await download(twin, `/v1/attachments/${large.id}`, range, { token: twin.token })).bytes,
      ).toEqual(mine.bytes);
    } finally {
      await twin.close();
    }
  });

  it('can be added by the trigger hook, and download with their listed sizes', async () => {
    const [form] = await listAll(t, '/v1/forms', { 'flow[slug]': 'expense-claim', completed: 'false' });
    const res = await t.post(
      '/_sandbox/trigger',
      { event: 'responses:created', form_id: form.id, attachments: 3 },
      { token: null },
    );
    expect(res.status).toBe(202);
    const response = (await t.get(`/v1/responses/${res.body.response_id}`)).body;
    expect(response.attachments).toHaveLength(3);
    for (const a of response.attachments) {
      expect((await download(t, `/v1/attachments/${a.id}`)).bytes.length).toBe(a.size);
    }
  });
});

describe('GET /v1/attachments/{id} with Range', () => {
  let file: Json;
  let whole: Buffer;
  beforeAll(async () => {
    file = kind('application/pdf');
    whole = (await download(t, `/v1/attachments/${file.id}`)).bytes;
  });

  it.each([
    ['bytes=10-19', 10, 19],
    ['bytes=100-', 100, -1],
    ['bytes=-50', -50, -1],
    ['bytes=0-99999999', 0, -1],
    ['BYTES = 5-5', 5, 5],
  ])('answers %s with 206 and that slice', async (range, from, to) => {
    const start = from < 0 ? whole.length + from : from;
    const end = to < 0 ? whole.length - 1 : to;
    const res = await download(t, `/v1/attachments/${file.id}`, { range });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${whole.length}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.bytes).toEqual(whole.subarray(start, end + 1));
  });

  it.each(['bytes=99999999-', 'bytes=-0'])('answers %s with 416 and the size', async (range) => {
    const res = await download(t, `/v1/attachments/${file.id}`, { range });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${whole.length}`);
    expect(json(res)).toEqual({
      statusCode: 416,
      error: 'Range Not Satisfiable',
      message: `Range not satisfiable: the file has ${whole.length} bytes`,
    });
  });

  it.each(['bytes=0-1,5-6', 'bytes=9-3', 'items=0-1', 'bytes=x'])(
    'ignores %s and sends the whole file',
    async (range) => {
      const res = await download(t, `/v1/attachments/${file.id}`, { range });
      expect(res.status).toBe(200);
      expect(res.bytes).toEqual(whole);
    },
  );

  it('keeps the range when If-Range names the current ETag, and sends the whole file otherwise', async () => {
    const { etag } = (await download(t, `/v1/attachments/${file.id}`)).headers;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const same = await download(t, `/v1/attachments/${file.id}`, {
      range: 'bytes=0-9',
      'if-range': String(etag),
    });
    expect(same.status).toBe(206);
    const other = await download(t, `/v1/attachments/${file.id}`, {
      range: 'bytes=0-9',
      'if-range': '"other"',
    });
    expect(other.status).toBe(200);
    expect(other.bytes).toEqual(whole);
  });

  it('answers any range of an empty file with 416', async () => {
    const created = (await t.post('/v1/attachments', jsonFile('empty', new Uint8Array(0)))).body;
    const plain = await download(t, `/v1/attachments/${created.id}`);
    expect([plain.status, plain.bytes.length, plain.headers['content-length']]).toEqual([200, 0, '0']);
    expect((await download(t, `/v1/attachments/${created.id}`, { range: 'bytes=0-' })).status).toBe(416);
  });

  it('answers HEAD with the headers of GET and no body, without making a large file', async () => {
    const large = kind('application/octet-stream');
    const before = await fileStats(t);
    const res = await download(t, `/v1/attachments/${large.id}`, {}, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(LARGE));
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.bytes.length).toBe(0);
    expect((await fileStats(t)).generated).toEqual(before.generated);
  });
});

describe('GET /v1/attachments/{id} errors', () => {
  it('answers a malformed id with 400, an unknown one with 404, another workspace’s with 403', async () => {
    const malformed = await t.get('/v1/attachments/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([
      { message: 'must be a UUID', path: ['id'], type: 'invalid_format' },
    ]);
    const unknown = await t.get('/v1/attachments/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Attachment not found' });
    const other = await t.get(`/v1/attachments/${seeded[0].id}`, { token: t.otherToken });
    expect(other).toMatchObject({ status: 403, body: FORBIDDEN });
  });

  it('refuses query parameters with a 400', async () => {
    const res = await t.get(`/v1/attachments/${seeded[0].id}?download=true`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { message: 'unknown query parameter download', path: ['download'], type: 'unrecognized_keys' },
    ]);
  });
});

describe('uploads', () => {
  it('download with their sha256 in the upload answer', async () => {
    const bytes = Buffer.from('Key: value\n');
    const created = (await t.post('/v1/attachments', jsonFile('k.txt', bytes, 'text/plain'))).body;
    const res = await download(t, `/v1/attachments/${created.id}`);
    expect(sha256(res.bytes)).toBe(created.sha256);
    expect(res.headers.etag).toBe(`"${created.sha256.slice(0, 32)}"`);
  });
});
