/**
 * bin/code-cache.js on a bundle of its own: an entry that requires a separate part (as dist/wfd.cjs
 * requires dist/sandbox.cjs), run in a child Node as bin/wfd.js runs it.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const LOADER = resolve('bin/code-cache.js');
let dir: string;
let dist: string;
let cacheDir: string;

const ENTRY =
  'var part=require("./part.cjs");exports.run=()=>part.hello()+" "+require("node:path").basename(__filename);';
const PART = 'module.exports={hello:()=>"hello from part",fail(){throw new Error("part failed")}};';
const OUTPUT = 'hello from part wfd.cjs\n';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wfd-code-cache-'));
  dist = join(dir, 'dist');
  cacheDir = join(dir, 'cache');
  mkdirSync(dist);
  writeFileSync(join(dist, 'wfd.cjs'), ENTRY);
  writeFileSync(join(dist, 'part.cjs'), PART);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs the bundle's `run()` in a child Node; `script` replaces what it does with the exports,
 * `before` runs first (in the child: it knows its own pid).
 */
function run(env: Record<string, string> = {}, script = 'console.log(program.run())', before = '') {
  const driver = `${before}\nconst program = require(${JSON.stringify(LOADER)}).requireWithCodeCache(${JSON.stringify(
    join(dist, 'wfd.cjs'),
  )}, ${JSON.stringify(cacheDir)}, process.env, process.env.COMMAND ?? 'cases get'); ${script}`;
  writeFileSync(join(dir, 'driver.cjs'), driver);
  const result = spawnSync(process.execPath, [join(dir, 'driver.cjs')], {
    env: { PATH: process.env.PATH, NODE_DEBUG_NATIVE: 'COMPILE_CACHE', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const verdicts = (stderr: string) =>
  [...stderr.matchAll(/cache for \S+\/(\S+) was (\w+)/g)].map(([, file, verdict]) => `${file} ${verdict}`);
const ACCEPTED = ['wfd.cjs accepted', 'part.cjs accepted'];

/** The folder of this Node's caches (made by a first run). */
function folder(): string {
  const names = readdirSync(join(cacheDir, 'compile-cache'));
  expect(names).toHaveLength(1);
  return join(cacheDir, 'compile-cache', names[0]!);
}

describe('the code cache (bin/code-cache.js)', () => {
  it("runs the bundle as Node would, writes each file's cache at exit, and V8 accepts it next time", () => {
    const first = run();
    expect(first.stdout).toBe(OUTPUT);
    expect(verdicts(first.stderr)).toEqual(['wfd.cjs missing', 'part.cjs missing']);
    expect(folder()).toMatch(new RegExp(`/wfd-${process.version}-${process.arch}-[0-9a-f]{8}$`));
    expect(readdirSync(folder()).sort()).toEqual(['part.cjs', 'wfd.cjs']);
    // Every folder is the user's alone.
    for (const made of [cacheDir, join(cacheDir, 'compile-cache'), folder()]) {
      expect(statSync(made).mode & 0o077).toBe(0);
    }

    const second = run();
    expect(second.stdout).toBe(OUTPUT);
    expect(verdicts(second.stderr)).toEqual(ACCEPTED);
    expect(second.stderr).not.toMatch(/wrote/);
  });

  it("takes in each new command's code once: the cache is written again for a command it was not made with", () => {
    run({ COMMAND: 'cases --help' });
    const list = run({ COMMAND: 'cases list' });
    expect(verdicts(list.stderr)).toEqual(ACCEPTED);
    expect(list.stderr).toMatch(/wrote \S+\/wfd\.cjs/);
    for (const command of ['cases list', 'cases --help']) {
      const again = run({ COMMAND: command });
      expect(verdicts(again.stderr)).toEqual(ACCEPTED);
      expect(again.stderr).not.toMatch(/wrote/);
    }
  });

  it('keeps line numbers: a stack trace points at the file and line that threw', () => {
    writeFileSync(join(dist, 'part.cjs'), 'module.exports={hello(){\nthrow new Error("part failed")}};');
    const result = run({}, 'try { program.run() } catch (e) { console.log(e.stack.split("\\n")[1]) }');
    expect(result.stdout).toMatch(/part\.cjs:2:7\)?$/m);
  });

  it('random bytes anywhere in a cache file: the same output, the file dropped and written again', () => {
    run();
    const files = readdirSync(folder()).map((name) => join(folder(), name));
    const original = new Map(files.map((file) => [file, readFileSync(file)]));
    for (let trial = 0; trial < 40; trial++) {
      for (const [file, bytes] of original) {
        const damaged = Buffer.from(bytes);
        // Trial 0 and 1: the header's bytes; then anywhere, some 16 bytes, some one; each changed.
        const count = trial % 2 ? 1 : 16;
        const at = trial < 2 ? trial * 20 : Math.floor(Math.random() * (damaged.length - count));
        const noise = randomBytes(count);
        for (let i = 0; i < count; i++) damaged[at + i]! ^= noise[i]! | 1;
        writeFileSync(file, damaged);
      }
      const result = run();
      expect([result.status, result.stdout]).toEqual([0, OUTPUT]);
      expect(verdicts(result.stderr)).toContain('wfd.cjs damaged');
      expect(result.stderr).toMatch(/wrote \S+\/wfd\.cjs/);
      expect(verdicts(run().stderr), `trial ${trial}`).toEqual(ACCEPTED);
    }
    // 80 starts of node: seconds on a quiet machine, a minute on a loaded one.
  }, 120_000);

  it('any one byte of the header or the list of commands changed: the file is found damaged, never given to V8', () => {
    run();
    const file = join(folder(), 'wfd.cjs');
    const original = readFileSync(file);
    // MAGIC (17 bytes), four 32-bit numbers, then the list of commands ('cases get').
    const checked = 17 + 16 + 'cases get'.length;
    for (let at = 0; at < checked; at++) {
      const damaged = Buffer.from(original);
      damaged[at]! ^= 0x01;
      writeFileSync(file, damaged);
      const result = run();
      expect([result.status, result.stdout]).toEqual([0, OUTPUT]);
      expect(verdicts(result.stderr), `byte ${at}`).toEqual(['wfd.cjs damaged', 'part.cjs accepted']);
    }
    // Some 40 starts of node.
  }, 120_000);

  it('a cache file cut short or emptied: the same output, written again', () => {
    run();
    writeFileSync(join(folder(), 'wfd.cjs'), readFileSync(join(folder(), 'wfd.cjs')).subarray(0, 40));
    writeFileSync(join(folder(), 'part.cjs'), '');
    const result = run();
    expect(result.stdout).toBe(OUTPUT);
    expect(verdicts(result.stderr)).toEqual(['wfd.cjs damaged', 'part.cjs damaged']);
    expect(verdicts(run().stderr)).toEqual(ACCEPTED);
  });

  it('a same-length edit of a bundle file runs the new code, and its cache is made again', () => {
    run();
    writeFileSync(join(dist, 'part.cjs'), PART.replace('hello from part', 'HELLO FROM PART'));
    const edited = run();
    expect(edited.stdout).toBe('HELLO FROM PART wfd.cjs\n');
    expect(verdicts(edited.stderr)).toEqual(['wfd.cjs accepted', 'part.cjs damaged']);
    const again = run();
    expect(again.stdout).toBe('HELLO FROM PART wfd.cjs\n');
    expect(verdicts(again.stderr)).toEqual(ACCEPTED);
  });

  it('links planted at the names a writer would use: their targets are untouched', () => {
    run();
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'the victim file');
    chmodSync(victim, 0o600);
    const target = folder();
    // The final names (a cache's own, read and then replaced), and the temporary names a writer
    // could predict: `<name>.<pid>.tmp`, as the cache before this one wrote, planted by the
    // process itself before it loads anything.
    for (const name of readdirSync(target)) {
      rmSync(join(target, name));
      symlinkSync(victim, join(target, name));
    }
    const plant = `for (const name of ['wfd.cjs', 'part.cjs']) require('node:fs').symlinkSync(${JSON.stringify(
      victim,
    )}, require('node:path').join(${JSON.stringify(target)}, name + '.' + process.pid + '.tmp'));`;
    const result = run({}, undefined, plant);
    expect(result.stdout).toBe(OUTPUT);
    expect(verdicts(result.stderr)).toEqual(['wfd.cjs missing', 'part.cjs missing']);
    expect(readFileSync(victim, 'utf8')).toBe('the victim file');
    // The links at the final names were replaced by files of the cache, not written through.
    expect(lstatSync(join(target, 'wfd.cjs')).isFile()).toBe(true);
    expect(verdicts(run().stderr)).toEqual(ACCEPTED);
    expect(readFileSync(victim, 'utf8')).toBe('the victim file');
  });

  it('a cache folder that is a link is neither read nor written', () => {
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    mkdirSync(join(cacheDir, 'compile-cache'), { recursive: true, mode: 0o700 });
    run({}, 'console.log(program.run())', '');
    const name = readdirSync(join(cacheDir, 'compile-cache'))[0]!;
    rmSync(join(cacheDir, 'compile-cache', name), { recursive: true });
    symlinkSync(elsewhere, join(cacheDir, 'compile-cache', name));
    const result = run();
    expect(result.stdout).toBe(OUTPUT);
    expect(result.stderr).toMatch(/not written: the folder is not safe/);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it.each([
    ['the wfd cache folder', () => cacheDir],
    ['the compile-cache folder', () => join(cacheDir, 'compile-cache')],
    ["this Node's folder", () => folder()],
  ])('%s writable by group or others: not read, not written', (_name, which) => {
    run();
    for (const mode of [0o770, 0o707]) {
      chmodSync(which(), mode);
      const before = readdirSync(folder()).map((name) => statSync(join(folder(), name)).mtimeMs);
      const result = run();
      expect(result.stdout).toBe(OUTPUT);
      expect(verdicts(result.stderr)).toEqual(['wfd.cjs not', 'part.cjs not']);
      expect(result.stderr).toMatch(/not written: the folder is not safe/);
      expect(readdirSync(folder()).map((name) => statSync(join(folder(), name)).mtimeMs)).toEqual(before);
    }
    chmodSync(which(), 0o700);
    expect(verdicts(run().stderr)).toEqual(ACCEPTED);
  });

  // Only root can give a folder away.
  it.skipIf(process.getuid?.() !== 0)("a folder of another user's is not used", () => {
    run();
    const owner = statSync(folder()).uid;
    chownSync(folder(), owner + 1, owner + 1);
    const result = run();
    expect(result.stdout).toBe(OUTPUT);
    expect(verdicts(result.stderr)).toEqual(['wfd.cjs not', 'part.cjs not']);
    chownSync(folder(), owner, owner);
  });

  it('a full disk: the program runs, and no file is left behind', (context) => {
    mkdirSync(cacheDir, { mode: 0o700 });
    // 4 KiB, not test/support/small-disk.ts's 16: the cache's folders fit, its file does not.
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4k,mode=0700', 'tmpfs', cacheDir]);
    if (mounted.status !== 0) context.skip();
    try {
      // A part whose compiled code cannot fit: 3000 functions, each run.
      const count = 3000;
      const functions = Array.from({ length: count }, (_, i) => `function f${i}(a){return a+${i}}`).join(
        '\n',
      );
      const calls = Array.from({ length: count }, (_, i) => `f${i}(1)`).join('+');
      writeFileSync(
        join(dist, 'part.cjs'),
        `${functions}\nmodule.exports={hello:()=>(${calls})>0?"hello from part":""};`,
      );
      const result = run();
      expect([result.status, result.stdout]).toEqual([0, OUTPUT]);
      expect(result.stderr).toMatch(/not written: ENOSPC/);
      const left = readdirSync(folder());
      expect(left.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      spawnSync('umount', [cacheDir]);
    }
  });

  it('a disk with room for part of a cache file: not written (never "wrote"), nothing left behind', (context) => {
    mkdirSync(cacheDir, { mode: 0o700 });
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16k,mode=0700', 'tmpfs', cacheDir]);
    if (mounted.status !== 0) context.skip();
    try {
      // Three of the four pages taken: the entry's small cache fits, the part's begins and stops.
      writeFileSync(join(cacheDir, 'filler'), Buffer.alloc(8192));
      const count = 3000;
      const functions = Array.from({ length: count }, (_, i) => `function f${i}(a){return a+${i}}`).join(
        '\n',
      );
      const calls = Array.from({ length: count }, (_, i) => `f${i}(1)`).join('+');
      writeFileSync(
        join(dist, 'part.cjs'),
        `${functions}\nmodule.exports={hello:()=>(${calls})>0?"hello from part":""};`,
      );
      const result = run();
      expect([result.status, result.stdout]).toEqual([0, OUTPUT]);
      expect(result.stderr).not.toMatch(/wrote \S+part\.cjs/);
      expect(result.stderr).toMatch(/not written: ENOSPC/);
      expect(readdirSync(folder()).filter((name) => name !== 'wfd.cjs')).toEqual([]);
      expect(verdicts(run().stderr)).toEqual(['wfd.cjs accepted', 'part.cjs missing']);
    } finally {
      spawnSync('umount', [cacheDir]);
    }
  });

  it.each([
    ['a link', (target: string) => symlinkSync(target, cacheDir)],
    ['writable by others', () => mkdirSync(cacheDir, { mode: 0o777 })],
  ])('a cache folder that is %s: no folder is made inside it', (_what, make) => {
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    make(elsewhere);
    chmodSync(cacheDir, lstatSync(cacheDir).isSymbolicLink() ? 0o700 : 0o777);
    const result = run();
    expect(result.stdout).toBe(OUTPUT);
    expect(result.stderr).toMatch(/not written: the folder is not safe/);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it.skipIf(process.getuid?.() === 0)('an unwritable cache folder costs nothing but the cache', () => {
    mkdirSync(cacheDir);
    chmodSync(cacheDir, 0o500);
    const result = run({ NODE_DEBUG_NATIVE: '' });
    expect(result).toEqual({ status: 0, stdout: OUTPUT, stderr: '' });
    chmodSync(cacheDir, 0o700);
  });

  it('a cache folder that is a file costs nothing but the cache', () => {
    writeFileSync(cacheDir, 'not a folder');
    const result = run({ NODE_DEBUG_NATIVE: '' });
    expect(result).toEqual({ status: 0, stdout: OUTPUT, stderr: '' });
    expect(statSync(cacheDir).isFile()).toBe(true);
  });

  it('other V8 flags get a folder of their own, which V8 accepts as well', () => {
    run();
    const flagged = { NODE_OPTIONS: '--max-old-space-size=4096' };
    run(flagged);
    expect(readdirSync(join(cacheDir, 'compile-cache'))).toHaveLength(2);
    expect(verdicts(run(flagged).stderr)).toEqual(ACCEPTED);
    expect(verdicts(run().stderr)).toEqual(ACCEPTED);
  });

  it("folders unused for a day go when a cache is written; Node's own cache folders stay", () => {
    const root = join(cacheDir, 'compile-cache');
    mkdirSync(join(root, 'wfd-v0.0.0-x64-12345678'), { recursive: true, mode: 0o700 });
    mkdirSync(join(root, 'v22.0.0-x64-12345678-0'), { mode: 0o700 });
    const dayAgo = (Date.now() - 25 * 60 * 60 * 1000) / 1000;
    for (const name of readdirSync(root)) utimesSync(join(root, name), dayAgo, dayAgo);
    run();
    expect(readdirSync(root).sort()).toEqual([
      'v22.0.0-x64-12345678-0',
      expect.stringMatching(new RegExp(`^wfd-${process.version}-`)),
    ]);
  });

  it("packages and Node's modules come through Node's require, which bundled code can inspect", () => {
    writeFileSync(
      join(dist, 'part.cjs'),
      'module.exports={hello:()=>[typeof require("node:os").cpus, typeof require.resolve("node:fs"), require.main.filename.endsWith("driver.cjs"), typeof require.cache].join(",")};',
    );
    expect(run().stdout).toBe('function,string,true,object wfd.cjs\n');
  });
});
