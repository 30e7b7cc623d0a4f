/**
 * The rules of every file wfd keeps between runs (src/core/files/state-file.ts), on real files: no
 * link followed but a folder link of the user's own, the folder checked before each read and
 * write, nothing left behind on error.
 */
import {
  chmodSync,
  chownSync,
  lchownSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkStateFolder,
  makeStateFolder,
  openStateFile,
  readStateFile,
  UnsafeStateError,
  writeStateFile,
} from '../../src/core/files/state-file.js';
import { canMountSmallDisk, mountSmallDisk, type SmallDisk } from '../support/small-disk.js';
import { useTempDir } from '../support/temp-dir.js';

const temp = useTempDir('wfd-state-');
const isRoot = process.getuid?.() === 0;

/** A folder of the user's own (0700) with a file `victim` outside it that links may point to. */
function setUp(): { dir: string; victim: string } {
  const dir = join(temp.path, 'state');
  mkdirSync(dir, { mode: 0o700 });
  const victim = join(temp.path, 'victim');
  writeFileSync(victim, 'precious\n', { mode: 0o600 });
  return { dir, victim };
}

describe('the folder', () => {
  it('is used when it is the user’s own and private; missing, it is made 0700', () => {
    const { dir } = setUp();
    expect(checkStateFolder(dir)).toBe(true);
    const made = join(temp.path, 'new', 'state');
    expect(checkStateFolder(made)).toBe(false);
    makeStateFolder(made);
    expect(checkStateFolder(made)).toBe(true);
  });

  it('is refused when group or others may write to it, sticky or not, with the fix', () => {
    const { dir } = setUp();
    for (const mode of [0o770, 0o707, 0o1777]) {
      chmodSync(dir, mode);
      expect(() => checkStateFolder(dir)).toThrow(
        expect.objectContaining({
          message: `wfd does not use ${dir}: it may be written by other users`,
          hint: `chmod 700 ${dir}`,
        }),
      );
    }
    // Readable by others is fine: the files themselves are 0600.
    chmodSync(dir, 0o755);
    expect(checkStateFolder(dir)).toBe(true);
  });

  it('a link of the user’s own to a private folder is used (a dotfile manager’s); to a loose folder it is refused, naming both', () => {
    const { dir } = setUp();
    const link = join(temp.path, 'link');
    symlinkSync(dir, link);
    expect(checkStateFolder(link)).toBe(true);
    makeStateFolder(join(link, 'inside'));
    expect(readdirSync(dir)).toEqual(['inside']);
    chmodSync(dir, 0o777);
    expect(() => checkStateFolder(link)).toThrow(
      expect.objectContaining({
        message: `wfd does not use ${link} (a link to ${dir}): it may be written by other users`,
        hint: `chmod 700 ${dir}`,
      }),
    );
  });

  it.skipIf(!isRoot)('a link of another user’s is refused, whatever it points to', () => {
    const { dir } = setUp();
    const link = join(temp.path, 'link');
    symlinkSync(dir, link);
    lchownSync(link, 65534, 65534);
    expect(() => checkStateFolder(link)).toThrow(
      `wfd does not use ${link}: it is a symbolic link of another user (uid 65534)`,
    );
  });

  it('nothing is made inside a folder others may write to, nor through a link to one', () => {
    const loose = join(temp.path, 'loose');
    mkdirSync(loose, { mode: 0o777 });
    chmodSync(loose, 0o777);
    expect(() => makeStateFolder(join(loose, 'budget'))).toThrow(UnsafeStateError);
    const link = join(temp.path, 'link');
    symlinkSync(loose, link);
    expect(() => makeStateFolder(join(link, 'budget'))).toThrow(UnsafeStateError);
    expect(readdirSync(loose)).toEqual([]);
  });

  it.skipIf(!isRoot)('is refused when it belongs to another user', () => {
    const { dir } = setUp();
    chownSync(dir, 65534, 65534);
    expect(() => checkStateFolder(dir)).toThrow(
      `wfd does not use ${dir}: it belongs to another user (uid 65534)`,
    );
  });

  it('is checked before each read and write: a folder loosened since is no longer used', async () => {
    const { dir } = setUp();
    const file = join(dir, 'state.json');
    await writeStateFile(file, '{}');
    chmodSync(dir, 0o777);
    expect(() => readStateFile(file)).toThrow(UnsafeStateError);
    await expect(writeStateFile(file, '{"new":1}')).rejects.toThrow(UnsafeStateError);
    expect(readFileSync(file, 'utf8')).toBe('{}');
  });
});

describe('reading', () => {
  it('reads the text, or undefined when there is no file', () => {
    const { dir } = setUp();
    writeFileSync(join(dir, 'a.json'), '{"a":1}');
    expect(readStateFile(join(dir, 'a.json'))).toBe('{"a":1}');
    expect(readStateFile(join(dir, 'none.json'))).toBeUndefined();
  });

  it('does not follow a link planted at the file', () => {
    const { dir, victim } = setUp();
    const file = join(dir, 'a.json');
    symlinkSync(victim, file);
    expect(() => readStateFile(file)).toThrow(
      `wfd does not use ${file}: it is a symbolic link, which wfd does not follow`,
    );
    // Nor to write in place.
    expect(() => openStateFile(file, 'r+')).toThrow(UnsafeStateError);
    expect(() => openStateFile(file, 'wx')).toThrow(/EEXIST/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it.skipIf(!isRoot)('does not read a file another user put there', () => {
    const { dir } = setUp();
    const file = join(dir, 'a.json');
    writeFileSync(file, '{"pausedUntil":1e15}');
    chownSync(file, 65534, 65534);
    expect(() => readStateFile(file)).toThrow(
      `wfd does not use ${file}: it belongs to another user (uid 65534)`,
    );
  });
});

describe('writing', () => {
  it('replaces the file whole, 0600, and leaves nothing else in the folder', async () => {
    const { dir } = setUp();
    const file = join(dir, 'config.json');
    await writeStateFile(file, 'one');
    await writeStateFile(file, 'two');
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('replaces a link planted at the file with a file; the link’s target is untouched', async () => {
    const { dir, victim } = setUp();
    const file = join(dir, 'config.json');
    symlinkSync(victim, file);
    await writeStateFile(file, 'mine');
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(readStateFile(file)).toBe('mine');
  });

  it('never writes through links planted at temporary names of the old pattern (<file>.<pid>.tmp)', async () => {
    const { dir, victim } = setUp();
    const file = join(dir, 'config.json');
    for (const name of [`${file}.${process.pid}.tmp`, join(dir, `.config.json.${process.pid}.tmp`)])
      symlinkSync(victim, name);
    await writeStateFile(file, 'mine');
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(readFileSync(file, 'utf8')).toBe('mine');
  });

  it('removes its temporary file when the rename fails', async () => {
    const { dir } = setUp();
    const file = join(dir, 'config.json');
    // A folder that is not empty: no rename can replace it.
    mkdirSync(file);
    writeFileSync(join(file, 'keep'), '');
    await expect(writeStateFile(file, 'x')).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['config.json']);
  });
});

describe.skipIf(!canMountSmallDisk)('on a full disk or a read-only folder', () => {
  let disk: SmallDisk | undefined;
  afterEach(() => {
    disk?.remove();
    disk = undefined;
  });

  it('fails, keeps the old file, and leaves no temporary file', async () => {
    disk = mountSmallDisk()!;
    const file = join(disk.path, 'config.json');
    await writeStateFile(file, 'old');
    disk.fill();
    await expect(writeStateFile(file, 'x'.repeat(32 * 1024))).rejects.toThrow(/ENOSPC/);
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(disk.path).sort()).toEqual(['config.json', 'filler']);
  });

  it('fails on a read-only folder and leaves nothing', async () => {
    disk = mountSmallDisk()!;
    const file = join(disk.path, 'config.json');
    await writeStateFile(file, 'old');
    disk.readOnly();
    await expect(writeStateFile(file, 'new')).rejects.toThrow(/EROFS/);
    expect(readdirSync(disk.path)).toEqual(['config.json']);
    expect(readStateFile(file)).toBe('old');
  });
});
