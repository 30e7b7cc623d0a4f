import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import {
  checkTarget,
  hashFile,
  partPathOf,
  SizeMismatchError,
  writeFileAtomic,
  writeFileResumable,
} from '../../src/core/files/files.js';
import { useTempDir } from '../support/temp-dir.js';

const temp = useTempDir('wfd-files-');

async function* chunks(parts: string[], failAfter?: number): AsyncGenerator<Uint8Array> {
  for (const [i, part] of parts.entries()) {
    if (i === failAfter) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    yield Buffer.from(part);
  }
}

describe('writeFileAtomic', () => {
  it('writes every byte, replaces the target, and leaves nothing else in the folder', async () => {
    const target = join(temp.path, 'out.pdf');
    writeFileSync(target, 'old');
    expect(await writeFileAtomic(target, chunks(['%PDF-', '1.7\n', 'x']))).toBe(10);
    expect(readFileSync(target, 'utf8')).toBe('%PDF-1.7\nx');
    expect(readdirSync(temp.path)).toEqual(['out.pdf']);
  });

  it('a source failing midway leaves the old target and no temporary file', async () => {
    const target = join(temp.path, 'out.pdf');
    writeFileSync(target, 'old');
    await expect(writeFileAtomic(target, chunks(['a', 'b', 'c'], 2))).rejects.toThrow('socket hang up');
    expect(readFileSync(target, 'utf8')).toBe('old');
    expect(readdirSync(temp.path)).toEqual(['out.pdf']);
  });

  it('Ctrl-C mid-stream removes the temporary file before the process ends', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    try {
      let stalled: () => void = () => {};
      async function* stalling(): AsyncGenerator<Uint8Array> {
        yield Buffer.from('%PDF-');
        await new Promise<void>((resolve) => {
          stalled = resolve;
        });
      }
      const target = join(temp.path, 'out.pdf');
      const writing = writeFileAtomic(target, stalling());
      writing.catch(() => {});
      while (readdirSync(temp.path).length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(readdirSync(temp.path)[0]).toMatch(/^\.out\.pdf\.[0-9a-f]{12}\.part$/);
      process.emit('SIGINT');
      await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(130));
      expect(readdirSync(temp.path)).toEqual([]);
      stalled();
      await expect(writing).rejects.toThrow();
    } finally {
      exit.mockRestore();
    }
  });
});

describe('checkTarget', () => {
  it('refuses a missing folder and a folder as the target', async () => {
    const missing = join(temp.path, 'nope', 'x.pdf');
    await expect(checkTarget(missing)).rejects.toThrow(
      `cannot write -O "${missing}": no such folder "${join(temp.path, 'nope')}"`,
    );
    await expect(checkTarget(temp.path)).rejects.toThrow(`cannot write -O "${temp.path}": it is a folder`);
    expect(await checkTarget(join(temp.path, 'x.pdf'))).toBe(join(temp.path, 'x.pdf'));
  });
});

describe('writeFileResumable', () => {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');

  it('continues a part left by an earlier attempt from its length, and hashes the whole file', async () => {
    const target = join(temp.path, 'big.bin');
    const part = partPathOf(temp.path, 'id-1');
    writeFileSync(part, 'hello ');
    const offsets: number[] = [];
    const written = await writeFileResumable(target, part, async (offset) => {
      offsets.push(offset);
      return { from: offset, chunks: chunks(['wor', 'ld']), size: 11 };
    });
    expect(offsets).toEqual([6]);
    expect(written).toEqual({ bytes: 11, sha256: sha('hello world'), resumedFrom: 6 });
    expect(readFileSync(target, 'utf8')).toBe('hello world');
    expect(readdirSync(temp.path)).toEqual(['big.bin']);
  });

  it('starts over when the source sends the whole file', async () => {
    const target = join(temp.path, 'big.bin');
    const part = partPathOf(temp.path, 'id-1');
    writeFileSync(part, 'stale bytes');
    const written = await writeFileResumable(target, part, async () => ({
      from: 0,
      chunks: chunks(['fresh']),
    }));
    expect(written).toEqual({ bytes: 5, sha256: sha('fresh'), resumedFrom: 0 });
    expect(readFileSync(target, 'utf8')).toBe('fresh');
  });

  it('a failing source keeps the part (for the next attempt) and writes nothing under the target', async () => {
    const target = join(temp.path, 'big.bin');
    const part = partPathOf(temp.path, 'id-1');
    async function* breaking(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('abc');
      // The connection breaks once the first bytes are on disk.
      while (!existsSync(part) || readFileSync(part, 'utf8') !== 'abc') await sleep(5);
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    }
    await expect(
      writeFileResumable(target, part, async () => ({ from: 0, chunks: breaking() })),
    ).rejects.toThrow('socket hang up');
    expect(readdirSync(temp.path)).toEqual(['.id-1.part']);
    expect(readFileSync(part, 'utf8')).toBe('abc');
  });

  it('a file that does not come to the announced size is refused and its part removed', async () => {
    const target = join(temp.path, 'big.bin');
    const part = partPathOf(temp.path, 'id-1');
    writeFileSync(part, 'abc');
    await expect(
      writeFileResumable(target, part, async (offset) => ({ from: offset, chunks: chunks(['d']), size: 10 })),
    ).rejects.toBeInstanceOf(SizeMismatchError);
    expect(readdirSync(temp.path)).toEqual([]);
  });

  it('hashFile reads back the same size and SHA-256', async () => {
    writeFileSync(join(temp.path, 'x'), 'hello world');
    expect(await hashFile(join(temp.path, 'x'))).toEqual({ bytes: 11, sha256: sha('hello world') });
  });
});
