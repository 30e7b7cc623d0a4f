import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSyncWriteStream } from '../../src/core/sync-write-stream.js';

/** This process's open file descriptors (Linux). */
function openFiles(): number {
  return readdirSync('/proc/self/fd').length;
}

describe('openSyncWriteStream', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'wfd-sync-write-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every chunk in order, single writes and gathered ones alike', async () => {
    const path = join(dir, 'out.bin');
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(1000 + i, i));
    const file = await openSyncWriteStream(path, 'w');
    // Corked writes reach the file as one writev.
    file.cork();
    for (const chunk of chunks.slice(0, 10)) file.write(chunk);
    file.uncork();
    await pipeline(Readable.from(chunks.slice(10)), file);
    expect(readFileSync(path).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('appends with "a", and refuses an existing file with "wx" before any write', async () => {
    const path = join(dir, 'out.txt');
    writeFileSync(path, 'kept ');
    await pipeline(Readable.from([Buffer.from('and more')]), await openSyncWriteStream(path, 'a'));
    expect(readFileSync(path, 'utf8')).toBe('kept and more');
    await expect(openSyncWriteStream(path, 'wx')).rejects.toMatchObject({ code: 'EEXIST' });
  });

  it('lets go of the file when destroyed midway, and reports the source failure', async () => {
    const path = join(dir, 'out.txt');
    const before = openFiles();
    const file = await openSyncWriteStream(path, 'w');
    expect(openFiles()).toBe(before + 1);
    async function* broken() {
      yield Buffer.from('half');
      throw new Error('connection reset');
    }
    await expect(pipeline(Readable.from(broken()), file)).rejects.toThrow('connection reset');
    expect(file.destroyed).toBe(true);
    expect(openFiles()).toBe(before);
    expect(readFileSync(path, 'utf8')).toBe('half');
  });
});
