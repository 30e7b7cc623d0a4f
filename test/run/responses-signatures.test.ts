/** Run tests of `wfd responses get` and `wfd signatures get|download` against the fake API (test/support/fake-api.ts). */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GetResponseOptions, runGetResponse } from '../../src/commands/responses/get.js';
import { DownloadSignatureOptions, runDownloadSignature } from '../../src/commands/signatures/download.js';
import { GetSignatureOptions, runGetSignature } from '../../src/commands/signatures/get.js';
import { UsageError } from '../../src/core/errors.js';
import { RESPONSE_FIELDS, SIGNATURE_FIELDS } from '../../src/resources/responses.js';
import { type TestContext, testContext } from '../support/context.js';
import { makeResponse } from '../support/factories.js';

let t: TestContext;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wfd-sig-'));
});
afterEach(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const ID = '3d5e7f90-0000-4000-8000-000000000001';
const PDF = Buffer.from('%PDF-1.7\n\u00e2\u00e3 binary \u0000\u00ff\n%%EOF\n', 'latin1');
const PDF_HEADERS = { headers: { 'content-type': 'application/pdf' } };
const JSON_HEADERS = { headers: { 'content-type': 'application/json; charset=utf-8' } };
const METADATA = {
  id: ID,
  signer: { name: 'Ana Silva', email: 'ana@example.org' },
  signed_at: '2026-11-20T10:00:00.000Z',
};

describe('responses get', () => {
  it('on a terminal: dates, the answers by label, then attachments and signatures with their ids', async () => {
    t = await testContext({ stdoutTTY: true, env: { NO_COLOR: '1' }, columns: 100, fields: RESPONSE_FIELDS });
    const response = makeResponse({ id: ID });
    t.api.intercept({ path: `/v1/responses/${ID}`, method: 'GET' }).reply(200, response);
    await runGetResponse(GetResponseOptions.parse({ id: ID }), t.ctx);
    const attachment = (response.attachments as { id: string }[])[0]!;
    const signature = (response.signatures as { id: string }[])[0]!;
    expect(t.stdout()).toContain(
      `\nAttachments\nID                                    FILENAME  TYPE             SIZE\n${attachment.id}  id.pdf    application/pdf  1.0 KiB\n`,
    );
    expect(t.stdout()).toContain(
      `\nSignatures\nID                                    SIGNER       EMAIL                    SIGNED\n${signature.id}  José Müller  jose.muller@example.org  12d ago\n`,
    );
    expect(t.stdout()).toMatch(
      /\n\nAnswers\nFull name {3}José Müller\nBirth date {2}1990-04-01\n\nAttachments\n/,
    );
    expect(t.stdout()).toMatch(/\nSignatures\n.*\n.*\n$/);
  });

  it('a malformed id exits 2 before any request', async () => {
    t = await testContext({ fields: RESPONSE_FIELDS });
    await expect(runGetResponse(GetResponseOptions.parse({ id: 'r-1' }), t.ctx)).rejects.toThrow(
      new UsageError('invalid response id "r-1": expected a UUID', {
        hint: 'run `wfd forms get <form-id>` to see the ids of its responses',
      }),
    );
  });
});

describe('signatures get', () => {
  it('prints the metadata as key/value lines when piped', async () => {
    t = await testContext({ fields: SIGNATURE_FIELDS });
    t.api.intercept({ path: `/v1/signatures/${ID}`, method: 'GET' }).reply(200, METADATA);
    await runGetSignature(GetSignatureOptions.parse({ id: ID }), t.ctx);
    expect(t.stdout()).toBe(
      `id\t${ID}\nsigner.name\tAna Silva\nsigner.email\tana@example.org\nsigned_at\t2026-11-20T10:00:00.000Z\n`,
    );
  });
});

describe('signatures download', () => {
  it('asks for the PDF with Accept: application/pdf and writes exactly its bytes, nothing else', async () => {
    t = await testContext();
    t.api
      .intercept({ path: `/v1/signatures/${ID}`, method: 'GET', headers: { accept: 'application/pdf' } })
      .reply(200, PDF, PDF_HEADERS);
    const target = join(dir, 'signed.pdf');
    await runDownloadSignature(DownloadSignatureOptions.parse({ id: ID, outputFile: target }), t.ctx);
    expect(readFileSync(target).equals(PDF)).toBe(true);
    expect(readdirSync(dir)).toEqual(['signed.pdf']);
    expect(t.stdout()).toBe('');
  });

  it('falls back to ?download=true when JSON came back', async () => {
    t = await testContext();
    t.api.intercept({ path: `/v1/signatures/${ID}`, method: 'GET' }).reply(200, METADATA, JSON_HEADERS);
    t.api
      .intercept({
        path: `/v1/signatures/${ID}?download=true`,
        method: 'GET',
        headers: { accept: 'application/pdf' },
      })
      .reply(200, PDF, PDF_HEADERS);
    const target = join(dir, 'signed.pdf');
    await runDownloadSignature(DownloadSignatureOptions.parse({ id: ID, outputFile: target }), t.ctx);
    expect(readFileSync(target).equals(PDF)).toBe(true);
  });

  it('JSON both ways is an error and leaves no file', async () => {
    t = await testContext();
    t.api.intercept({ path: `/v1/signatures/${ID}`, method: 'GET' }).reply(200, METADATA, JSON_HEADERS);
    t.api
      .intercept({ path: `/v1/signatures/${ID}?download=true`, method: 'GET' })
      .reply(200, METADATA, JSON_HEADERS);
    const error = await runDownloadSignature(
      DownloadSignatureOptions.parse({ id: ID, outputFile: join(dir, 'signed.pdf') }),
      t.ctx,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ exitCode: 1, message: expect.stringMatching(/metadata, not its file/) });
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    [404, 5, `signature ${ID} not found`],
    [403, 4, 'No access to this resource (HTTP 403)'],
  ])('%i exits %i and leaves nothing behind', async (status, exitCode, message) => {
    t = await testContext();
    const error = status === 404 ? 'Not Found' : 'Forbidden';
    t.api.intercept({ path: `/v1/signatures/${ID}`, method: 'GET' }).reply(status, {
      statusCode: status,
      error,
      message: status === 404 ? 'Signature not found' : 'No access to this resource',
    });
    const caught = await runDownloadSignature(
      DownloadSignatureOptions.parse({ id: ID, outputFile: join(dir, 'signed.pdf') }),
      t.ctx,
    ).catch((e: unknown) => e);
    expect(caught).toMatchObject({ exitCode, message });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('-O - refuses a terminal before any request', async () => {
    t = await testContext({ stdoutTTY: true });
    const error = await runDownloadSignature(
      DownloadSignatureOptions.parse({ id: ID, outputFile: '-' }),
      t.ctx,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toMatchObject({ message: 'refusing to write a PDF to a terminal' });
  });

  it('-O - streams the bytes to stdout when it is not a terminal', async () => {
    t = await testContext();
    t.api
      .intercept({ path: `/v1/signatures/${ID}`, method: 'GET' })
      .reply(200, Buffer.from('%PDF-1.7 ok'), PDF_HEADERS);
    await runDownloadSignature(DownloadSignatureOptions.parse({ id: ID, outputFile: '-' }), t.ctx);
    expect(t.stdout()).toBe('%PDF-1.7 ok');
  });
});
