/**
 * `wfd attachments export` when the disk refuses: the file writer (src/core/files/chunk-writer.ts, the
 * seam every export write goes through) is replaced here by one that fails as a full disk or a
 * read-only file system does, so these run anywhere, without a small file system to fill.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportAttachmentsOptions, runExportAttachments } from '../../src/commands/attachments/export.js';
import { EXPORT_FIELDS } from '../../src/resources/attachments.js';
import { envelopeOf, failure, type TestContext, testContext } from '../support/context.js';
import { makeForm } from '../support/factories.js';

/** What the writer does: `openFails` fails every open; `writesLeft` files are written, then writes fail. */
const disk = vi.hoisted(() => ({
  openFails: undefined as string | undefined,
  writesLeft: Number.POSITIVE_INFINITY,
  writeFails: 'ENOSPC',
}));

function systemError(code: string, syscall: string): NodeJS.ErrnoException {
  const text: Record<string, string> = {
    ENOSPC: 'no space left on device',
    EROFS: 'read-only file system',
    EDQUOT: 'disk quota exceeded',
  };
  return Object.assign(new Error(`${code}: ${text[code]}, ${syscall}`), { code, syscall, errno: -28 });
}

vi.mock('../../src/core/files/chunk-writer.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/core/files/chunk-writer.js')>();
  const { closeSync } = await import('node:fs');
  return {
    ...real,
    openFile: async (path: string, flags: Parameters<typeof real.openFile>[1]) => {
      if (disk.openFails) throw systemError(disk.openFails, 'open');
      return real.openFile(path, flags);
    },
    writeChunks: async (fd: number, source: AsyncIterable<Uint8Array>, onChunk: (c: Uint8Array) => void) => {
      if (disk.writesLeft-- > 0) return real.writeChunks(fd, source, onChunk);
      closeSync(fd);
      (source as { destroy?: () => void }).destroy?.();
      throw systemError(disk.writeFails, 'write');
    },
  };
});

let t: TestContext;
let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'wfd-export-disk-')), 'out');
  disk.openFails = undefined;
  disk.writesLeft = Number.POSITIVE_INFINITY;
  disk.writeFails = 'ENOSPC';
});
afterEach(async () => {
  await t.close();
  rmSync(join(dir, '..'), { recursive: true, force: true });
});

const FORM = '10000000-0000-4000-8000-000000000001';
const RESPONSE = 'a0000000-0000-4000-8000-000000000001';
const IDS = [1, 2, 3, 4].map((n) => `7c1d0000-0000-4000-8000-00000000000${n}`);
const LIST = '/v1/forms?page%5Bnumber%5D=1&page%5Bsize%5D=100';

/** One form whose response lists four files; `served` of them can be downloaded (once each). */
function serve(served: number): { downloads: () => number } {
  let downloads = 0;
  t.api.intercept({ path: LIST, method: 'GET' }).reply(200, envelopeOf([makeForm({ id: FORM })], 1, 100, 1));
  t.api.intercept({ path: `/v1/forms/${FORM}`, method: 'GET' }).reply(
    200,
    makeForm({
      id: FORM,
      responses: [
        { id: RESPONSE, attachments: IDS.map((id, i) => ({ id, filename: `file-${i + 1}.txt`, size: 4 })) },
      ],
    }),
  );
  for (const id of IDS.slice(0, served)) {
    t.api.intercept({ path: `/v1/attachments/${id}`, method: 'GET' }).reply(() => {
      downloads++;
      return { statusCode: 200, data: 'data', responseOptions: { headers: { 'content-length': '4' } } };
    });
  }
  return { downloads: () => downloads };
}

function exportWith(options: Record<string, unknown> = {}) {
  return runExportAttachments(ExportAttachmentsOptions.parse({ dir, ...options }), t.ctx);
}

describe('attachments export on a disk that refuses', () => {
  it.each([
    ['EROFS', 'read-only file system'],
    ['ENOSPC', 'no space left on device'],
    ['EDQUOT', 'disk quota exceeded'],
  ])('%s on the target: exit 2 before any request, in one line', async (code, words) => {
    t = await testContext({ fields: EXPORT_FIELDS });
    disk.openFails = code;
    const error = await failure(exportWith());
    expect(error).toMatchObject({
      exitCode: 2,
      message: `cannot write to --dir "${dir}": ${words} (${code})`,
    });
    expect(t.stderr()).toBe('');
  });

  it.each(['ENOSPC', 'EDQUOT', 'EROFS'])(
    '%s midway stops the export at the first failure: no other request, a summary, one error line',
    async (code) => {
      t = await testContext({ globals: { concurrency: 1 }, fields: EXPORT_FIELDS });
      const requests = serve(2);
      // The check of the target, the first file; then the disk refuses.
      disk.writesLeft = 2;
      disk.writeFails = code;
      const error = await failure(exportWith());
      expect(error).toMatchObject({ exitCode: 1 });
      expect((error as Error).message).toMatch(
        new RegExp(`^cannot write ".*file-2\\.txt": .* \\(${code}\\); the export stopped$`),
      );
      expect(requests.downloads()).toBe(2);
      const stderr = t.stderr().split('\n');
      expect(stderr.filter((line) => line.startsWith('failed:'))).toEqual([]);
      expect(stderr).toContainEqual(
        expect.stringMatching(/^✗ exported 1 file \(4 B\) in \d+m?s; stopped with 3 not exported; manifest /),
      );
      const manifest = readFileSync(join(dir, 'manifest.ndjson'), 'utf8').trim().split('\n');
      // The file on disk, after the plan and the form read of the stopped run (--resume takes them).
      const entries = manifest.map((line) => JSON.parse(line));
      expect(entries.filter((entry) => entry.type === undefined).map((entry) => entry.id)).toEqual([IDS[0]]);
      expect(entries.map((entry) => entry.type ?? 'file')).toEqual(['plan', 'form', 'file']);
      // No empty part left behind for the file that failed.
      expect(readdirSync(join(dir, FORM, RESPONSE))).toEqual(['file-1.txt']);
    },
  );

  it('the check of the target leaves nothing behind', async () => {
    t = await testContext({ fields: EXPORT_FIELDS });
    serve(4);
    await exportWith();
    expect(readdirSync(dir).sort()).toEqual([FORM, 'manifest.ndjson']);
    expect(existsSync(join(dir, FORM, RESPONSE, 'file-4.txt'))).toBe(true);
  });
});
