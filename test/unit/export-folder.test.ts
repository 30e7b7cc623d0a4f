import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathInside, readExportFolder, removeTemporaryFiles } from '../../src/core/export-folder.js';
import { batchIds } from '../../src/core/id-batches.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wfd-export-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const LINE =
  '{"id":"a","form_id":"f","response_id":"r","path":"f/r/a.pdf","bytes":1,"sha256":"x","downloaded_at":"t"}\n';

describe('readExportFolder', () => {
  it('tells a new folder, an export and a folder of other files apart', async () => {
    expect((await readExportFolder(join(dir, 'missing'))).kind).toBe('new');
    expect((await readExportFolder(dir)).kind).toBe('new');
    writeFileSync(join(dir, 'manifest.ndjson'), '');
    expect((await readExportFolder(dir)).kind).toBe('new');
    writeFileSync(join(dir, 'manifest.ndjson'), LINE);
    expect((await readExportFolder(dir)).kind).toBe('export');
    rmSync(join(dir, 'manifest.ndjson'));
    writeFileSync(join(dir, '.x.0a1b2c3d4e5f.part'), '');
    expect((await readExportFolder(dir)).kind).toBe('new');
    writeFileSync(join(dir, 'notes.txt'), '');
    expect((await readExportFolder(dir)).kind).toBe('other');
  });

  it('a file at the path is a usage error', async () => {
    writeFileSync(join(dir, 'file'), '');
    await expect(readExportFolder(join(dir, 'file'))).rejects.toMatchObject({ exitCode: 2 });
  });
});

describe('removeTemporaryFiles and pathInside', () => {
  it('removes temporary files two folders deep, but those kept', async () => {
    mkdirSync(join(dir, 'f', 'r'), { recursive: true });
    for (const name of [
      'f/r/.a.part',
      'f/r/.b.part',
      'f/r/a.pdf',
      '.manifest.ndjson.12.part',
      'f/.merged.pdf.0a1b.part',
    ])
      writeFileSync(join(dir, name), '');
    expect(await removeTemporaryFiles(dir, new Set([join(dir, 'f', 'r', '.b.part')]))).toBe(3);
    expect(readdirSync(join(dir, 'f', 'r')).sort()).toEqual(['.b.part', 'a.pdf']);
    expect(readdirSync(dir)).toEqual(['f']);
  });

  it('a manifest path stays inside the folder', () => {
    expect(pathInside(dir, 'f/r/a.pdf')).toBe(join(dir, 'f', 'r', 'a.pdf'));
    expect(() => pathInside(dir, 'f/../../x')).toThrow(/is not inside/);
    expect(pathInside(dir, '/etc/passwd')).toBe(join(dir, 'etc', 'passwd'));
    expect(() => pathInside(dir, '')).toThrow(/is not inside/);
  });
});

describe('batchIds', () => {
  it('packs ids in order into as few batches as fit; one too long alone is its own batch', () => {
    const fits = (batch: readonly string[]) => batch.join(',').length <= 5;
    expect(batchIds(['a', 'b', 'c', 'd', 'e', 'f'], fits)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
    expect(batchIds(['toolong', 'a'], fits)).toEqual([['toolong'], ['a']]);
    expect(batchIds([], fits)).toEqual([]);
  });
});
