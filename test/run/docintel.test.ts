/**
 * Run tests of `wfd docintel create|get|extract` against the fake API (test/support/fake-api.ts): the requests (upload,
 * create, polls), what a terminal and a pipe show, and the exit codes of a failed job (1) and of
 * a wait that times out (8). The context's waits are instant.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CreateDocintelOptions,
  verb as createVerb,
  runCreateDocintel,
} from '../../src/commands/docintel/create.js';
import { ExtractDocintelOptions, runExtractDocintel } from '../../src/commands/docintel/extract.js';
import { GetDocintelOptions, runGetDocintel } from '../../src/commands/docintel/get.js';
import { UsageError } from '../../src/core/errors.js';
import { DOCINTEL_JOB_FIELDS } from '../../src/resources/document-intelligence.js';
import { failure, type TestContext, testContext } from '../support/context.js';

let t: TestContext;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wfd-docintel-'));
});
afterEach(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const ATTACHMENT = '7c1d0000-0000-4000-8000-000000000001';
const JOB = '9a0b0000-0000-4000-8000-000000000001';
const JOB_PATH = `/v1/document-intelligence/${JOB}`;

function job(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: JOB,
    status,
    attachment_id: ATTACHMENT,
    fields: null,
    created_at: '2026-11-23T11:59:00.000Z',
    updated_at: '2026-11-23T11:59:30.000Z',
    result: null,
    error: null,
    ...extra,
  };
}
const COMPLETED = job('completed', {
  result: {
    document_type: 'invoice',
    page_count: 1,
    confidence: 0.83,
    fields: { 'Invoice number': 'INV-2026-001', Total: '12.50 EUR' },
  },
});

function document(): string {
  const path = join(dir, 'invoice.txt');
  writeFileSync(path, 'Invoice\nInvoice number: INV-2026-001\nTotal: 12.50 EUR\n');
  return path;
}

function serveUpload() {
  t.api
    .intercept({
      path: '/v1/attachments',
      method: 'POST',
      body: (body) => [...body.matchAll(/; name="([^"]*)"/g)].map((name) => name[1]).join() === 'file',
    })
    .reply(201, { data: [{ id: ATTACHMENT, filename: 'invoice.txt', size: 51 }] });
}

describe('docintel create', () => {
  it('--attachment: POST {attachment_id, fields} and print the job id', async () => {
    t = await testContext({ fields: DOCINTEL_JOB_FIELDS });
    t.api
      .intercept({
        path: '/v1/document-intelligence',
        method: 'POST',
        body: JSON.stringify({ attachment_id: ATTACHMENT, fields: ['Invoice number', 'Total'] }),
      })
      .reply(201, job('pending'));
    await runCreateDocintel(
      CreateDocintelOptions.parse({ attachment: ATTACHMENT, fields: ' Invoice number , Total ' }),
      t.ctx,
    );
    expect(t.stdout()).toBe(`${JOB}\n`);
  });

  it('--file uploads the document first, then creates the job on it; -o json prints the job', async () => {
    t = await testContext({ globals: { json: true }, fields: DOCINTEL_JOB_FIELDS });
    serveUpload();
    t.api
      .intercept({
        path: '/v1/document-intelligence',
        method: 'POST',
        body: JSON.stringify({ attachment_id: ATTACHMENT }),
      })
      .reply(201, job('pending'));
    await runCreateDocintel(CreateDocintelOptions.parse({ file: document() }), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual(job('pending'));
  });

  it.each([
    [{}, 'give the document: --file FILE or --attachment ID (one of them)'],
    [
      { file: 'a.pdf', attachment: ATTACHMENT },
      'give the document: --file FILE or --attachment ID (one of them)',
    ],
    [{ attachment: ATTACHMENT, timeout: 1000 }, '--timeout bounds a wait: add --wait'],
  ])('%j is a usage error', async (options, message) => {
    t = await testContext();
    expect(() => createVerb.parse(options)).toThrow(new UsageError(message));
  });

  it.each([
    [{ attachment: 'nope' }, 'invalid attachment id "nope": expected a UUID'],
    [{ attachment: ATTACHMENT, fields: ' , ' }, 'invalid --fields " , ": expected keys separated by commas'],
    [{ attachment: ATTACHMENT, fields: 'Total,total' }, 'invalid --fields: "total" is named twice'],
    [{ file: 'missing.pdf' }, 'cannot read "missing.pdf": no such file'],
  ])('%j exits 2 before any request', async (options, message) => {
    t = await testContext({ fields: DOCINTEL_JOB_FIELDS });
    expect(await failure(runCreateDocintel(CreateDocintelOptions.parse(options), t.ctx))).toMatchObject({
      exitCode: 2,
      message,
    });
  });
});

describe('docintel extract', () => {
  it('uploads, creates, polls until completed, and prints the job as JSON when piped', async () => {
    t = await testContext({ fields: DOCINTEL_JOB_FIELDS });
    serveUpload();
    t.api.intercept({ path: '/v1/document-intelligence', method: 'POST' }).reply(201, job('pending'));
    t.api.intercept({ path: JOB_PATH, method: 'GET' }).reply(200, job('processing'));
    t.api.intercept({ path: JOB_PATH, method: 'GET' }).reply(200, COMPLETED);
    await runExtractDocintel(ExtractDocintelOptions.parse({ file: document() }), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual(COMPLETED);
    expect(t.stderr()).toBe('');
  });

  it('on a terminal: the outcome, then each field with its value', async () => {
    t = await testContext({
      stdoutTTY: true,
      env: { NO_COLOR: '1' },
      columns: 80,
      fields: DOCINTEL_JOB_FIELDS,
    });
    serveUpload();
    t.api.intercept({ path: '/v1/document-intelligence', method: 'POST' }).reply(201, job('pending'));
    t.api.intercept({ path: JOB_PATH, method: 'GET' }).reply(200, COMPLETED);
    await runExtractDocintel(ExtractDocintelOptions.parse({ file: document() }), t.ctx);
    const out = t.stdout();
    expect(out).toMatch(/^Status {9}completed\nDocument type {2}invoice\nPages {10}1\nConfidence {5}0\.83\n/);
    expect(out).toMatch(/\nFields\nInvoice number {2}INV-2026-001\nTotal {11}12\.50 EUR\n$/);
  });

  it('a failed job prints the job, then exits 1 with its reason', async () => {
    t = await testContext({ fields: DOCINTEL_JOB_FIELDS });
    serveUpload();
    t.api.intercept({ path: '/v1/document-intelligence', method: 'POST' }).reply(201, job('pending'));
    const failed = job('failed', {
      error: { code: 'image_without_text', message: 'The image has no text layer' },
    });
    t.api.intercept({ path: JOB_PATH, method: 'GET' }).reply(200, failed);
    const error = await failure(
      runExtractDocintel(ExtractDocintelOptions.parse({ file: document() }), t.ctx),
    );
    expect(error).toMatchObject({
      exitCode: 1,
      message: `document intelligence job ${JOB} failed: image_without_text: The image has no text layer`,
    });
    expect(JSON.parse(t.stdout())).toEqual(failed);
  });

  it('a wait past --timeout exits 8 naming the job and the command to come back with', async () => {
    t = await testContext({ fields: DOCINTEL_JOB_FIELDS });
    serveUpload();
    t.api.intercept({ path: '/v1/document-intelligence', method: 'POST' }).reply(201, job('pending'));
    t.api.intercept({ path: JOB_PATH, method: 'GET' }).reply(200, job('processing')).persist();
    const error = await failure(
      runExtractDocintel(ExtractDocintelOptions.parse({ file: document(), timeout: 1 }), t.ctx),
    );
    expect(error).toMatchObject({
      exitCode: 8,
      message: `document intelligence job ${JOB} is still processing after 1ms`,
      hint: `run \`wfd docintel get ${JOB} --wait\` to wait for it again`,
    });
    expect(t.stdout()).toBe('');
  });

  it('--dry-run prints the upload and the job request, and sends nothing', async () => {
    t = await testContext({ fields: DOCINTEL_JOB_FIELDS });
    await runExtractDocintel(
      ExtractDocintelOptions.parse({ file: document(), fields: 'Total', dryRun: true }),
      t.ctx,
    );
    const out = t.stdout();
    expect(out).toContain('POST http://api.test/v1/attachments\n');
    expect(out).toContain('"filename": "invoice.txt"');
    expect(out).toContain('POST http://api.test/v1/document-intelligence\n');
    expect(out).toContain('"attachment_id": "<id of the uploaded file>"');
  });
});

describe('docintel get', () => {
  it('prints the job as it stands (exit 0 while pending); --wait waits for the outcome', async () => {
    t = await testContext({ fields: DOCINTEL_JOB_FIELDS });
    t.api.intercept({ path: JOB_PATH, method: 'GET' }).reply(200, job('pending'));
    await runGetDocintel(GetDocintelOptions.parse({ jobId: JOB }), t.ctx);
    expect(JSON.parse(t.stdout())).toEqual(job('pending'));
    await t.close();
    t = await testContext({ fields: DOCINTEL_JOB_FIELDS, globals: { output: 'plain' } });
    t.api.intercept({ path: JOB_PATH, method: 'GET' }).reply(200, job('pending'));
    t.api.intercept({ path: JOB_PATH, method: 'GET' }).reply(200, COMPLETED);
    await runGetDocintel(GetDocintelOptions.parse({ jobId: JOB, wait: true }), t.ctx);
    expect(t.stdout()).toContain('result.fields.Total\t12.50 EUR\n');
  });

  it('an unknown job exits 5', async () => {
    t = await testContext({ fields: DOCINTEL_JOB_FIELDS });
    t.api
      .intercept({ path: JOB_PATH, method: 'GET' })
      .reply(404, { statusCode: 404, error: 'Not Found', message: 'Document intelligence job not found' });
    expect(await failure(runGetDocintel(GetDocintelOptions.parse({ jobId: JOB }), t.ctx))).toMatchObject({
      exitCode: 5,
      message: `document intelligence job ${JOB} not found`,
    });
  });
});
