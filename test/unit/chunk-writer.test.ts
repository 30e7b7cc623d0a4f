import { openSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openFile, writeChunks } from '../../src/core/files/chunk-writer.js';
import { useTempDir } from '../support/temp-dir.js';

/** This process's open file descriptors (Linux). */
function openFiles(): number {
  return readdirSync('/proc/self/fd').length;
}

describe('writeChunks', () => {
  const temp = useTempDir('wfd-chunk-writer-');

  it('writes every chunk in order, tells each once written, and closes the file', async () => {
    const path = join(temp.path, 'out.bin');
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(1000 + i, i));
    const before = openFiles();
    const fd = await openFile(path, 'w');
    const told: number[] = [];
    await writeChunks(fd, Readable.from(chunks), (chunk) => {
      told.push(chunk.length);
      expect(readFileSync(path).length).toBe(told.reduce((n, length) => n + length, 0));
    });
    expect(readFileSync(path).equals(Buffer.concat(chunks))).toBe(true);
    expect(told).toEqual(chunks.map((chunk) => chunk.length));
    expect(openFiles()).toBe(before);
  });

  it('takes any async iterable, and appends with "a"', async () => {
    const path = join(temp.path, 'out.txt');
    writeFileSync(path, 'kept ');
    async function* more() {
      yield Buffer.from('and ');
      yield Buffer.from('more');
    }
    await writeChunks(await openFile(path, 'a'), more(), () => {});
    expect(readFileSync(path, 'utf8')).toBe('kept and more');
    await expect(openFile(path, 'wx')).rejects.toMatchObject({ code: 'EEXIST' });
  });

  it.each(['w', 'a'] as const)(
    '"%s" does not write through a symbolic link planted at the path',
    async (flags) => {
      const elsewhere = join(temp.path, 'elsewhere.txt');
      writeFileSync(elsewhere, 'kept');
      symlinkSync(elsewhere, join(temp.path, 'link.part'));
      await expect(openFile(join(temp.path, 'link.part'), flags)).rejects.toMatchObject({ code: 'ELOOP' });
      expect(readFileSync(elsewhere, 'utf8')).toBe('kept');
    },
  );

  it('a source that breaks midway: its error, what came before it on disk, the file closed', async () => {
    const path = join(temp.path, 'out.txt');
    const before = openFiles();
    const source = new PassThrough();
    const written = writeChunks(await openFile(path, 'w'), source, () => {});
    source.write('half');
    setImmediate(() => source.destroy(new Error('connection reset')));
    await expect(written).rejects.toThrow('connection reset');
    expect(readFileSync(path, 'utf8')).toBe('half');
    expect(openFiles()).toBe(before);
  });

  it('a write that fails destroys the source and rejects with the write error', async () => {
    const path = join(temp.path, 'out.txt');
    writeFileSync(path, '');
    const source = new PassThrough();
    // A descriptor opened for reading only: the write fails (EBADF), as a full disk would.
    const written = writeChunks(openSync(path, 'r'), source, () => {});
    source.write('data');
    await expect(written).rejects.toMatchObject({ code: 'EBADF', syscall: 'write' });
    expect(source.destroyed).toBe(true);
  });
});
