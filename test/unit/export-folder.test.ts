import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  makeFolderInside,
  pathInside,
  readExportFolder,
  removeTemporaryFiles,
} from '../../src/commands/attachments/export-folder.js';
import { useTempDir } from '../support/temp-dir.js';

const temp = useTempDir('wfd-export-');

const LINE =
  '{"id":"a","form_id":"f","response_id":"r","path":"f/r/a.pdf","bytes":1,"sha256":"x","downloaded_at":"t"}\n';

describe('readExportFolder', () => {
  it('tells a new folder, an export and a folder of other files apart', async () => {
    expect((await readExportFolder(join(temp.path, 'missing'))).kind).toBe('new');
    expect((await readExportFolder(temp.path)).kind).toBe('new');
    writeFileSync(join(temp.path, 'manifest.ndjson'), '');
    expect((await readExportFolder(temp.path)).kind).toBe('new');
    writeFileSync(join(temp.path, 'manifest.ndjson'), LINE);
    expect((await readExportFolder(temp.path)).kind).toBe('export');
    rmSync(join(temp.path, 'manifest.ndjson'));
    writeFileSync(join(temp.path, '.x.0a1b2c3d4e5f.part'), '');
    expect((await readExportFolder(temp.path)).kind).toBe('new');
    writeFileSync(join(temp.path, 'notes.txt'), '');
    expect((await readExportFolder(temp.path)).kind).toBe('other');
  });

  it('a file at the path is a usage error', async () => {
    writeFileSync(join(temp.path, 'file'), '');
    await expect(readExportFolder(join(temp.path, 'file'))).rejects.toMatchObject({ exitCode: 2 });
  });
});

describe('makeFolderInside', () => {
  it('makes each level, and refuses a link planted on the way without making anything through it', async () => {
    const dir = join(temp.path, 'export');
    mkdirSync(dir);
    await makeFolderInside(dir, join(dir, 'form', 'response'));
    expect(statSync(join(dir, 'form', 'response')).isDirectory()).toBe(true);
    const outside = join(temp.path, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, join(dir, 'planted'));
    await expect(makeFolderInside(dir, join(dir, 'planted', 'response'))).rejects.toMatchObject({
      exitCode: 1,
      message: `"planted" in --dir "${dir}" is not a folder of its own (a symbolic link?): the export does not write through it`,
    });
    expect(readdirSync(outside)).toEqual([]);
  });
});

describe('removeTemporaryFiles and pathInside', () => {
  it('removes temporary files two folders deep, but those kept', async () => {
    mkdirSync(join(temp.path, 'f', 'r'), { recursive: true });
    for (const name of [
      'f/r/.a.part',
      'f/r/.b.part',
      'f/r/a.pdf',
      '.manifest.ndjson.12.part',
      'f/.merged.pdf.0a1b.part',
    ])
      writeFileSync(join(temp.path, name), '');
    expect(await removeTemporaryFiles(temp.path, new Set([join(temp.path, 'f', 'r', '.b.part')]))).toBe(3);
    expect(readdirSync(join(temp.path, 'f', 'r')).sort()).toEqual(['.b.part', 'a.pdf']);
    expect(readdirSync(temp.path)).toEqual(['f']);
  });

  it('a manifest path stays inside the folder', () => {
    expect(pathInside(temp.path, 'f/r/a.pdf')).toBe(join(temp.path, 'f', 'r', 'a.pdf'));
    expect(() => pathInside(temp.path, 'f/../../x')).toThrow(/is not inside/);
    expect(pathInside(temp.path, '/etc/passwd')).toBe(join(temp.path, 'etc', 'passwd'));
    expect(() => pathInside(temp.path, '')).toThrow(/is not inside/);
  });
});
