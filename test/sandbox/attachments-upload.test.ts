import { describe, expect, it } from 'vitest';
import { download, fileStats, jsonFile, sha256, uploadMultipart, uploadStream } from './files.js';
import { badRequest, type Json, UUID_RE, useTestSandbox } from './helpers.js';

const LIMIT = 64 * 1024;
const t = useTestSandbox({ maxUploadBytes: LIMIT, attachments: 0 });

/** Bytes that are not text and not all alike, the same on every run. */
const pattern = (length: number, step = 7) => Buffer.from(Array.from({ length }, (_, i) => (i * step) % 256));

async function expectDownload(created: Json, bytes: Buffer, contentType: string) {
  const res = await download(t, `/v1/attachments/${created.id}`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe(contentType);
  expect(res.headers['content-length']).toBe(String(bytes.length));
  expect(res.headers['accept-ranges']).toBe('bytes');
  expect(sha256(res.bytes)).toBe(sha256(bytes));
  expect(created.sha256).toBe(sha256(bytes));
}

describe('POST /v1/attachments with a JSON body', () => {
  it('stores one object and answers 201 with the attachment; the download has the same bytes', async () => {
    const bytes = pattern(3000);
    const res = await t.post('/v1/attachments', jsonFile('scan.bin', bytes, 'application/x-scan'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(UUID_RE),
      filename: 'scan.bin',
      content_type: 'application/x-scan',
      size: 3000,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      sha256: sha256(bytes),
    });
    await expectDownload(res.body, bytes, 'application/x-scan');
  });

  it('stores an array and answers {data} in the order given, with application/octet-stream by default', async () => {
    // The three together are exactly at the limit of a request.
    const files = [pattern(10), pattern(0), pattern(LIMIT - 10, 3)];
    const res = await t.post('/v1/attachments', [
      jsonFile('a.bin', files[0]!),
      jsonFile('empty.txt', files[1]!, 'text/plain; charset=utf-8'),
      jsonFile('at-the-limit.bin', files[2]!),
    ]);
    expect(res.status).toBe(201);
    expect(res.body.data.map((a: Json) => [a.filename, a.size, a.content_type])).toEqual([
      ['a.bin', 10, 'application/octet-stream'],
      ['empty.txt', 0, 'text/plain; charset=utf-8'],
      ['at-the-limit.bin', LIMIT - 10, 'application/octet-stream'],
    ]);
    for (const [i, created] of res.body.data.entries()) {
      await expectDownload(created, files[i]!, created.content_type);
    }
  });

  it.each([
    ['content that is not base64', jsonFile('a', pattern(3)), { content: 'a*b=' }, ['content']],
    ['base64 without padding', jsonFile('a', pattern(3)), { content: 'YWJjZA' }, ['content']],
    ['base64 with a line break', jsonFile('a', pattern(3)), { content: 'YWJj\nZA==' }, ['content']],
    [
      'a content type that is not a media type',
      jsonFile('a', pattern(3)),
      { content_type: 'pdf' },
      ['content_type'],
    ],
    ['an empty filename', jsonFile('a', pattern(3)), { filename: '' }, ['filename']],
    ['a filename with a lone surrogate', jsonFile('a', pattern(3)), { filename: 'x\ud800' }, ['filename']],
    ['an unknown field', jsonFile('a', pattern(3)), { size: 3 }, ['size']],
  ])('refuses %s with a 400 at its path', async (_name, file, change, path) => {
    const res = await t.post('/v1/attachments', { ...file, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(badRequest('Invalid request body'));
    expect(res.body.errors.map((e: Json) => e.path)).toEqual([path]);
  });

  it('reports problems in an array at their index, and refuses an empty array or a bare value', async () => {
    const res = await t.post('/v1/attachments', [
      jsonFile('ok', pattern(3)),
      { filename: 'x', content: '!' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: Json) => e.path)).toEqual([[1, 'content']]);
    expect((await t.post('/v1/attachments', [])).status).toBe(400);
    expect((await t.post('/v1/attachments', '"text"')).status).toBe(400);
  });

  it('refuses a file over the limit with a 413 that names it, and stores none of the request', async () => {
    const before = await fileStats(t);
    const res = await t.post('/v1/attachments', [
      jsonFile('small.bin', pattern(5)),
      jsonFile('over.bin', pattern(LIMIT + 1)),
    ]);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: `The files of the request are larger than the upload limit of ${LIMIT} bytes (over it at "over.bin")`,
    });
    expect((await fileStats(t)).uploads).toEqual(before.uploads);
  });

  it('counts the limit per request: files each under it but over it together get a 413', async () => {
    const before = await fileStats(t);
    const third = Math.floor(LIMIT * 0.4);
    const res = await t.post('/v1/attachments', [
      jsonFile('a.bin', pattern(third)),
      jsonFile('b.bin', pattern(third)),
      jsonFile('c.bin', pattern(third)),
    ]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      `The files of the request are larger than the upload limit of ${LIMIT} bytes (over it at "c.bin")`,
    );
    expect((await fileStats(t)).uploads).toEqual(before.uploads);
    const fits = await t.post('/v1/attachments', [
      jsonFile('a.bin', pattern(LIMIT / 2)),
      jsonFile('b.bin', pattern(LIMIT / 2)),
    ]);
    expect(fits.status).toBe(201);
  });

  it('refuses a JSON body larger than one file at the limit could need with a 413', async () => {
    const res = await t.post('/v1/attachments', jsonFile('x', pattern(1_200_000)));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is too large',
    });
  });

  it('refuses a body that is neither JSON nor multipart with a 400', async () => {
    const res = await t.post('/v1/attachments', 'hello', { headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      badRequest('Unsupported Content-Type; send application/json or multipart/form-data'),
    );
    const octets = await t.post('/v1/attachments', 'x', {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(octets.status).toBe(400);
  });

  it('needs a token like every /v1 route', async () => {
    const res = await t.post('/v1/attachments', jsonFile('a', pattern(3)), { token: null });
    expect(res.status).toBe(401);
  });
});

describe('POST /v1/attachments with a multipart body', () => {
  it('stores one file part and answers {data: [attachment]}', async () => {
    const bytes = pattern(5000, 13);
    const res = await uploadMultipart(t, [{ name: 'photo.png', type: 'image/png', bytes }]);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: [
        {
          id: expect.stringMatching(UUID_RE),
          filename: 'photo.png',
          content_type: 'image/png',
          size: 5000,
          created_at: expect.any(String),
          sha256: sha256(bytes),
        },
      ],
    });
    await expectDownload(res.body.data[0], bytes, 'image/png');
  });

  it('stores several file parts in order, with their names as sent (non-ASCII, path separators)', async () => {
    const files = [
      { name: 'Überweisung März.pdf', type: 'application/pdf', bytes: pattern(100) },
      { name: '../notes/ä b.txt', type: 'text/plain', bytes: Buffer.from('Total: 3 €\n') },
      // The request at the limit, exactly.
      { name: 'raw.bin', bytes: pattern(LIMIT - 100 - Buffer.byteLength('Total: 3 €\n'), 5) },
    ];
    const res = await uploadMultipart(t, files);
    expect(res.status).toBe(201);
    expect(res.body.data.map((a: Json) => [a.filename, a.content_type, a.size])).toEqual([
      ['Überweisung März.pdf', 'application/pdf', 100],
      ['../notes/ä b.txt', 'text/plain', Buffer.byteLength('Total: 3 €\n')],
      ['raw.bin', 'application/octet-stream', LIMIT - 100 - Buffer.byteLength('Total: 3 €\n')],
    ]);
    for (const [i, created] of res.body.data.entries()) {
      await expectDownload(created, Buffer.from(files[i]!.bytes), created.content_type);
    }
  });

  it('reads a part named with filename* (RFC 5987) alone', async () => {
    const boundary = 'b0undary';
    const body = [
      `--${boundary}\r\n`,
      `Content-Disposition: form-data; name="file"; filename*=UTF-8''%E2%82%AC%20rates.txt\r\n`,
      'Content-Type: text/plain\r\n\r\n',
      'EUR\r\n',
      `--${boundary}--\r\n`,
    ].join('');
    const res = await uploadStream(t, chunks([Buffer.from(body)]), boundary);
    expect(res.status).toBe(201);
    expect(res.body.data[0].filename).toBe('€ rates.txt');
  });

  it('refuses a file over the limit with a 413 as soon as it is over, and stores none of the request', async () => {
    const before = await fileStats(t);
    const boundary = 'limit-boundary';
    let sent = 0;
    const total = 8 * 1024 * 1024;
    async function* body() {
      yield Buffer.from(part(boundary, 'first.bin', 'application/octet-stream'));
      yield pattern(1000);
      yield Buffer.from(`\r\n${part(boundary, 'huge.bin', 'application/octet-stream')}`);
      const chunk = pattern(64 * 1024);
      for (; sent < total; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await uploadStream(t, body(), boundary);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: `The files of the request are larger than the upload limit of ${LIMIT} bytes (over it at "huge.bin")`,
    });
    expect((await fileStats(t)).uploads).toEqual(before.uploads);
    // The sandbox goes on serving, on this connection or a new one.
    expect((await t.get('/v1/workspaces')).status).toBe(200);
  });

  it('counts the limit per request: multipart files each under it but over it together get a 413', async () => {
    const before = await fileStats(t);
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `part${i}.bin`, bytes: pattern(LIMIT / 4) }));
    const res = await uploadMultipart(t, files);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      `The files of the request are larger than the upload limit of ${LIMIT} bytes (over it at "part4.bin")`,
    );
    expect((await fileStats(t)).uploads).toEqual(before.uploads);
    expect((await uploadMultipart(t, files.slice(0, 4))).status).toBe(201);
  });

  it.each([
    ['a field part', [['field', 'note', 'hello']], [0], /unexpected field note/],
    ['a file part without a filename', [['file', undefined, 'x']], [0], /needs a filename/],
    ['no part at all', [], [], /at least one file part/],
  ] as const)('refuses %s with a 400', async (_name, parts, path, message) => {
    const boundary = 'xyz';
    const body = parts
      .map(([kind, name, value]) =>
        kind === 'field'
          ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
          : `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: application/octet-stream\r\n\r\n${value}\r\n`,
      )
      .join('');
    const res = await uploadStream(t, chunks([Buffer.from(`${body}--${boundary}--\r\n`)]), boundary);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { message: expect.stringMatching(message), path, type: expect.any(String) },
    ]);
  });

  it('refuses more than 100 files with a 400', async () => {
    const files = Array.from({ length: 101 }, (_, i) => ({ name: `f${i}.txt`, bytes: Buffer.from('x') }));
    const res = await uploadMultipart(t, files);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { message: 'at most 100 files per request', path: [], type: 'too_big' },
    ]);
  });

  it('is parsed on this route only: the rest of /v1 stays JSON', async () => {
    const form = new FormData();
    form.append('title', 'x');
    const res = await fetch(`${t.sandbox.baseUrl}/v1/cases`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest('Unsupported Content-Type; send application/json'));
  });

  it('refuses a malformed multipart body with a 400 in the standard shape', async () => {
    const res = await t.post('/v1/attachments', 'no boundary here', {
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(badRequest(expect.stringMatching(/^Malformed multipart body/)));
  });
});

describe('filenames in Content-Disposition', () => {
  it('round-trip a non-ASCII name through filename* with an ASCII fallback', async () => {
    const name = 'Überweisung März – 2026 "final".pdf';
    const created = (await t.post('/v1/attachments', jsonFile(name, pattern(4), 'application/pdf'))).body;
    const res = await download(t, `/v1/attachments/${created.id}`);
    const header = String(res.headers['content-disposition']);
    expect(header).toBe(
      `attachment; filename="_berweisung M_rz _ 2026 _final_.pdf"; filename*=UTF-8''%C3%9Cberweisung%20M%C3%A4rz%20%E2%80%93%202026%20%22final%22.pdf`,
    );
    expect(decodeURIComponent(header.split("filename*=UTF-8''")[1]!)).toBe(name);
  });

  it('send a plain ASCII name as filename alone', async () => {
    const created = (await t.post('/v1/attachments', jsonFile('report 2026.pdf', pattern(4)))).body;
    const res = await download(t, `/v1/attachments/${created.id}`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="report 2026.pdf"');
  });

  it('carry control characters and a NUL only percent-encoded', async () => {
    const name = 'a\u0000b\nc\u001b[31m.txt';
    const created = (await t.post('/v1/attachments', jsonFile(name, pattern(4)))).body;
    expect(created.filename).toBe(name);
    const res = await download(t, `/v1/attachments/${created.id}`);
    const header = String(res.headers['content-disposition']);
    expect(header).toBe(`attachment; filename="a_b_c_[31m.txt"; filename*=UTF-8''a%00b%0Ac%1B%5B31m.txt`);
  });
});

function part(boundary: string, filename: string, type: string): string {
  return `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
}

async function* chunks(buffers: readonly Buffer[]): AsyncIterable<Buffer> {
  yield* buffers;
}
