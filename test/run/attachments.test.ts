/**
 * Run tests of `wfd attachments upload|download|merge` against the fake API (test/support/fake-api.ts): the exact
 * requests (every interceptor used, none left), the files written, and the exact output.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DownloadAttachmentsOptions,
  runDownloadAttachments,
} from '../../src/commands/attachments/download.js';
import { MergeAttachmentsOptions, runMergeAttachments } from '../../src/commands/attachments/merge.js';
import { runUploadAttachments, UploadAttachmentsOptions } from '../../src/commands/attachments/upload.js';
import { UsageError } from '../../src/core/errors.js';
import { ATTACHMENT_FIELDS, DOWNLOAD_FIELDS } from '../../src/resources/attachments.js';
import { failure, type TestContext, testContext } from '../support/context.js';
import { formDataOf } from '../support/fake-api.js';

let t: TestContext;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wfd-att-'));
});
afterEach(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const A = '7c1d0000-0000-4000-8000-000000000001';
const B = '7c1d0000-0000-4000-8000-000000000002';
const C = '7c1d0000-0000-4000-8000-000000000003';

function attachment(id: string, filename: string, size: number) {
  return {
    id,
    filename,
    content_type: 'application/pdf',
    size,
    created_at: '2026-11-23T12:00:00.000Z',
    sha256: null,
  };
}

/** A file in the test folder. */
function local(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('attachments upload', () => {
  it('sends every file as a part of one multipart request and prints the ids in order', async () => {
    t = await testContext({ fields: ATTACHMENT_FIELDS });
    const files = [local('invoice.pdf', '%PDF-1.7 invoice'), local('Überweisung März.png', 'png bytes')];
    let parts: unknown[] = [];
    t.api.intercept({ path: '/v1/attachments', method: 'POST' }).reply(async (request) => {
      parts = [...(await formDataOf(request)).entries()].map(([name, value]) =>
        typeof value === 'string' ? [name, value] : [name, value.name, value.type, value.size],
      );
      return {
        statusCode: 201,
        data: { data: [attachment(A, 'invoice.pdf', 16), attachment(B, 'Überweisung März.png', 9)] },
      };
    });
    await runUploadAttachments(UploadAttachmentsOptions.parse({ files }), t.ctx);
    expect(parts).toEqual([
      ['file', 'invoice.pdf', 'application/pdf', 16],
      ['file', 'Überweisung März.png', 'image/png', 9],
    ]);
    expect(t.stdout()).toBe(`${A}\n${B}\n`);
  });

  it('--encoding json sends one file a request, in base64; -o json prints the attachments', async () => {
    t = await testContext({ globals: { json: true }, fields: ATTACHMENT_FIELDS });
    const files = [local('a.txt', 'Total: 12.50'), local('b.bin', Buffer.from([0, 255, 1]))];
    t.api
      .intercept({
        path: '/v1/attachments',
        method: 'POST',
        body: JSON.stringify({ filename: 'a.txt', content_type: 'text/plain', content: 'VG90YWw6IDEyLjUw' }),
      })
      .reply(201, attachment(A, 'a.txt', 12));
    t.api
      .intercept({
        path: '/v1/attachments',
        method: 'POST',
        body: JSON.stringify({
          filename: 'b.bin',
          content_type: 'application/octet-stream',
          content: 'AP8B',
        }),
      })
      .reply(201, { data: attachment(B, 'b.bin', 3) });
    await runUploadAttachments(UploadAttachmentsOptions.parse({ files, encoding: 'json' }), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual([attachment(A, 'a.txt', 12), attachment(B, 'b.bin', 3)]);
  });

  it.each([
    ['missing.pdf', 'cannot read "DIR": no such file'],
    ['.', 'cannot upload "DIR": it is not a file'],
  ])('%s exits 2 before any request', async (name, message) => {
    t = await testContext();
    const files = [local('ok.pdf', 'x'), join(dir, name)];
    const error = await failure(runUploadAttachments(UploadAttachmentsOptions.parse({ files }), t.ctx));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(message.replace('DIR', join(dir, name)));
  });

  it('a 413 exits 6 naming the file the API refused', async () => {
    t = await testContext();
    const files = [local('small.txt', 'x'), local('big.bin', Buffer.alloc(64))];
    t.api.intercept({ path: '/v1/attachments', method: 'POST' }).reply(413, {
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'File "big.bin" is larger than the upload limit of 32 bytes',
    });
    const error = await failure(runUploadAttachments(UploadAttachmentsOptions.parse({ files }), t.ctx));
    expect(error).toMatchObject({
      exitCode: 6,
      message: `"${files[1]}" exceeds the API's size limit: File "big.bin" is larger than the upload limit of 32 bytes (HTTP 413)`,
    });
    expect(t.stdout()).toBe('');
  });

  it('json: the ids uploaded beside a refused file are still printed; the exit code is the refusal', async () => {
    t = await testContext({ globals: { concurrency: 1 } });
    const files = [local('a.txt', 'a'), local('big.txt', 'bb')];
    t.api.intercept({ path: '/v1/attachments', method: 'POST' }).reply(201, attachment(A, 'a.txt', 1));
    t.api
      .intercept({ path: '/v1/attachments', method: 'POST' })
      .reply(413, { statusCode: 413, error: 'Payload Too Large', message: 'Request body is too large' });
    const error = await failure(
      runUploadAttachments(UploadAttachmentsOptions.parse({ files, encoding: 'json' }), t.ctx),
    );
    expect(t.stdout()).toBe(`${A}\n`);
    expect(t.stderr()).toContain(`error: "${files[1]}" exceeds the API's size limit`);
    expect(error).toMatchObject({ exitCode: 6, message: 'uploaded 1 of 2 files; 1 failed' });
  });

  it('--dry-run shows the parts (json: the size, not the content) and sends nothing', async () => {
    t = await testContext();
    const file = local('a.txt', 'hello');
    await runUploadAttachments(
      UploadAttachmentsOptions.parse({ files: [file], encoding: 'json', dryRun: true }),
      t.ctx,
    );
    expect(t.stdout()).toContain('POST http://api.test/v1/attachments\n');
    expect(t.stdout()).toContain(`"content": "<5 bytes of ${file} in base64>"`);
  });
});

/** The headers of a download as a server sends them. */
function served(disposition?: string) {
  return {
    headers: {
      'content-type': 'application/octet-stream',
      ...(disposition ? { 'content-disposition': disposition } : {}),
    },
  };
}

describe('attachments download', () => {
  it('--dir names files as the server does (filename* for non-ASCII), made safe, duplicates suffixed in id order', async () => {
    t = await testContext({ fields: DOWNLOAD_FIELDS });
    const answers: [string, string, string][] = [
      [A, 'one', `attachment; filename="_berweisung.pdf"; filename*=UTF-8''%C3%9Cberweisung.pdf`],
      [B, 'two', 'attachment; filename="../../etc/passwd"'],
      [C, 'three', `attachment; filename="_berweisung.pdf"; filename*=UTF-8''%C3%9Cberweisung.pdf`],
    ];
    for (const [id, body, disposition] of answers) {
      t.api
        .intercept({ path: `/v1/attachments/${id}`, method: 'GET', headers: { accept: '*/*' } })
        .reply(200, body, served(disposition));
    }
    await runDownloadAttachments(DownloadAttachmentsOptions.parse({ ids: [A, B, C], dir }), t.ctx);
    expect(readdirSync(dir).sort()).toEqual(['_.._etc_passwd', 'Überweisung (1).pdf', 'Überweisung.pdf']);
    expect(readFileSync(join(dir, 'Überweisung.pdf'), 'utf8')).toBe('one');
    expect(readFileSync(join(dir, 'Überweisung (1).pdf'), 'utf8')).toBe('three');
    expect(t.stdout()).toBe(
      [
        `${A}\tsaved\t${join(dir, 'Überweisung.pdf')}\t3\t`,
        `${B}\tsaved\t${join(dir, '_.._etc_passwd')}\t3\t`,
        `${C}\tsaved\t${join(dir, 'Überweisung (1).pdf')}\t5\t`,
        '',
      ].join('\n'),
    );
  });

  it('without a filename the id names the file', async () => {
    t = await testContext({ fields: DOWNLOAD_FIELDS });
    t.api.intercept({ path: `/v1/attachments/${A}`, method: 'GET' }).reply(200, 'x', served());
    await runDownloadAttachments(DownloadAttachmentsOptions.parse({ ids: [A], dir }), t.ctx);
    expect(readdirSync(dir)).toEqual([A]);
  });

  it('an existing file fails its id (exit 1) unless --skip-existing or --clobber', async () => {
    const disposition = 'attachment; filename="a.pdf"';
    for (const [flags, result, content] of [
      [{}, 'failed', 'old'],
      [{ skipExisting: true }, 'skipped', 'old'],
      [{ clobber: true }, 'saved', 'new'],
    ] as const) {
      t = await testContext({ fields: DOWNLOAD_FIELDS });
      local('a.pdf', 'old');
      t.api.intercept({ path: `/v1/attachments/${A}`, method: 'GET' }).reply(200, 'new', served(disposition));
      t.api
        .intercept({ path: `/v1/attachments/${B}`, method: 'GET' })
        .reply(200, 'b', served('attachment; filename="b.pdf"'));
      const error = await failure(
        runDownloadAttachments(DownloadAttachmentsOptions.parse({ ids: [A, B], dir, ...flags }), t.ctx),
      );
      expect(t.stdout().split('\t')[1]).toBe(result);
      expect(readFileSync(join(dir, 'a.pdf'), 'utf8')).toBe(content);
      if (result === 'failed') {
        expect(error).toMatchObject({ exitCode: 1, message: 'downloaded 1 of 2 attachments; 1 failed' });
        expect(t.stderr()).toContain(`error: ${A}: "${join(dir, 'a.pdf')}" already exists\n`);
      } else expect(error).toBeUndefined();
      await t.close();
      rmSync(join(dir, 'b.pdf'));
    }
    t = await testContext();
  });

  it('-O FILE that exists exits 2 before any request; --skip-existing sends nothing', async () => {
    t = await testContext();
    const target = local('out.pdf', 'old');
    const error = await failure(
      runDownloadAttachments(DownloadAttachmentsOptions.parse({ ids: [A], outputFile: target }), t.ctx),
    );
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toMatchObject({ message: `"${target}" already exists` });
    await runDownloadAttachments(
      DownloadAttachmentsOptions.parse({ ids: [A], outputFile: target, skipExisting: true }),
      t.ctx,
    );
    expect(readFileSync(target, 'utf8')).toBe('old');
  });

  it('-O FILE writes exactly the bytes; a 404 exits 5 and leaves nothing', async () => {
    t = await testContext();
    const bytes = Buffer.from([0, 1, 2, 255]);
    t.api.intercept({ path: `/v1/attachments/${A}`, method: 'GET' }).reply(200, bytes, served());
    t.api
      .intercept({ path: `/v1/attachments/${B}`, method: 'GET' })
      .reply(404, { statusCode: 404, error: 'Not Found', message: 'Attachment not found' });
    await runDownloadAttachments(
      DownloadAttachmentsOptions.parse({ ids: [A], outputFile: join(dir, 'a.bin') }),
      t.ctx,
    );
    expect(readFileSync(join(dir, 'a.bin')).equals(bytes)).toBe(true);
    const error = await failure(
      runDownloadAttachments(
        DownloadAttachmentsOptions.parse({ ids: [B], outputFile: join(dir, 'b.bin') }),
        t.ctx,
      ),
    );
    expect(error).toMatchObject({ exitCode: 5, message: `attachment ${B} not found` });
    expect(readdirSync(dir)).toEqual(['a.bin']);
  });

  it.each([
    [
      302,
      { location: 'https://login.example.test/sso?next=%2Fattachments' },
      'the API answered 302 Found instead of the file, redirecting to "https://login.example.test/sso?next=%2Fattachments"',
    ],
    [204, {}, 'the API answered 204 No Content instead of the file'],
    [206, { 'content-range': 'bytes 0-3/10' }, 'the API answered 206 Partial Content instead of the file'],
  ])('-O FILE: a %d is not the file (exit 1), and nothing is saved', async (status, headers, message) => {
    t = await testContext();
    t.api
      .intercept({ path: `/v1/attachments/${A}`, method: 'GET' })
      .reply(status, status === 204 ? '' : '<html>Sign in</html>', {
        headers: { 'content-type': 'text/html', ...headers },
      });
    const error = await failure(
      runDownloadAttachments(
        DownloadAttachmentsOptions.parse({ ids: [A], outputFile: join(dir, 'a.pdf') }),
        t.ctx,
      ),
    );
    expect(error).toMatchObject({ exitCode: 1, message });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('under umask 000: -O FILE and --dir files are 0644, the folder 0755', async () => {
    t = await testContext({ fields: DOWNLOAD_FIELDS });
    t.api.intercept({ path: `/v1/attachments/${A}`, method: 'GET' }).reply(200, 'a', served());
    t.api
      .intercept({ path: `/v1/attachments/${B}`, method: 'GET' })
      .reply(200, 'b', served('attachment; filename="b.pdf"'));
    const previous = process.umask(0);
    try {
      await runDownloadAttachments(
        DownloadAttachmentsOptions.parse({ ids: [A], outputFile: join(dir, 'one.pdf') }),
        t.ctx,
      );
      await runDownloadAttachments(
        DownloadAttachmentsOptions.parse({ ids: [B], dir: join(dir, 'new') }),
        t.ctx,
      );
    } finally {
      process.umask(previous);
    }
    const mode = (...path: string[]) => (statSync(join(dir, ...path)).mode & 0o777).toString(8);
    expect([mode('one.pdf'), mode('new'), mode('new', 'b.pdf')]).toEqual(['644', '755', '644']);
  });

  it('-O - refuses a terminal before any request, and streams to a pipe', async () => {
    t = await testContext({ stdoutTTY: true });
    const refused = await failure(
      runDownloadAttachments(DownloadAttachmentsOptions.parse({ ids: [A], outputFile: '-' }), t.ctx),
    );
    expect(refused).toMatchObject({ exitCode: 2, message: 'refusing to write a file to a terminal' });
    await t.close();
    t = await testContext();
    t.api.intercept({ path: `/v1/attachments/${A}`, method: 'GET' }).reply(200, '%PDF-1.7', served());
    await runDownloadAttachments(DownloadAttachmentsOptions.parse({ ids: [A], outputFile: '-' }), t.ctx);
    expect(t.stdout()).toBe('%PDF-1.7');
  });

  it.each([
    [{ ids: [A, B], outputFile: 'x.pdf' }, '-O saves one attachment, and 2 ids were given'],
    [{ ids: ['nope'], dir: '.' }, 'invalid attachment id "nope": expected a UUID; nothing was sent'],
  ])('%j exits 2', async (options, message) => {
    t = await testContext();
    await expect(
      runDownloadAttachments(DownloadAttachmentsOptions.parse(options), t.ctx),
    ).rejects.toMatchObject({
      exitCode: 2,
      message,
    });
  });
});

async function pdfOfPages(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage();
  return Buffer.from(await pdf.save());
}

describe('attachments merge', () => {
  it('asks for one PDF with ids=a,b,a (order and repeats kept) and saves it', async () => {
    t = await testContext();
    const pdf = await pdfOfPages(3);
    t.api
      .intercept({
        path: `/v1/attachments?ids=${A}%2C${B}%2C${A}`,
        method: 'GET',
        headers: { accept: 'application/pdf' },
      })
      .reply(200, pdf, { headers: { 'content-type': 'application/pdf' } });
    await runMergeAttachments(
      MergeAttachmentsOptions.parse({ ids: [A, B, A], outputFile: join(dir, 'm.pdf') }),
      t.ctx,
    );
    expect(readFileSync(join(dir, 'm.pdf')).equals(pdf)).toBe(true);
    expect(t.stderr()).toBe('');
  });

  it('ids too many for one URL are merged in several requests, said on stderr, and joined page by page', async () => {
    t = await testContext();
    const ids = Array.from(
      { length: 250 },
      (_, i) => `7c1d0000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const batches: number[] = [];
    t.api
      .intercept({ path: (path) => path.startsWith('/v1/attachments?ids='), method: 'GET' })
      .reply(200, async ({ path }) => {
        const batch = decodeURIComponent(path.slice('/v1/attachments?ids='.length)).split(',');
        batches.push(batch.length);
        return pdfOfPages(batch.length);
      })
      .times(2);
    await runMergeAttachments(MergeAttachmentsOptions.parse({ ids, outputFile: join(dir, 'm.pdf') }), t.ctx);
    expect(batches).toHaveLength(2);
    expect(batches[0]! + batches[1]!).toBe(250);
    expect(t.stderr()).toBe(
      'wfd: 250 ids make too long a URL for one request: merging them in 2 requests, then joining the parts\n',
    );
    const joined = await PDFDocument.load(readFileSync(join(dir, 'm.pdf')));
    expect(joined.getPageCount()).toBe(250);
  });

  it('a malformed id exits 2 before any request; a 404 names the id', async () => {
    t = await testContext();
    await expect(
      runMergeAttachments(
        MergeAttachmentsOptions.parse({ ids: [A, 'x'], outputFile: join(dir, 'm.pdf') }),
        t.ctx,
      ),
    ).rejects.toThrow(
      new UsageError('invalid attachment id "x": expected a UUID; nothing was sent', {
        hint: 'run `wfd responses get <id>` to see the ids of its attachments',
      }),
    );
    t.api
      .intercept({ path: `/v1/attachments?ids=${A}`, method: 'GET' })
      .reply(404, { statusCode: 404, error: 'Not Found', message: `Attachment ${A} not found` });
    const error = await failure(
      runMergeAttachments(MergeAttachmentsOptions.parse({ ids: [A], outputFile: join(dir, 'm.pdf') }), t.ctx),
    );
    expect(error).toMatchObject({ exitCode: 5, message: `Attachment ${A} not found (HTTP 404)` });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('sha256 of what is written', () => {
  it('is the sha256 of the bytes served', async () => {
    t = await testContext();
    const bytes = Buffer.alloc(200_000, 7);
    t.api.intercept({ path: `/v1/attachments/${A}`, method: 'GET' }).reply(200, bytes, served());
    await runDownloadAttachments(
      DownloadAttachmentsOptions.parse({ ids: [A], outputFile: join(dir, 'x') }),
      t.ctx,
    );
    const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(digest(readFileSync(join(dir, 'x')))).toBe(digest(bytes));
  });
});
