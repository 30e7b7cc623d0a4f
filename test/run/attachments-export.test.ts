/**
 * Run tests of `wfd attachments export` against the fake API (test/support/fake-api.ts): the requests it makes (the
 * fewest: a list page, a read per form, a download per file not yet exported), the tree and the
 * manifest it leaves, a resumed partial download (Range), and what it prints.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExportAttachmentsOptions, runExportAttachments } from '../../src/commands/attachments/export.js';
import type { WfdError } from '../../src/core/errors.js';
import { EXPORT_FIELDS } from '../../src/resources/attachments.js';
import { envelopeOf, failure, type TestContext, testContext } from '../support/context.js';
import { makeForm } from '../support/factories.js';

let t: TestContext;
let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'wfd-export-')), 'out');
});
afterEach(async () => {
  await t.close();
  rmSync(join(dir, '..'), { recursive: true, force: true });
});

const F1 = '10000000-0000-4000-8000-000000000001';
const F2 = '20000000-0000-4000-8000-000000000002';
const R1 = 'a0000000-0000-4000-8000-000000000001';
const R2 = 'a0000000-0000-4000-8000-000000000002';
const A = '7c1d0000-0000-4000-8000-00000000000a';
const B = '7c1d0000-0000-4000-8000-00000000000b';
const C = '7c1d0000-0000-4000-8000-00000000000c';
const NOW = '2026-11-23T12:00:00.000Z';
const LIST = '/v1/forms?page%5Bnumber%5D=1&page%5Bsize%5D=100';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** F1 has one response with two files named alike; F2 has `f2Responses` (none by default). */
function serveForms(listPath = LIST, f2Responses: unknown[] = []) {
  t.api
    .intercept({ path: listPath, method: 'GET' })
    .reply(200, envelopeOf([makeForm({ id: F1 }), makeForm({ id: F2 })], 1, 100, 2));
  t.api.intercept({ path: `/v1/forms/${F1}`, method: 'GET' }).reply(
    200,
    makeForm({
      id: F1,
      responses: [
        {
          id: R1,
          attachments: [
            { id: A, filename: 'scan.pdf', content_type: 'application/pdf', size: 3 },
            { id: B, filename: 'scan.pdf', content_type: 'application/pdf', size: 3 },
          ],
        },
      ],
    }),
  );
  t.api
    .intercept({ path: `/v1/forms/${F2}`, method: 'GET' })
    .reply(200, makeForm({ id: F2, responses: f2Responses }));
}

/** DIR as a complete earlier export of F1's two files left it, its run begun at `startedAt`. */
function exportedBefore(startedAt = '2026-11-22T00:00:00.000Z') {
  mkdirSync(join(dir, F1, R1), { recursive: true });
  writeFileSync(join(dir, F1, R1, 'scan.pdf'), 'one');
  writeFileSync(join(dir, F1, R1, 'scan (1).pdf'), 'two');
  const lines = [
    entry(A, 'scan.pdf', 'one'),
    entry(B, 'scan (1).pdf', 'two'),
    { ...run(2, 2, 6), started_at: startedAt },
  ];
  writeFileSync(join(dir, 'manifest.ndjson'), lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
}

function serveFile(id: string, body: string) {
  t.api
    .intercept({ path: `/v1/attachments/${id}`, method: 'GET', headers: { accept: '*/*' } })
    .reply(200, body, {
      headers: { 'content-type': 'application/pdf', 'content-length': String(body.length) },
    });
}

const entry = (id: string, name: string, body: string) => ({
  id,
  form_id: F1,
  response_id: R1,
  path: `${F1}/${R1}/${name}`,
  bytes: body.length,
  sha256: sha(body),
  downloaded_at: NOW,
});
const run = (forms: number, files: number, bytes: number, query = '') => ({
  type: 'run',
  started_at: NOW,
  completed_at: NOW,
  query,
  forms,
  files,
  bytes,
});

/** Every line of the manifest. */
function manifestLines(): Record<string, unknown>[] {
  return readFileSync(join(dir, 'manifest.ndjson'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/**
 * The manifest's lines but the plan and form reads of a run not complete; the file lines between
 * two run lines sorted by id, since downloads run side by side and each is written when it completes.
 */
function manifest(): unknown[] {
  const lines = manifestLines().filter((line) => line.type !== 'plan' && line.type !== 'form');
  const sorted: Record<string, unknown>[] = [];
  let files: Record<string, unknown>[] = [];
  for (const line of lines) {
    if (typeof line.id === 'string') {
      files.push(line);
      continue;
    }
    sorted.push(...files.sort((a, b) => String(a.id).localeCompare(String(b.id))), line);
    files = [];
  }
  return [...sorted, ...files.sort((a, b) => String(a.id).localeCompare(String(b.id)))];
}

function exportWith(options: Record<string, unknown> = {}) {
  return runExportAttachments(ExportAttachmentsOptions.parse({ dir, ...options }), t.ctx);
}

describe('attachments export', () => {
  it('a fresh export: a list page, a read per form, a download per file; the tree, the manifest, a row per file', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    serveForms();
    serveFile(A, 'one');
    serveFile(B, 'two');
    await exportWith();
    expect(readdirSync(dir).sort()).toEqual([F1, 'manifest.ndjson']);
    expect(readdirSync(join(dir, F1, R1)).sort()).toEqual(['scan (1).pdf', 'scan.pdf']);
    expect(readFileSync(join(dir, F1, R1, 'scan (1).pdf'), 'utf8')).toBe('two');
    expect(manifest()).toEqual([entry(A, 'scan.pdf', 'one'), entry(B, 'scan (1).pdf', 'two'), run(2, 2, 6)]);
    expect(t.stdout()).toBe(
      `${A}\t${F1}/${R1}/scan.pdf\t3\t${sha('one')}\n${B}\t${F1}/${R1}/scan (1).pdf\t3\t${sha('two')}\n`,
    );
    const stderr = t.stderr().split('\n');
    expect(stderr.slice(0, 3)).toEqual([
      'wfd: 2 forms match: reading them takes 3 requests (1 list page, 2 form reads)',
      'wfd: 2 attachments in 2 forms: 2 to download (6 B), 0 already exported',
      'wfd: 5 requests in all, the fewest the API allows: 1 list page, 2 form reads, 2 downloads',
    ]);
    expect(stderr[3]).toMatch(/^✓ exported 2 files \(6 B\) in \d+m?s; manifest .*manifest\.ndjson$/);
  });

  it('under umask 000: files and the manifest 0644, folders 0755, not writable by others', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    serveForms();
    serveFile(A, 'one');
    serveFile(B, 'two');
    t.api
      .intercept({ path: `/v1/attachments?ids=${A}%2C${B}`, method: 'GET' })
      .reply(200, '%PDF-merged', { headers: { 'content-type': 'application/pdf' } });
    const previous = process.umask(0);
    try {
      await exportWith({ merge: true });
    } finally {
      process.umask(previous);
    }
    const mode = (...path: string[]) => (statSync(join(dir, ...path)).mode & 0o777).toString(8);
    expect([mode(), mode(F1), mode(F1, R1)]).toEqual(['755', '755', '755']);
    expect([mode('manifest.ndjson'), mode(F1, R1, 'scan.pdf'), mode(F1, 'merged.pdf')]).toEqual([
      '644',
      '644',
      '644',
    ]);
  });

  it('--resume keeps what the manifest and the disk agree on, continues a partial file with Range, removes leftovers', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    const folder = join(dir, F1, R1);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'scan.pdf'), 'one');
    writeFileSync(join(folder, `.${B}.part`), 'tw');
    writeFileSync(join(folder, '.scan.pdf.0a1b2c3d4e5f.part'), 'junk');
    writeFileSync(
      join(dir, 'manifest.ndjson'),
      `${JSON.stringify(entry(A, 'scan.pdf', 'one'))}\n{"id":"torn`,
    );
    serveForms();
    t.api
      .intercept({ path: `/v1/attachments/${B}`, method: 'GET', headers: { range: 'bytes=2-' } })
      .reply(206, 'o', { headers: { 'content-range': 'bytes 2-2/3', 'content-length': '1' } });
    await exportWith({ resume: true });
    expect(readdirSync(folder).sort()).toEqual(['scan (1).pdf', 'scan.pdf']);
    expect(readFileSync(join(folder, 'scan (1).pdf'), 'utf8')).toBe('two');
    expect(manifest()).toEqual([entry(A, 'scan.pdf', 'one'), entry(B, 'scan (1).pdf', 'two'), run(2, 1, 3)]);
    expect(t.stderr()).toContain('wfd: 2 attachments in 2 forms: 1 to download (3 B), 1 already exported\n');
  });

  it('--resume starts a partial file over when the server sends it whole (no 206)', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    const folder = join(dir, F1, R1);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'scan.pdf'), 'one');
    writeFileSync(join(folder, `.${B}.part`), 'tw');
    writeFileSync(join(dir, 'manifest.ndjson'), `${JSON.stringify(entry(A, 'scan.pdf', 'one'))}\n`);
    serveForms();
    t.api
      .intercept({ path: `/v1/attachments/${B}`, method: 'GET', headers: { range: 'bytes=2-' } })
      .reply(200, 'two', { headers: { 'content-length': '3' } });
    await exportWith({ resume: true });
    expect(readFileSync(join(folder, 'scan (1).pdf'), 'utf8')).toBe('two');
    expect(manifest()).toEqual([entry(A, 'scan.pdf', 'one'), entry(B, 'scan (1).pdf', 'two'), run(2, 1, 3)]);
  });

  it('--resume fetches again a file whose bytes no longer match the manifest, and keeps one line per file', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    mkdirSync(join(dir, F1, R1), { recursive: true });
    writeFileSync(join(dir, F1, R1, 'scan.pdf'), 'ONE');
    writeFileSync(
      join(dir, 'manifest.ndjson'),
      [entry(A, 'scan.pdf', 'one'), entry(B, 'scan (1).pdf', 'two')]
        .map((e) => `${JSON.stringify(e)}\n`)
        .join(''),
    );
    writeFileSync(join(dir, F1, R1, 'scan (1).pdf'), 'two');
    serveForms();
    serveFile(A, 'one');
    await exportWith({ resume: true });
    expect(readFileSync(join(dir, F1, R1, 'scan.pdf'), 'utf8')).toBe('one');
    expect(manifest()).toEqual([entry(A, 'scan.pdf', 'one'), entry(B, 'scan (1).pdf', 'two'), run(2, 1, 3)]);
  });

  it('a folder holding an export needs --resume or --incremental; one holding other files is refused', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    mkdirSync(dir);
    writeFileSync(join(dir, 'manifest.ndjson'), `${JSON.stringify(entry(A, 'scan.pdf', 'one'))}\n`);
    expect(await failure(exportWith())).toMatchObject({
      exitCode: 2,
      message: `--dir "${dir}" already holds an export (manifest.ndjson)`,
    });
    rmSync(join(dir, 'manifest.ndjson'));
    writeFileSync(join(dir, 'notes.txt'), '');
    expect(await failure(exportWith({ resume: true }))).toMatchObject({
      exitCode: 2,
      message: `--dir "${dir}" is not empty and holds no export (manifest.ndjson)`,
    });
  });

  it('--incremental reads every form: a file added to an old form, whose updated_at did not change, is exported', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    exportedBefore();
    // No updated_at filter: the API need not change a form's updated_at when a response is added.
    serveForms(LIST, [{ id: R2, attachments: [{ id: C, filename: 'id.pdf', size: 5 }] }]);
    serveFile(C, 'three');
    await exportWith({ incremental: true });
    expect(readFileSync(join(dir, F2, R2, 'id.pdf'), 'utf8')).toBe('three');
    // The run complete, its plan and form reads are dropped: one line per file, then the runs.
    expect(manifestLines().map((line) => line.type ?? line.id)).toEqual([A, B, C, 'run', 'run']);
    expect(manifest()).toContainEqual({
      ...entry(C, 'id.pdf', 'three'),
      form_id: F2,
      response_id: R2,
      path: `${F2}/${R2}/id.pdf`,
    });
    expect(manifest().at(-1)).toEqual(run(2, 1, 5));
    expect(t.stderr()).toContain(
      'wfd: --incremental reads every matching form: the API lists responses only in a form, and adding one need not change its updated_at\n',
    );
    expect(t.stderr()).toContain('wfd: 3 attachments in 2 forms: 1 to download (5 B), 2 already exported\n');
  });

  it('--resume after a run stopped while reading: the forms it recorded are not read again', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    mkdirSync(dir);
    const f1 = {
      type: 'form',
      id: F1,
      responses: [
        {
          id: R1,
          attachments: [
            { id: A, filename: 'scan.pdf', size: 3 },
            { id: B, filename: 'scan.pdf', size: 3 },
          ],
        },
      ],
    };
    const plan = { type: 'plan', started_at: '2026-11-22T00:00:00.000Z', query: '' };
    writeFileSync(join(dir, 'manifest.ndjson'), `${JSON.stringify(plan)}\n${JSON.stringify(f1)}\n`);
    // Without --resume, the folder is an export begun: refused, as one stopped among its downloads.
    expect(await failure(exportWith())).toMatchObject({
      message: `--dir "${dir}" already holds an export (manifest.ndjson)`,
    });
    // The list page and F2's read only: no interceptor answers a read of F1.
    t.api
      .intercept({ path: LIST, method: 'GET' })
      .reply(200, envelopeOf([makeForm({ id: F1 }), makeForm({ id: F2 })], 1, 100, 2));
    t.api
      .intercept({ path: `/v1/forms/${F2}`, method: 'GET' })
      .reply(200, makeForm({ id: F2, responses: [] }));
    serveFile(A, 'one');
    serveFile(B, 'two');
    await exportWith({ resume: true });
    expect(manifest()).toEqual([entry(A, 'scan.pdf', 'one'), entry(B, 'scan (1).pdf', 'two'), run(2, 2, 6)]);
    expect(manifestLines().some((line) => line.type === 'plan' || line.type === 'form')).toBe(false);
    expect(t.stderr()).toContain(
      'wfd: 1 form read by the interrupted run (in its manifest), not read again; 1 form read left\n',
    );
    expect(t.stderr()).toContain(
      'wfd: 4 requests in all, the fewest the API allows: 1 list page, 1 form read, 2 downloads',
    );
  });

  it('the run line counts what this run did: nothing left to fetch is "files":0 and "bytes":0', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    exportedBefore();
    serveForms();
    await exportWith({ resume: true });
    expect(manifest().at(-1)).toEqual(run(2, 0, 0));
    expect(t.stderr()).toMatch(/^✓ exported 0 files \(0 B\) in \d+m?s; 2 already there; manifest /m);
  });

  it("the summary's duration is the whole run's, from the first request", async () => {
    let now = Date.parse(NOW);
    t = await testContext({ fields: EXPORT_FIELDS });
    const ctx = { ...t.ctx, now: () => new Date(now) };
    t.api.intercept({ path: LIST, method: 'GET' }).reply(200, envelopeOf([makeForm({ id: F2 })], 1, 100, 1));
    t.api.intercept({ path: `/v1/forms/${F2}`, method: 'GET' }).reply(() => {
      // Reading the forms takes 3 s; there is nothing to download.
      now += 3000;
      return { statusCode: 200, data: makeForm({ id: F2, responses: [] }) };
    });
    await runExportAttachments(ExportAttachmentsOptions.parse({ dir }), ctx);
    expect(t.stderr()).toMatch(/^✓ exported 0 files \(0 B\) in 3s; manifest /m);
  });

  it.each([
    ['a form folder', F1, 'folder'],
    ['a response folder', `${F1}/${R1}`, 'folder'],
    ['a file', `${F1}/${R1}/scan.pdf`, 'file'],
    ['the manifest', 'manifest.ndjson', 'file'],
  ])(
    'a symbolic link under DIR (%s) is refused before any request, naming it',
    async (_what, planted, kind) => {
      t = await testContext({ fields: EXPORT_FIELDS });
      exportedBefore();
      const outside = join(dir, '..', 'outside');
      mkdirSync(outside);
      const path = join(dir, ...planted.split('/'));
      if (kind === 'file') writeFileSync(join(outside, 'target'), readFileSync(path));
      rmSync(path, { recursive: true });
      symlinkSync(kind === 'file' ? join(outside, 'target') : outside, path);
      const error = await failure(exportWith({ resume: true }));
      expect(error).toMatchObject({
        exitCode: 2,
        message: `--dir "${dir}" holds a symbolic link, "${planted}": an export writes only to folders and files of its own`,
      });
      expect(readdirSync(outside)).toEqual(kind === 'file' ? ['target'] : []);
    },
  );

  it('a failed download: exit with its code, the list of what failed, a manifest of what was exported, no run line', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    serveForms();
    t.api
      .intercept({ path: `/v1/attachments/${A}`, method: 'GET' })
      .reply(404, { statusCode: 404, error: 'Not Found', message: 'Attachment not found' });
    serveFile(B, 'two');
    const error = await failure(exportWith());
    expect(error).toMatchObject({
      exitCode: 5,
      message: "1 of the export's items failed (listed above); the manifest lists every file exported",
    });
    expect(manifest()).toEqual([entry(B, 'scan (1).pdf', 'two')]);
    // The run is not complete: its plan and form reads stay for --resume.
    expect(manifestLines().filter((line) => line.type === 'plan' || line.type === 'form')).toEqual([
      { type: 'plan', started_at: NOW, query: '' },
      {
        type: 'form',
        id: F1,
        responses: [
          {
            id: R1,
            attachments: [
              { id: A, filename: 'scan.pdf', size: 3 },
              { id: B, filename: 'scan.pdf', size: 3 },
            ],
          },
        ],
      },
      { type: 'form', id: F2, responses: [] },
    ]);
    expect(t.stderr()).toContain(`failed: ${F1}/${R1}/scan.pdf (${A}): attachment ${A} not found\n`);
    expect(t.stdout()).toBe(`${B}\t${F1}/${R1}/scan (1).pdf\t3\t${sha('two')}\n`);
    expect(readdirSync(join(dir, F1, R1))).toEqual(['scan (1).pdf']);
  });

  it('a rate-budget hold longer than WFD_MAX_WAIT stops the run: exit 7, nothing more sent, how to go on', async () => {
    // Three requests per ten minutes: the list and the two reads; the downloads would wait 10m.
    t = await testContext({ fields: EXPORT_FIELDS, env: { WFD_RATE_LIMIT: '3/10m', WFD_MAX_WAIT: '1m' } });
    serveForms();
    const error = (await failure(exportWith())) as WfdError;
    expect(error.exitCode).toBe(7);
    expect(error.message).toMatch(
      /^the budget of 3 requests per 10m for this token is spent; the next request can go at \d\d:\d\d:\d\d UTC \(in 10m\), longer than the 1m wfd waits at most \(WFD_MAX_WAIT\); the export stopped$/,
    );
    expect(error.hint).toMatch(
      /^run the same command with --resume after \d\d:\d\d:\d\d UTC, or set WFD_MAX_WAIT=10m to wait for it$/,
    );
    expect(t.stderr()).not.toContain('failed:');
    expect(t.stderr()).toMatch(
      /✗ exported 0 files \(0 B\) in \d+m?s; stopped with 2 not exported; manifest /,
    );
  });

  it('a 302 for a file is a failure naming its Location, and the manifest does not list the page', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    serveForms();
    t.api
      .intercept({ path: `/v1/attachments/${A}`, method: 'GET' })
      .reply(302, '<html>Moved</html>', { headers: { location: 'https://cdn.example.test/a' } });
    serveFile(B, 'two');
    const error = await failure(exportWith());
    expect(error).toMatchObject({ exitCode: 1 });
    expect(t.stderr()).toContain(
      `failed: ${F1}/${R1}/scan.pdf (${A}): the API answered 302 Found instead of the file, redirecting to "https://cdn.example.test/a"\n`,
    );
    expect(manifest()).toEqual([entry(B, 'scan (1).pdf', 'two')]);
    expect(readdirSync(join(dir, F1, R1))).toEqual(['scan (1).pdf']);
  });

  it('--merge saves one merged PDF per form with files, recorded in the manifest', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    serveForms();
    serveFile(A, 'one');
    serveFile(B, 'two');
    t.api
      .intercept({
        path: `/v1/attachments?ids=${A}%2C${B}`,
        method: 'GET',
        headers: { accept: 'application/pdf' },
      })
      .reply(200, '%PDF-merged', { headers: { 'content-type': 'application/pdf' } });
    await exportWith({ merge: true });
    expect(readFileSync(join(dir, F1, 'merged.pdf'), 'utf8')).toBe('%PDF-merged');
    expect(existsSync(join(dir, F2))).toBe(false);
    expect(manifest()).toContainEqual({
      type: 'merged',
      form_id: F1,
      ids: [A, B],
      path: `${F1}/merged.pdf`,
      bytes: 11,
      sha256: sha('%PDF-merged'),
      downloaded_at: NOW,
    });
    expect(t.stderr()).toContain('1 list page, 2 form reads, 2 downloads, 1 merge\n');
  });

  it('on a terminal: no row per file on stdout (the progress line is on stderr)', async () => {
    t = await testContext({ stdoutTTY: true, fields: EXPORT_FIELDS });
    serveForms();
    serveFile(A, 'one');
    serveFile(B, 'two');
    await exportWith();
    expect(t.stdout()).toBe('');
  });

  it('--since 2d reads the forms updated in the last two days (from the clock, in UTC)', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    const filter = JSON.stringify({ attributes: { updated_at: { $ge: '2026-11-21T12:00:00.000Z' } } });
    serveForms(`/v1/forms?filter=${encodeURIComponent(filter)}&page%5Bnumber%5D=1&page%5Bsize%5D=100`);
    serveFile(A, 'one');
    serveFile(B, 'two');
    await exportWith({ since: '2d' });
    expect(readdirSync(dir)).toContain('manifest.ndjson');
  });

  it.each([
    [
      { since: 'tomorrow' },
      'invalid --since "tomorrow": expected a date such as 2026-01-31, 2026-01-31T09:30:00Z, yesterday or 7d',
    ],
    [{ email: 'x' }, 'invalid --email "x": expected an e-mail address'],
  ])('%j exits 2 before any request', async (options, message) => {
    t = await testContext({ fields: EXPORT_FIELDS });
    expect(await failure(exportWith(options))).toMatchObject({ exitCode: 2, message });
    expect(existsSync(dir)).toBe(false);
  });
});
